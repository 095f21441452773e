//! The activity log's store.

use async_trait::async_trait;

use super::{AuditEntry, AuditFilter, NewAuditEntry};
use crate::StoreError;
use crate::paging::Page;
use crate::user::UserId;
use crate::work::Commit;

/// Appends and reads the activity log. There is no way to change or remove an entry
/// through the API; only a person's leaving takes their name out of it.
#[async_trait]
pub trait AuditLog: Send + Sync {
    /// Appends entries (one statement whatever their number).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(&self, entries: &[NewAuditEntry]) -> Result<(), StoreError>;

    /// A person leaves: the entries they made name them `shown_as`, and those about them
    /// lose their label (the log keeps what was done, not who they were).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn forget_person(&self, person: &UserId, shown_as: &str) -> Result<(), StoreError>;

    /// Entries matching the filter, newest first, and their total.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn page(
        &self,
        filter: &AuditFilter,
        limit: u64,
        offset: u64,
    ) -> Result<Page<AuditEntry>, StoreError>;
}

/// The part of a unit of work that appends to the activity log (every moderation and
/// people action ends with an entry).
pub trait AuditWork: Commit {
    fn audit(&self) -> &dyn AuditLog;
}

/// Appends one activity-log entry and commits: the common last two steps of an action.
///
/// # Errors
/// The store's error; then nothing of the work remains.
pub async fn log_and_commit(
    work: Box<dyn AuditWork>,
    entry: NewAuditEntry,
) -> Result<(), StoreError> {
    work.audit().record(std::slice::from_ref(&entry)).await?;
    work.commit().await
}
