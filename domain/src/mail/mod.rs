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

/// Reading the outbox.
#[async_trait]
pub trait MailOutbox: Send + Sync {
    /// The newest `limit` messages, newest first.
    async fn recent(&self, limit: u64) -> Result<Vec<OutboxEntry>, StoreError>;
}

#[derive(Debug, thiserror::Error)]
pub enum MailOutboxError {
    #[error(transparent)]
    Refused(#[from] Refusal),
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
        limit: Option<u64>,
    ) -> Result<Vec<OutboxEntry>, MailOutboxError> {
        caller.require(Ability::ReadHelpInbox)?;
        let limit = limit.unwrap_or(50).clamp(1, OUTBOX_PAGE_MAX);
        let mut entries = self.outbox.recent(limit).await?;
        for entry in &mut entries {
            entry.body = hide_one_time_links(&entry.body);
        }
        Ok(entries)
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
