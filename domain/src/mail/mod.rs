//! Outgoing mail as a port: every message is recorded in an outbox; when SMTP is
//! configured a delivery worker sends what the outbox holds, retrying with backoff.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// Sends (or records) mail.
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Sends or records the message.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the mail server cannot be reached, else
    /// [`StoreError::Unknown`].
    async fn send(&self, mail: OutgoingMail) -> Result<(), StoreError>;
}

/// How many times the delivery worker tries one message before it gives up.
pub const MAX_DELIVERY_ATTEMPTS: u32 = 5;

/// How long a delivery worker holds a claimed message before another may take it over
/// (a worker that died mid-send).
pub const DELIVERY_LEASE_SECONDS: i64 = 120;

/// The wait before the next try after `attempts` failed ones: one minute, doubling, at
/// most an hour.
pub fn retry_delay(attempts: u32) -> Duration {
    let exponent = attempts.saturating_sub(1).min(6);
    Duration::minutes((1_i64 << exponent).min(60))
}

/// Where a recorded message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryState {
    /// Handed to the SMTP server.
    Sent,
    /// Waiting in the outbox (for the worker, or for good when SMTP is not configured).
    Pending,
    /// The worker tried [`MAX_DELIVERY_ATTEMPTS`] times and gave up.
    Failed,
}

/// One message of the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub id: i64,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub attempts: u32,
    /// The SMTP server's answer to the last failed try.
    pub last_error: Option<String>,
}

impl OutboxEntry {
    pub fn state(&self) -> DeliveryState {
        if self.sent_at.is_some() {
            DeliveryState::Sent
        } else if self.attempts >= MAX_DELIVERY_ATTEMPTS {
            DeliveryState::Failed
        } else {
            DeliveryState::Pending
        }
    }
}

/// Reading the outbox, and giving a failed message another try.
#[async_trait]
pub trait MailOutbox: Send + Sync {
    /// A page of the messages (those in `state` only, when given), newest first, with how
    /// many there are.
    async fn page(
        &self,
        state: Option<DeliveryState>,
        limit: u64,
        offset: u64,
    ) -> Result<crate::story::Page<OutboxEntry>, StoreError>;

    /// Makes a failed message due again with fresh attempts; answers it, `None` when no
    /// failed message has this id (missing, sent, or still being tried).
    async fn retry(&self, id: i64) -> Result<Option<OutboxEntry>, StoreError>;

    /// Whether a message with this id exists.
    async fn exists(&self, id: i64) -> Result<bool, StoreError>;
}

#[derive(Debug, thiserror::Error)]
pub enum MailOutboxError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Message not found")]
    NotFound,
    #[error("Only a message that failed can be sent again")]
    NotFailed,
    #[error("limit must be between 1 and {OUTBOX_PAGE_MAX}, and offset at most 1,000,000")]
    InvalidPage,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The most messages one outbox listing returns.
pub const OUTBOX_PAGE_MAX: u64 = 200;

/// The super admin's view of outgoing mail.
#[derive(Clone)]
pub struct MailService {
    outbox: Arc<dyn MailOutbox>,
}

impl MailService {
    pub fn new(outbox: Arc<dyn MailOutbox>) -> Self {
        Self { outbox }
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
    ) -> Result<crate::story::Page<OutboxEntry>, MailOutboxError> {
        caller.require(Ability::ReadHelpInbox)?;
        let limit = limit.unwrap_or(50);
        let offset = offset.unwrap_or(0);
        if !(1..=OUTBOX_PAGE_MAX).contains(&limit) || offset > 1_000_000 {
            return Err(MailOutboxError::InvalidPage);
        }
        let mut page = self.outbox.page(state, limit, offset).await?;
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
        caller.require(Ability::ReadHelpInbox)?;
        match self.outbox.retry(id).await? {
            Some(mut entry) => {
                entry.body = hide_one_time_links(&entry.body);
                Ok(entry)
            }
            None if self.outbox.exists(id).await? => Err(MailOutboxError::NotFailed),
            None => Err(MailOutboxError::NotFound),
        }
    }
}

/// What an administrator sees instead of a live one-time link.
pub const HIDDEN_LINK: &str = "[link hidden]";

/// `body` with every verification and password-reset link replaced by [`HIDDEN_LINK`]:
/// whoever reads the outbox must not be able to take over the account it was sent to.
pub fn hide_one_time_links(body: &str) -> String {
    use crate::user::tokens::TokenPurpose;
    let markers = [TokenPurpose::VerifyEmail, TokenPurpose::PasswordReset]
        .map(|p| format!("{}?token=", p.path()));
    body.split_inclusive(char::is_whitespace)
        .map(|word| {
            let trimmed = word.trim_end();
            if markers.iter().any(|m| trimmed.contains(m.as_str())) {
                format!("{HIDDEN_LINK}{}", &word[trimmed.len()..])
            } else {
                word.to_owned()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
