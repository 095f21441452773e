//! What every background delivery shares (mail, social posts, and the next one): the wait
//! before another try, bounded rounds, and the report of a round.
//!
//! The template of a delivery: a queue port whose `claim_due` counts the attempt and leases
//! a batch in one statement (so several server instances never take the same item), a
//! transport port that says whether a failure is final, and a domain service whose
//! `deliver_due` runs at most [`MAX_BATCHES_PER_ROUND`] batches and answers a [`Round`].
//! The server runs every service through one worker loop (`app-server/src/jobs.rs`).

use chrono::Duration;

/// Batches one round takes at most, so a round never runs unbounded.
pub const MAX_BATCHES_PER_ROUND: usize = 10;

/// The wait before the next try after `attempts` failed ones: one minute, doubling, at
/// most an hour.
pub fn retry_delay(attempts: u32) -> Duration {
    let exponent = attempts.saturating_sub(1).min(6);
    Duration::minutes((1_i64 << exponent).min(60))
}

/// What one delivery round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// Taken by the other side (the mail server, the platform).
    pub delivered: usize,
    /// Not taken now; due again later.
    pub retrying: usize,
    /// Refused for good, or given up after the last try.
    pub failed: usize,
    /// The round stopped at [`MAX_BATCHES_PER_ROUND`] with its last batch full: more may
    /// be due, so the worker starts the next round at once instead of waiting.
    pub more: bool,
}

impl Round {
    /// Whether the round found nothing to do.
    pub fn is_empty(&self) -> bool {
        self.delivered + self.retrying + self.failed == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_from_a_minute_to_at_most_an_hour() {
        let waits: Vec<i64> = (1..=9).map(|a| retry_delay(a).num_minutes()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(retry_delay(0).num_minutes(), 1);
        assert_eq!(retry_delay(u32::MAX).num_minutes(), 60);
    }
}
