//! The super admin's view of outgoing mail: the outbox, and another try for a failed message.

use crate::paging::{InvalidPage, PageBounds, PageRequest};
use std::sync::Arc;

use super::{DeliveryState, MailOutbox, OutboxEntry, hide_one_time_links};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};

#[derive(Debug, thiserror::Error)]
pub enum MailOutboxError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Message not found")]
    NotFound,
    #[error("Only a message that failed can be sent again")]
    NotFailed,
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The most messages one outbox listing returns.
pub const OUTBOX_PAGE_MAX: u64 = 200;
/// The outbox's pages: newest first, 50 unless asked.
pub const OUTBOX_PAGES: PageBounds = PageBounds {
    default_limit: 50,
    max_limit: OUTBOX_PAGE_MAX,
    max_offset: 1_000_000,
};

/// What the outbox's view needs.
#[derive(Clone)]
pub struct MailPorts {
    pub outbox: Arc<dyn MailOutbox>,
    /// A retry runs with its activity-log entry in one.
    pub work: Arc<dyn crate::work::UnitOfWork<dyn super::MailWork>>,
    pub clock: Arc<dyn crate::clock::Clock>,
}

/// The super admin's view of outgoing mail.
#[derive(Clone)]
pub struct MailService {
    p: MailPorts,
}

impl MailService {
    pub fn new(ports: MailPorts) -> Self {
        Self { p: ports }
    }

    /// The newest messages (at most [`OUTBOX_PAGE_MAX`], default 50), for whoever may
    /// read the help inbox.
    ///
    /// # Errors
    /// Refusal unless the caller may read the inbox; the store's error.
    pub async fn outbox(
        &self,
        caller: &Caller,
        state: Option<DeliveryState>,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<crate::paging::Page<OutboxEntry>, MailOutboxError> {
        caller.require(Ability::ReadHelpInbox)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, OUTBOX_PAGES)?;
        let mut page = self.p.outbox.page(state, limit, offset).await?;
        for entry in &mut page.items {
            entry.body = hide_one_time_links(&entry.body);
        }
        Ok(page)
    }

    /// Gives a failed message a fresh set of tries (super admin), for example after the
    /// mail server's settings were fixed.
    ///
    /// # Errors
    /// Refusal; [`MailOutboxError::NotFound`]; [`MailOutboxError::NotFailed`] for a message
    /// that was sent or is still being tried.
    pub async fn retry(&self, caller: &Caller, id: i64) -> Result<OutboxEntry, MailOutboxError> {
        let me = caller.require(Ability::ReadHelpInbox)?;
        let work = self.p.work.begin().await?;
        match work.outbox().retry(id).await? {
            Some(mut entry) => {
                let log = crate::audit::NewAuditEntry::by(
                    me,
                    crate::audit::AuditAction::MailRetried,
                    id,
                    Some(&entry.subject),
                    self.p.clock.now(),
                );
                crate::audit::log_and_commit(work, log).await?;
                entry.body = hide_one_time_links(&entry.body);
                Ok(entry)
            }
            None if self.p.outbox.exists(id).await? => Err(MailOutboxError::NotFailed),
            None => Err(MailOutboxError::NotFound),
        }
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
