//! Port for storing help-centre messages.

use async_trait::async_trait;

use chrono::{DateTime, Utc};

use super::{HelpMessage, InboxStatus, NewHelpMessage};
use crate::StoreError;
use crate::mail::MailWork;
use crate::paging::Page;
use crate::user::UserId;

/// Stores help messages (the super admin's inbox).
#[async_trait]
pub trait HelpMessageRepository: Send + Sync {
    /// Stores a message and returns it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn create(&self, new: NewHelpMessage) -> Result<HelpMessage, StoreError>;

    /// A page of the open messages (oldest first) or the handled ones (latest handled
    /// first), with how many there are.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn list(
        &self,
        status: InboxStatus,
        limit: u64,
        offset: u64,
    ) -> Result<Page<HelpMessage>, StoreError>;

    /// Marks a message handled (kept as it was when handled already); `None` when missing.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_handled(
        &self,
        id: i64,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<HelpMessage>, StoreError>;

    /// Deletes a message; `false` when missing.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn delete(&self, id: i64) -> Result<bool, StoreError>;

    /// The message, if it exists.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find(&self, id: i64) -> Result<Option<HelpMessage>, StoreError>;
}

/// What the help centre writes: its messages, the mail that answers them, the log.
pub trait HelpWork: MailWork {
    fn help(&self) -> &dyn HelpMessageRepository;
}
