//! The super admin's reading of the activity log, page by page.

use std::sync::Arc;

use super::ports::AuditLog;
use super::{AuditEntry, AuditFilter};
use crate::StoreError;
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller, Refusal};

#[derive(Debug, thiserror::Error)]
pub enum AuditLogError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The most entries one page of the log shows.
pub const AUDIT_PAGE_MAX: u64 = 200;
/// The activity log's pages: newest first, 50 unless asked.
pub const AUDIT_PAGES: PageBounds = PageBounds {
    default_limit: 50,
    max_limit: AUDIT_PAGE_MAX,
    max_offset: 1_000_000_000,
};

/// The super admin's view of the activity log.
#[derive(Clone)]
pub struct AuditService {
    log: Arc<dyn AuditLog>,
}

impl AuditService {
    pub fn new(log: Arc<dyn AuditLog>) -> Self {
        Self { log }
    }

    /// A page of the log, newest first.
    ///
    /// # Errors
    /// Refusal, a page out of range, the store's error.
    pub async fn page(
        &self,
        caller: &Caller,
        filter: &AuditFilter,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<AuditEntry>, AuditLogError> {
        caller.require(Ability::ReadActivityLog)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, AUDIT_PAGES)?;
        Ok(self.log.page(filter, limit, offset).await?)
    }
}
