//! How instances tell each other that public content changed: one shared version row,
//! bumped at most every [`TELL_EVERY`] by the instance that made a change, and read every
//! [`FOLLOW_EVERY`] by every instance, which empties its cache when another moved it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{PublicCache, Visible, locked};

/// How often an instance reads the shared version (one indexed read of one row). With
/// [`TELL_EVERY`] it bounds how late another instance's change arrives: 450 ms, which leaves
/// half of the promised second for a database round trip on a busy machine.
pub const FOLLOW_EVERY: Duration = Duration::from_millis(250);

/// How often, at most, an instance adds to the shared version.
pub const TELL_EVERY: Duration = Duration::from_millis(200);

impl PublicCache {
    /// Adds one to the shared version now, or, when this instance did less than
    /// [`TELL_EVERY`] ago, once when that time is up (one bump for every change until then).
    pub(super) async fn tell_others(self: &Arc<Self>) {
        let wait = {
            let mut telling = locked(&self.telling);
            if telling.scheduled {
                return;
            }
            let now = Instant::now();
            match telling.last {
                Some(last) if now < last + TELL_EVERY => {
                    telling.scheduled = true;
                    Some(last + TELL_EVERY - now)
                }
                _ => {
                    telling.last = Some(now);
                    None
                }
            }
        };
        let Some(wait) = wait else {
            self.bump().await;
            return;
        };
        let cache = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            {
                let mut telling = locked(&cache.telling);
                telling.scheduled = false;
                telling.last = Some(Instant::now());
            }
            cache.bump().await;
        });
    }

    async fn bump(&self) {
        match self.shared.bump().await {
            Ok(version) => {
                // Our own change, already forgotten here: unless another instance moved the
                // version too, there is nothing more to forget when it is read.
                let mut seen = locked(&self.seen);
                if *seen == Some(version - 1) {
                    *seen = Some(version);
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not tell other instances that public content changed");
            }
        }
    }

    /// Reads the shared version and empties the cache when another instance changed it (or
    /// when this is the first reading).
    ///
    /// # Errors
    /// The store's error (the cache is emptied too: without the version, nothing kept can
    /// be trusted).
    pub async fn follow(&self) -> Result<(), domain::StoreError> {
        match self.shared.current().await {
            Ok(version) => {
                // The first reading forgets too: what was kept before it may predate a
                // change that reading is the first to show.
                let previous = locked(&self.seen).replace(version);
                if previous != Some(version) {
                    self.forget(&Visible::Everything);
                }
                Ok(())
            }
            Err(e) => {
                self.forget(&Visible::Everything);
                Err(e)
            }
        }
    }
}
