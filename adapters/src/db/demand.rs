//! How many of the repositories' calls want a pool connection right now: counted around
//! every statement and every transaction's `BEGIN` run on the pool (not inside an open
//! transaction, which already holds one). sqlx's pool does not say how many callers wait
//! for a connection; with this count, `wanted - in use` is a lower bound of that number
//! (the metrics' `db_pool_connections{state="waiting"}`, see docs/backups.md).

use std::sync::atomic::{AtomicUsize, Ordering};

static WANTED: AtomicUsize = AtomicUsize::new(0);

/// Held while one call acquires (and then uses) a pool connection.
pub(crate) struct Wanting(());

impl Drop for Wanting {
    fn drop(&mut self) {
        WANTED.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts one call until the answer is dropped.
pub(crate) fn wanting() -> Wanting {
    WANTED.fetch_add(1, Ordering::Relaxed);
    Wanting(())
}

/// The repositories' calls, in this process, that wait for a pool connection or run on
/// one they took for themselves.
pub fn connections_wanted() -> usize {
    WANTED.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_counts_until_it_ends() {
        let before = connections_wanted();
        let one = wanting();
        assert!(connections_wanted() > before);
        drop(one);
        // Other tests of this crate may count at the same time: only never below zero.
        assert!(connections_wanted() < usize::MAX / 2);
    }
}
