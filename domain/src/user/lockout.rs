//! Password guessing gets nowhere: besides the per-address rate limit, failed sign-ins are
//! counted per account, and five within fifteen minutes lock that account's sign-in for
//! fifteen minutes, whatever address the guesses come from. The owner is mailed once per
//! lock. A correct password during the lock is refused too (it would otherwise tell the
//! guesser they found it).

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use super::UserId;
use crate::StoreError;

/// Failures within [`FAILURE_WINDOW_MINUTES`] that lock the account.
pub const MAX_FAILED_SIGN_INS: u32 = 5;
/// The window in which failures count.
pub const FAILURE_WINDOW_MINUTES: i64 = 15;
/// How long a lock lasts.
pub const LOCK_MINUTES: i64 = 15;

/// The window in which failures count, as a duration.
pub fn failure_window() -> Duration {
    Duration::minutes(FAILURE_WINDOW_MINUTES)
}

/// How long a lock lasts, as a duration.
pub fn lock_duration() -> Duration {
    Duration::minutes(LOCK_MINUTES)
}

/// Seconds from `now` until `until`, at least 1 (for `Retry-After`).
pub fn seconds_until(now: DateTime<Utc>, until: DateTime<Utc>) -> u64 {
    u64::try_from((until - now).num_seconds())
        .unwrap_or(1)
        .max(1)
}

/// Counts failed sign-ins per account and keeps the locks, shared by every instance.
#[async_trait]
pub trait SignInFailures: Send + Sync {
    /// Records one failed sign-in of `user` at `at` and answers how many failures the
    /// account has had since `since` (this one included).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(
        &self,
        user: &UserId,
        at: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<u32, StoreError>;

    /// Locks the account until `until` unless it is already locked at `now`; answers
    /// whether this call set the lock (so exactly one caller mails the owner). Clears the
    /// counted failures, so counting starts afresh after the lock.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn lock(
        &self,
        user: &UserId,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;

    /// When the account's lock ends, if it is locked at `now`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn locked_until(
        &self,
        user: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<DateTime<Utc>>, StoreError>;

    /// Forgets the account's failures and lock (after a successful sign-in or a reset).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn clear(&self, user: &UserId) -> Result<(), StoreError>;
}
