//! Time as a port, so rules that depend on "now" are testable.

use chrono::{DateTime, Utc};

/// Source of the current time.
pub trait Clock: Send + Sync {
    /// The current instant in UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock, to the microsecond: what PostgreSQL keeps, so an instant stored on
/// SQLite reads back the same after a move to PostgreSQL (see docs/decisions/backups.md).
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    // The one place that reads the wall clock (clippy.toml bans it everywhere else).
    #[allow(clippy::disallowed_methods)]
    fn now(&self) -> DateTime<Utc> {
        use chrono::SubsecRound;
        Utc::now().trunc_subsecs(6)
    }
}
