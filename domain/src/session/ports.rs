//! The ports for stored sessions and site settings.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::SessionRecord;
use crate::StoreError;

/// Stores sessions (the `sessions` table), shared by every server instance.
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// The session if it exists and has not expired at `now`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn load(
        &self,
        sid: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<SessionRecord>, StoreError>;

    /// Inserts or replaces the session.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn save(&self, record: SessionRecord) -> Result<(), StoreError>;

    /// Moves the expiry of an existing session.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn touch(&self, sid: &str, expire: DateTime<Utc>) -> Result<(), StoreError>;

    /// Deletes the session (sign-out).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete(&self, sid: &str) -> Result<(), StoreError>;

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

    /// Deletes every session expired at `now`; returns how many.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError>;
}

/// Small site-wide values kept in the database (for example the session signing key).
#[async_trait]
pub trait SettingsRepository: Send + Sync {
    /// The stored value, or stores `value` when the key is missing and returns it. Two
    /// instances starting together agree on one value.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn get_or_insert(&self, key: &str, value: &str) -> Result<String, StoreError>;
}
