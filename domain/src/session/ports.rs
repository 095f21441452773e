//! The domain's port for a person's signed-in sessions.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::SessionRecord;
use crate::StoreError;
use crate::work::Commit;

/// A person's signed-in sessions, as the account services see them: listed on the
/// Security tab, ended one by one, or all but the current one (password change, reset,
/// suspension). Storing and loading session state is the web server's business
/// (`adapters::SeaOrmSessionRepository`), not the domain's.
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// The sessions of `user_id` that have not expired at `now`, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_for_user(
        &self,
        user_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<SessionRecord>, StoreError>;

    /// Deletes every session of `user_id` except the one with handle `keep`; answers how
    /// many.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_for_user(&self, user_id: &str, keep: Option<&str>) -> Result<u64, StoreError>;

    /// Deletes the session of `user_id` with this handle; `false` when there is none.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_by_handle(&self, user_id: &str, handle: &str) -> Result<bool, StoreError>;
}

/// The part of a unit of work that ends sessions, in the same work as the password
/// change, reset, suspension or departure that ends them.
pub trait SessionWork: Commit {
    fn sessions(&self) -> &dyn SessionRepository;
}
