//! The activity log's store.

use async_trait::async_trait;

use super::{AuditEntry, AuditFilter, NewAuditEntry};
use crate::StoreError;
use crate::paging::Page;
use crate::user::UserId;

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
