//! The mail ports: recording a message, the super admin's outbox, and the delivery
//! worker's queue and transport.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{ClaimedMail, DeliveryState, OutboxEntry, OutgoingMail, TransportError};
use crate::StoreError;
use crate::audit::AuditWork;

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
    ) -> Result<crate::paging::Page<OutboxEntry>, StoreError>;

    /// Makes a failed message due again with fresh attempts; answers it, `None` when no
    /// failed message has this id (missing, sent, or still being tried).
    async fn retry(&self, id: i64) -> Result<Option<OutboxEntry>, StoreError>;

    /// Whether a message with this id exists.
    async fn exists(&self, id: i64) -> Result<bool, StoreError>;
}

/// The outbox as the delivery worker sees it.
#[async_trait]
pub trait MailQueue: Send + Sync {
    /// Claims up to `limit` unsent messages that are due at `now` (never tried, or their
    /// next try has come, and tries left), oldest first: counts the attempt and holds them
    /// until `lease_until`, in one statement, so no other instance claims them meanwhile.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedMail>, StoreError>;

    /// Marks a claimed message sent at `at`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError>;

    /// Records a failed try: with `retry_at` the message is due again then; without, it
    /// has failed for good (no tries left).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError>;
}

/// Hands a message to the mail server.
#[async_trait]
pub trait MailTransport: Send + Sync {
    /// # Errors
    /// [`TransportError::Refused`] when trying again is pointless (a bad address, a 5xx
    /// answer), [`TransportError::Unavailable`] when it may work later.
    async fn send(&self, mail: &OutgoingMail) -> Result<(), TransportError>;
}

/// The part of a unit of work that records mail: the delivery worker sees it once the
/// work commits. Retrying a message from the outbox is logged, hence the activity log.
pub trait MailWork: AuditWork {
    fn mailer(&self) -> &dyn Mailer;
    fn outbox(&self) -> &dyn MailOutbox;
}
