//! Outgoing mail as a port: SMTP when configured, else an outbox table.

use async_trait::async_trait;

use crate::StoreError;

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
