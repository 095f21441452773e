//! Says once that the database is away, and once that it answers again, instead of a line
//! per failed request (a busy site would otherwise write thousands while it is down).

use std::sync::atomic::{AtomicBool, Ordering};

static AWAY: AtomicBool = AtomicBool::new(false);

/// A request or job could not reach the database: logged the first time only.
pub fn database_away(cause: &dyn std::fmt::Display) {
    if !AWAY.swap(true, Ordering::Relaxed) {
        tracing::error!(
            error = %cause,
            "the database is unavailable: requests answer 503 until it is back (logged once)"
        );
    }
}

/// The database answered: logged when it had been away.
pub fn database_back() {
    if AWAY.swap(false, Ordering::Relaxed) {
        tracing::info!("the database answers again");
    }
}
