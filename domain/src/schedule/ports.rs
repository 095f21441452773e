//! Port for storing schedule items and claiming their reminders.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{NewSchedule, Schedule, ScheduleId};
use crate::StoreError;
use crate::user::UserId;

/// Stores contributors' schedule items.
#[async_trait]
pub trait ScheduleRepository: Send + Sync {
    /// Every item of one contributor, earliest due date first (ties by id).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn list_for_contributor(&self, contributor: &UserId)
    -> Result<Vec<Schedule>, StoreError>;

    /// The item with this id, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find(&self, id: ScheduleId) -> Result<Option<Schedule>, StoreError>;

    /// Stores a new item, not completed and not yet reminded.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`]
    /// (also when the contributor does not exist: the foreign key refuses it).
    async fn create(&self, new: NewSchedule) -> Result<Schedule, StoreError>;

    /// Sets whether the item is completed; `None` when it does not exist.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn set_completed(
        &self,
        id: ScheduleId,
        completed: bool,
    ) -> Result<Option<Schedule>, StoreError>;

    /// Deletes the item; `false` when it did not exist.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn delete(&self, id: ScheduleId) -> Result<bool, StoreError>;

    /// Claims up to `limit` items that are not completed, not yet reminded and due between
    /// `from` and `until` (both included), earliest due first, and marks them reminded.
    ///
    /// The claim must be atomic across server instances: two concurrent calls never
    /// return the same item (one statement; `FOR UPDATE SKIP LOCKED` where the engine
    /// has it).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim_due_reminders(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Schedule>, StoreError>;

    /// Gives a claimed item back (marks it not reminded) when its reminder could not be
    /// sent, so a later round tries again. Nothing happens for a missing item.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn release_reminder(&self, id: ScheduleId) -> Result<(), StoreError>;
}
