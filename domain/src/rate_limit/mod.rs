//! Rate limits per client address and endpoint group, counted in fixed one-minute windows
//! in a store that every server instance shares, so the limit holds however many
//! instances run behind the load balancer.

pub mod ports;

pub use ports::HitCounter;

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};

use crate::StoreError;

/// The length of one counting window.
pub const WINDOW_SECONDS: i64 = 60;

/// The verdict on one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Over the limit: try again after this many seconds (at least 1).
    Limited {
        retry_after_secs: u64,
    },
}

/// The one-minute window that holds `now`: its start and its end.
pub fn window_of(now: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    window_of_len(now, WINDOW_SECONDS)
}

/// The window of `seconds` that holds `now`: its start and its end.
pub fn window_of_len(now: DateTime<Utc>, seconds: i64) -> (DateTime<Utc>, DateTime<Utc>) {
    let seconds = seconds.max(1);
    let start = now.timestamp().div_euclid(seconds) * seconds;
    let start = Utc.timestamp_opt(start, 0).single().unwrap_or(now);
    (start, start + chrono::Duration::seconds(seconds))
}

/// Counts requests of one group from one client against `limit` per window.
#[derive(Clone)]
pub struct RateLimits {
    counter: Arc<dyn HitCounter>,
    limit: u32,
    window_seconds: i64,
}

impl RateLimits {
    /// `limit_per_window` requests per one-minute window.
    pub fn new(counter: Arc<dyn HitCounter>, limit_per_window: u32) -> Self {
        Self {
            counter,
            limit: limit_per_window,
            window_seconds: WINDOW_SECONDS,
        }
    }

    /// The same limits counted over windows of `seconds` instead of a minute.
    pub fn with_window(mut self, seconds: i64) -> Self {
        self.window_seconds = seconds.max(1);
        self
    }

    /// Counts this request of `group` from `client` at `now`.
    ///
    /// # Errors
    /// The store's error; the caller decides whether to let the request through.
    pub async fn check(
        &self,
        group: &str,
        client: &str,
        now: DateTime<Utc>,
    ) -> Result<Verdict, StoreError> {
        let (start, end) = window_of_len(now, self.window_seconds);
        let bucket = format!("{group}|{client}|{}", start.timestamp());
        let hits = self.counter.hit(&bucket, end).await?;
        if hits > self.limit {
            let left = (end - now).num_seconds();
            Ok(Verdict::Limited {
                retry_after_secs: u64::try_from(left).unwrap_or(1).max(1),
            })
        } else {
            Ok(Verdict::Allowed)
        }
    }

    /// Forgets the windows that are over.
    ///
    /// # Errors
    /// The store's error.
    pub async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        self.counter.purge_expired(now).await
    }
}

/// Single-use values (a sign-in flow's `state`), marked used in the store every server
/// shares: the first use answers `true`, every later one `false`, on any instance.
#[derive(Clone)]
pub struct UsedOnce {
    counter: Arc<dyn HitCounter>,
}

impl UsedOnce {
    pub fn new(counter: Arc<dyn HitCounter>) -> Self {
        Self { counter }
    }

    /// Marks `value` of `kind` used, remembered until `keep_until` (when the value stops
    /// being accepted anyway); `true` when nobody used it before.
    ///
    /// # Errors
    /// The store's error.
    pub async fn first_use(
        &self,
        kind: &str,
        value: &str,
        keep_until: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let hits = self
            .counter
            .hit(&format!("once|{kind}|{value}"), keep_until)
            .await?;
        Ok(hits == 1)
    }
}

#[cfg(test)]
mod tests;
