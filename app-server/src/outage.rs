//! Says once that the database is away, and once that it answers again, instead of a line
//! per failed request (a busy site would otherwise write thousands while it is down).
//!
//! Two troubles are told apart. The database may be away (no connection): the follower's
//! read every half second notices its return. Or it may answer reads but refuse writes (a
//! full disk, a read-only file or server): reads going on say nothing about writes, so only
//! a write that succeeds ends that one.

use std::sync::atomic::{AtomicBool, Ordering};

static AWAY: AtomicBool = AtomicBool::new(false);
static WRITES_REFUSED: AtomicBool = AtomicBool::new(false);

/// A request or job could not use the database: logged the first time only.
pub fn database_away(cause: &anyhow::Error) {
    if adapters::refuses_writes(cause) {
        if !WRITES_REFUSED.swap(true, Ordering::Relaxed) {
            tracing::error!(
                error = %format!("{cause:#}"),
                "the database cannot take writes (a full disk or a read-only file?): writes answer 503 until it can (logged once)"
            );
        }
        return;
    }
    if !AWAY.swap(true, Ordering::Relaxed) {
        tracing::error!(
            error = %format!("{cause:#}"),
            "the database is unavailable: requests answer 503 until it is back (logged once)"
        );
    }
}

/// The database answered a read: logged when it had been away.
pub fn database_back() {
    if AWAY.swap(false, Ordering::Relaxed) {
        tracing::info!("the database answers again");
    }
}

/// A write succeeded: logged when writes had been refused.
pub fn write_succeeded() {
    if WRITES_REFUSED.swap(false, Ordering::Relaxed) {
        tracing::info!("the database takes writes again");
    }
}
