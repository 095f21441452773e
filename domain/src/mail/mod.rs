//! Outgoing mail as a port: every message is recorded in an outbox; when SMTP is
//! configured a delivery worker sends what the outbox holds, retrying with backoff.

pub mod delivery;
pub mod ports;
pub mod service;

use chrono::{DateTime, Utc};

pub use delivery::{ClaimedMail, MailDelivery, RefusedSubscriberMail, TransportError};
pub use ports::{MailOutbox, MailQueue, MailTransport, MailWork, Mailer};
pub use service::{MailOutboxError, MailPorts, MailService, OUTBOX_PAGE_MAX};

/// One message. Account mail (verification, password reset, approval, reminders) is text
/// only, without `html` or `unsubscribe`: only mail somebody subscribed to carries an
/// unsubscribe link, so the headers that offer one never appear on mail about an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: String,
    pub subject: String,
    /// The plain-text part.
    pub body: String,
    /// An HTML part beside the text (a digest with its pictures), if any.
    pub html: Option<String>,
    /// The one-click unsubscribe address (RFC 8058) of mail sent to subscribers: the
    /// transport adds `List-Unsubscribe` and `List-Unsubscribe-Post` for it.
    pub unsubscribe: Option<String>,
}

/// How many times the delivery worker tries one message before it gives up.
pub const MAX_DELIVERY_ATTEMPTS: u32 = 5;

/// How long a delivery worker holds a claimed message before another may take it over
/// (a worker that died mid-send).
pub const DELIVERY_LEASE_SECONDS: i64 = 120;

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

/// How the site names itself in mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteIdentity {
    pub name: String,
    pub public_url: String,
}
