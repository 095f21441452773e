//! Public reads served from memory. A visitor's `GET` of a story list, a story, its
//! comments, the categories, the site information or a story page (no session cookie, no
//! token: the answer is the same for every visitor) is kept after its first answer and
//! served again until something changes.
//!
//! Invalidation is coarse so that it is always right: every successful write (any
//! `POST`, `PUT`, `PATCH` or `DELETE` answered below 400) empties this instance's cache
//! before its answer leaves, and adds one to the shared version row (`cache_version`);
//! every instance reads that row twice a second and empties its cache when it moved. So a
//! change is visible at once on the instance that made it and within a second on the
//! others. An answer computed while a write happened is not kept (the generation it started
//! under is gone). Answers carry a strong `ETag`; a matching `If-None-Match` gets 304.
//! Visitors asking for the same missing answer at once wait for one computation of it, so
//! a burst after a write (or on a cold start) asks the database once, not once per visitor.
//!
//! Memory is bounded by `PUBLIC_CACHE_MB` (8 by default; 0 turns the cache off but keeps the
//! `ETag`s): when an answer does not fit, the cache is emptied and starts again.

mod entry;
mod middleware;

pub use middleware::serve;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use entry::Entry;

/// How often an instance reads the shared version.
pub const FOLLOW_EVERY: Duration = Duration::from_millis(500);

pub struct PublicCache {
    entries: Mutex<Entries>,
    /// One lock per answer being computed: concurrent misses of the same read wait for the
    /// first instead of all asking the database at once.
    computing: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    budget: usize,
    shared: adapters::SeaOrmCacheVersion,
    /// The shared version last read, to notice another instance's writes.
    seen: Mutex<Option<i64>>,
}

#[derive(Default)]
struct Entries {
    generation: u64,
    bytes: usize,
    map: HashMap<String, Arc<Entry>>,
}

impl PublicCache {
    pub fn new(budget_mib: u32, shared: adapters::SeaOrmCacheVersion) -> Self {
        Self {
            entries: Mutex::new(Entries::default()),
            computing: Mutex::new(HashMap::new()),
            budget: usize::try_from(budget_mib).unwrap_or(usize::MAX) * 1024 * 1024,
            shared,
            seen: Mutex::new(None),
        }
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        // A panic while holding the lock leaves plain data behind; keep using it.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, key: &str) -> Option<Arc<Entry>> {
        self.entries().map.get(key).cloned()
    }

    /// The lock of `key`'s computation (made on first use).
    fn computing(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        self.computing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(key.to_owned())
            .or_default()
            .clone()
    }

    /// Forgets `key`'s lock once nobody else holds or waits for it.
    fn computed(&self, key: &str, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut computing = self
            .computing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Two references: the map's and ours.
        if Arc::strong_count(&lock) <= 2 {
            computing.remove(key);
        }
    }

    fn generation(&self) -> u64 {
        self.entries().generation
    }

    /// Keeps `entry` unless a write happened since `generation` was read.
    fn put(&self, key: String, generation: u64, entry: Arc<Entry>) {
        let size = entry.size(&key);
        if size > self.budget / 8 {
            return;
        }
        let mut entries = self.entries();
        if entries.generation != generation {
            return;
        }
        if entries.bytes + size > self.budget {
            entries.map.clear();
            entries.bytes = 0;
        }
        entries.bytes += size;
        if let Some(old) = entries.map.insert(key.clone(), entry) {
            entries.bytes -= old.size(&key);
        }
    }

    /// Forgets every kept answer (on this instance).
    fn clear(&self) {
        let mut entries = self.entries();
        entries.generation += 1;
        entries.map.clear();
        entries.bytes = 0;
    }

    /// Something may have changed: empty this instance's cache and tell the others.
    pub async fn changed(&self) {
        self.clear();
        if let Err(e) = self.shared.bump().await {
            tracing::warn!(error = %e, "could not tell other instances that public content changed");
        }
    }

    /// Reads the shared version and empties the cache when another instance wrote.
    ///
    /// # Errors
    /// The store's error (the cache is emptied too: without the version, nothing kept can
    /// be trusted).
    pub async fn follow(&self) -> Result<(), domain::StoreError> {
        match self.shared.current().await {
            Ok(version) => {
                let previous = self
                    .seen
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .replace(version);
                if previous.is_some_and(|p| p != version) {
                    self.clear();
                }
                Ok(())
            }
            Err(e) => {
                self.clear();
                Err(e)
            }
        }
    }

    /// How many answers are kept (for tests).
    pub fn len(&self) -> usize {
        self.entries().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
