//! Password guessing gets nowhere, and nobody can lock anyone else out
//! (`docs/decisions/account-safety.md`).
//!
//! Every failed password check is counted for its **subject** (the account, or for an
//! e-mail or username that has no account a digest of it, so the answers never tell
//! whether an account exists) and its **source**: the client's network (an IPv4 address,
//! an IPv6 /64), or a browser that signed in to this account before (its device cookie).
//! Five failures of one subject from one source within fifteen minutes lock that subject
//! for that source for fifteen minutes; the right password is refused then too (it would
//! tell the guesser they found it). Other networks are not stopped: once a subject has had
//! more failures in the window than one source may make, each attempt from a network waits
//! a delay after the latest failure that doubles with every further failure, up to a
//! minute. A browser with the account's device cookie waits for no other source.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use super::UserId;
use crate::StoreError;

/// Failures of one subject from one source within [`FAILURE_WINDOW_MINUTES`] that lock it
/// for that source.
pub const MAX_FAILED_SIGN_INS: u32 = 5;
/// The window in which failures count.
pub const FAILURE_WINDOW_MINUTES: i64 = 15;
/// How long a lock lasts.
pub const LOCK_MINUTES: i64 = 15;
/// The longest delay other networks wait after a failure.
pub const MAX_DELAY_SECS: i64 = 60;

/// The window in which failures count, as a duration.
pub fn failure_window() -> Duration {
    Duration::minutes(FAILURE_WINDOW_MINUTES)
}

/// How long a lock lasts, as a duration.
pub fn lock_duration() -> Duration {
    Duration::minutes(LOCK_MINUTES)
}

/// The delay every network waits after the latest failure when the subject has had
/// `total` failures within the window: none up to [`MAX_FAILED_SIGN_INS`] (one source
/// alone is stopped by its lock), then 1, 2, 4 ... seconds, at most [`MAX_DELAY_SECS`].
pub fn delay_after(total: u32) -> Duration {
    if total <= MAX_FAILED_SIGN_INS {
        return Duration::zero();
    }
    let doublings = (total - MAX_FAILED_SIGN_INS - 1).min(6);
    Duration::seconds((1i64 << doublings).min(MAX_DELAY_SECS))
}

/// Seconds from `now` until `until`, at least 1 (for `Retry-After`).
pub fn seconds_until(now: DateTime<Utc>, until: DateTime<Utc>) -> u64 {
    u64::try_from((until - now).num_seconds())
        .unwrap_or(1)
        .max(1)
}

/// A browser's claim that it signed in to an account before: the device cookie, which
/// only the server can make (the web layer checks its seal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceClaim {
    /// The account the browser signed in to.
    pub user: UserId,
    /// The device's random id.
    pub id: String,
}

/// Where a password check comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The client's network (`203.0.113.7`, `2001:db8:1:2::/64`).
    pub network: String,
    pub device: Option<DeviceClaim>,
}

impl Attempt {
    /// From a network, without a device cookie.
    pub fn from_network(network: impl Into<String>) -> Self {
        Self {
            network: network.into(),
            device: None,
        }
    }

    /// The source this attempt counts as for `account`: its device, when the device
    /// cookie was made for that account, else its network.
    pub fn source_for(&self, account: Option<&UserId>) -> Source {
        match (&self.device, account) {
            (Some(device), Some(account)) if &device.user == account => {
                Source::Device(device.id.clone())
            }
            _ => Source::Network(self.network.clone()),
        }
    }
}

/// What failures are counted and locks held by, besides the subject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Network(String),
    Device(String),
}

impl Source {
    /// The stored key (`net:203.0.113.7`, `device:...`), at most 100 characters.
    pub fn key(&self) -> String {
        let key = match self {
            Source::Network(n) => format!("net:{n}"),
            Source::Device(d) => format!("device:{d}"),
        };
        key.chars().take(100).collect()
    }
}

/// How many failures one record found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FailureCount {
    /// Of the subject from this source within the window (this one included).
    pub from_source: u32,
    /// Of the subject from every source within the window (this one included).
    pub total: u32,
}

/// What the store knows about a subject and a source now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LockState {
    /// When this source's lock ends, if it is locked now.
    pub locked_until: Option<DateTime<Utc>>,
    /// Failures of the subject from every source within the window.
    pub total: u32,
    /// The latest of those failures.
    pub last_failure_at: Option<DateTime<Utc>>,
}

/// Counts failed password checks and keeps the locks, shared by every instance.
#[async_trait]
pub trait SignInFailures: Send + Sync {
    /// Records one failure of `subject` from `source` at `at`; counts the failures since
    /// `since`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(
        &self,
        subject: &str,
        source: &str,
        at: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<FailureCount, StoreError>;

    /// Locks `subject` for `source` until `until` unless it is already locked at `now`.
    /// Answers `None` when it was locked already, else how many sources the subject is
    /// locked for now (this one included), so the owner is mailed for the first only. The
    /// failures stay: they count towards every network's delay, and they have left the
    /// window by the time the lock ends (it lasts as long as the window).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn lock(
        &self,
        subject: &str,
        source: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<u32>, StoreError>;

    /// The lock of `subject` for `source` at `now`, and its failures since `since`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn state(
        &self,
        subject: &str,
        source: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<LockState, StoreError>;

    /// Forgets the failures and the lock of `subject` for `source` (after the right
    /// password from it).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn clear_source(&self, subject: &str, source: &str) -> Result<(), StoreError>;

    /// Forgets every failure and lock of `subject` (after a password reset).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn clear(&self, subject: &str) -> Result<(), StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_start_past_one_sources_share_and_double_up_to_a_minute() {
        let secs = |n| delay_after(n).num_seconds();
        assert_eq!(secs(0), 0);
        assert_eq!(secs(5), 0);
        assert_eq!(secs(6), 1);
        assert_eq!(secs(7), 2);
        assert_eq!(secs(8), 4);
        assert_eq!(secs(12), 60);
        assert_eq!(secs(1000), 60);
    }

    #[test]
    fn a_device_counts_only_for_its_own_account() {
        let ruth = UserId::new("ruth");
        let attempt = Attempt {
            network: "203.0.113.7".into(),
            device: Some(DeviceClaim {
                user: ruth.clone(),
                id: "d1".into(),
            }),
        };
        assert_eq!(attempt.source_for(Some(&ruth)).key(), "device:d1");
        assert_eq!(
            attempt.source_for(Some(&UserId::new("boaz"))).key(),
            "net:203.0.113.7"
        );
        assert_eq!(attempt.source_for(None).key(), "net:203.0.113.7");
    }
}
