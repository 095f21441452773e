//! The request limits every instance shares (counted in the database's `rate_limits`
//! table): per client network and group (a busy client's counted in memory and settled in
//! batches), per e-mail address and per account for mails, and single-use values
//! (`docs/decisions/account-safety.md`).

use std::sync::Arc;

use domain::rate_limit::{HitCounter, RateLimits, UsedOnce};

/// Verification mails re-sent for one account: at most this many an hour.
pub const VERIFICATION_MAILS_PER_HOUR: u32 = 3;
/// Subscription sign-ups (and so confirmation mails) for one address: at most this many an
/// hour.
pub const SUBSCRIPTION_MAILS_PER_HOUR: u32 = 3;

#[derive(Clone)]
pub struct RequestLimits {
    /// The rate-limited groups per client network (and a token's owner), `per_minute` each.
    pub per_client: RateLimits,
    /// Re-sent verification mails per account ([`VERIFICATION_MAILS_PER_HOUR`]).
    pub verification_mail: RateLimits,
    /// Subscription sign-ups per e-mail address ([`SUBSCRIPTION_MAILS_PER_HOUR`]).
    pub subscription_mail: RateLimits,
    /// Single-use values every instance agrees on (a Google sign-in's flow).
    pub used_once: UsedOnce,
}

impl RequestLimits {
    /// `hits` counts each hit in the table; `tallied` counts a busy bucket's in memory first.
    pub fn new(hits: Arc<dyn HitCounter>, tallied: Arc<dyn HitCounter>, per_minute: u32) -> Self {
        Self {
            per_client: RateLimits::new(tallied, per_minute),
            verification_mail: RateLimits::new(hits.clone(), VERIFICATION_MAILS_PER_HOUR)
                .with_window(60 * 60),
            subscription_mail: RateLimits::new(hits.clone(), SUBSCRIPTION_MAILS_PER_HOUR)
                .with_window(60 * 60),
            used_once: UsedOnce::new(hits),
        }
    }
}
