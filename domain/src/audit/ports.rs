//! The activity log's store.

use async_trait::async_trait;

use super::{AuditEntry, AuditFilter, NewAuditEntry};
use crate::StoreError;
use crate::paging::Page;

/// Appends and reads the activity log. There is no way to change or remove an entry.
#[async_trait]
pub trait AuditLog: Send + Sync {
    /// Appends entries (one statement whatever their number).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(&self, entries: &[NewAuditEntry]) -> Result<(), StoreError>;

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
