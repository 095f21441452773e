//! Help-centre use cases: anyone writes to the administrator; the super admin reads the inbox.

use crate::paging::{InvalidPage, PageBounds, PageRequest};
use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::HelpWork;
use super::{HelpCategory, HelpMessage, HelpMessageRepository, InboxStatus, NewHelpMessage};
use crate::StoreError;
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::mail::{Mailer, OutgoingMail};
use crate::paging::Page;
use crate::permissions::{Ability, Caller, Refusal};
use crate::validation::{Email, FieldErrors, HelpMessageBody, HelpSubject, messages};
use crate::work::UnitOfWork;

/// The answer to a category that is not one of the six.
pub const UNKNOWN_CATEGORY: &str =
    "Category must be one of general, technical, content, account, feature, bug";

/// A help form as submitted. Who sent it comes from the session, never from the form.
#[derive(Debug, Clone, Default)]
pub struct HelpForm {
    pub contact_email: String,
    pub subject: String,
    pub message: String,
    /// `None` or blank for general.
    pub category: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SendHelpError {
    /// A required field is blank; the list names every refused field.
    #[error("{}", messages::REQUIRED_FIELDS)]
    Incomplete(FieldErrors),
    /// Every field is filled in but one is not acceptable.
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum HelpInboxError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Help message not found")]
    NotFound,
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How many messages one inbox page holds when the caller does not say.
pub const INBOX_PAGE_DEFAULT: u64 = 20;
/// The most messages one inbox page may hold.
pub const INBOX_PAGE_MAX: u64 = 100;
/// The furthest a page may start.
pub const INBOX_PAGES: PageBounds = PageBounds {
    default_limit: INBOX_PAGE_DEFAULT,
    max_limit: INBOX_PAGE_MAX,
    max_offset: 1_000_000,
};

/// What the help centre needs.
#[derive(Clone)]
pub struct HelpPorts {
    pub messages: Arc<dyn HelpMessageRepository>,
    pub mailer: Arc<dyn Mailer>,
    /// Handling and deleting run with their activity-log entry in one.
    pub work: Arc<dyn UnitOfWork<dyn HelpWork>>,
    /// The address told about every new message.
    pub support_email: String,
}

/// Help-centre use cases on top of the ports.
#[derive(Clone)]
pub struct HelpService {
    p: HelpPorts,
}

impl HelpService {
    pub fn new(ports: HelpPorts) -> Self {
        Self { p: ports }
    }

    /// Stores a help message from anyone (a signed-in sender is recorded with it) and
    /// tells the support address.
    ///
    /// # Errors
    /// [`SendHelpError::Incomplete`] or [`SendHelpError::Invalid`] for refused fields;
    /// the store's or the mailer's error.
    pub async fn send(
        &self,
        caller: &Caller,
        form: HelpForm,
    ) -> Result<HelpMessage, SendHelpError> {
        let mut errors = FieldErrors::new();
        let email = errors.check("contactEmail", Email::parse(&form.contact_email));
        let category = errors.check("category", parse_category(form.category.as_deref()));
        let subject = errors.check("subject", HelpSubject::parse(&form.subject));
        let message = errors.check("message", HelpMessageBody::parse(&form.message));
        let (Some(email), Some(category), Some(subject), Some(message)) =
            (email, category, subject, message)
        else {
            let blank = [&form.contact_email, &form.subject, &form.message]
                .iter()
                .any(|f| f.trim().is_empty());
            return Err(if blank {
                SendHelpError::Incomplete(errors)
            } else {
                SendHelpError::Invalid(errors)
            });
        };
        let stored = self
            .p
            .messages
            .create(NewHelpMessage {
                subject,
                category,
                message,
                contact_email: email,
                user_id: caller.user_id().cloned(),
            })
            .await?;
        self.p.mailer.send(self.notification(&stored)).await?;
        Ok(stored)
    }

    /// The inbox, newest first (super admin only).
    ///
    /// # Errors
    /// Refusal unless the caller may read the inbox; the store's error.
    pub async fn inbox(
        &self,
        caller: &Caller,
        status: InboxStatus,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<HelpMessage>, HelpInboxError> {
        caller.require(Ability::ReadHelpInbox)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, INBOX_PAGES)?;
        Ok(self.p.messages.list(status, limit, offset).await?)
    }

    /// Marks a message handled by the caller (super admin only).
    ///
    /// # Errors
    /// Refusal, [`HelpInboxError::NotFound`], or the store's error.
    pub async fn mark_handled(
        &self,
        caller: &Caller,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<HelpMessage, HelpInboxError> {
        let me = caller.require(Ability::ReadHelpInbox)?;
        let work = self.p.work.begin().await?;
        let handled = work
            .help()
            .mark_handled(id, &me.id, now)
            .await?
            .ok_or(HelpInboxError::NotFound)?;
        let entry = NewAuditEntry::by(
            me,
            AuditAction::HelpHandled,
            id,
            Some(&handled.subject),
            now,
        );
        log_and_commit(work, entry).await?;
        Ok(handled)
    }

    /// Deletes a message (super admin only).
    ///
    /// # Errors
    /// Refusal, [`HelpInboxError::NotFound`], or the store's error.
    pub async fn delete(
        &self,
        caller: &Caller,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), HelpInboxError> {
        let me = caller.require(Ability::ReadHelpInbox)?;
        let work = self.p.work.begin().await?;
        let message = work
            .help()
            .find(id)
            .await?
            .ok_or(HelpInboxError::NotFound)?;
        if !work.help().delete(id).await? {
            return Err(HelpInboxError::NotFound);
        }
        let entry = NewAuditEntry::by(
            me,
            AuditAction::HelpDeleted,
            id,
            Some(&message.subject),
            now,
        );
        log_and_commit(work, entry).await?;
        Ok(())
    }

    fn notification(&self, m: &HelpMessage) -> OutgoingMail {
        let sender = m
            .user_id
            .as_ref()
            .map_or_else(|| "a visitor".to_owned(), |id| format!("user {id}"));
        OutgoingMail {
            to: self.p.support_email.clone(),
            subject: format!("[Help: {}] {}", m.category.label(), m.subject),
            body: format!(
                "A new help message from {sender}.\n\nCategory: {}\nReply to: {}\nSubject: {}\n\n{}\n",
                m.category.label(),
                m.contact_email,
                m.subject,
                m.message
            ),
            html: None,
            unsubscribe: None,
        }
    }
}

/// A category name; missing or blank means general.
fn parse_category(input: Option<&str>) -> Result<HelpCategory, &'static str> {
    match input.map(str::trim) {
        None | Some("") => Ok(HelpCategory::General),
        Some(name) => name.parse().map_err(|_| UNKNOWN_CATEGORY),
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
