//! Public reads served from memory. A visitor's `GET` of a story list, a story, its
//! comments, the categories, the site information or a story page (no session cookie, no
//! token: the answer is the same for every visitor) is kept after its first answer and
//! served again until something a visitor sees changes.
//!
//! Only real changes empty it. Each handler of a write declares, with its answer, what it
//! changed for visitors ([`Visible`], `crate::public_change`): nothing (a pending comment, a help
//! message, a sign-up, sign-in or sign-out, a draft, a schedule, a token), the comments of
//! some stories (a comment approved or deleted), or everything (a story published, changed,
//! taken down, withdrawn or deleted; consent, byline or audience of a live story; a
//! person's public name or picture; an account deleted). A refused or failed write changes
//! nothing. A successful write that declares nothing is taken as "everything", and fails
//! in debug builds, so a new write cannot forget it unnoticed.
//!
//! A change empties what it names on this instance before its answer leaves, and adds one
//! to the shared version row (`cache_version`), at most once every [`TELL_EVERY`] however
//! many changes come (the later ones in one bump shortly after). Every instance reads that
//! row every [`FOLLOW_EVERY`] and empties its cache when another instance moved it (and at
//! its first reading, which may be the first to show a change), so a change reaches the
//! others within a second. Each kept answer follows on its own: a story page may already be
//! gone while the list is still the kept one, for the rest of that second. An answer computed while a change happened
//! is not kept (the generation it started under is gone). Answers carry a strong `ETag`; a
//! matching `If-None-Match` gets 304. Visitors asking for the same missing answer at once
//! wait for one computation of it and share its answer, even one that cannot be kept.
//!
//! Keys are normalised (`key.rs`): parameter order does not matter and parameters the read
//! does not take are left out. Memory is bounded by `PUBLIC_CACHE_MB` (8 by default; 0
//! turns the cache off but keeps the `ETag`s): when an answer does not fit, the answers
//! used least recently make room for it, if it is asked for a second time (a crawler
//! passing through every story once leaves the answers everyone reads in place).

mod entry;
mod key;
mod middleware;
mod shared;
mod signed_in;

pub use crate::public_change::{Declare, Declared, Visible};
pub use middleware::serve;
pub use shared::{FOLLOW_EVERY, TELL_EVERY};
pub use signed_in::{Kept, KeptList, KeptStory, MAX_KEPT};

use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use entry::Entry;
use hashlink::LinkedHashMap;

/// One computation of a missing answer, shared by everyone asking for it meanwhile: the
/// answer when it could be shared (a 200 without cookies).
type Computing = Arc<tokio::sync::OnceCell<Option<Arc<Entry>>>>;

pub struct PublicCache {
    entries: Mutex<Entries>,
    /// The computations running: concurrent misses of the same read wait for the first
    /// instead of all asking the database at once.
    computing: Mutex<HashMap<String, Computing>>,
    /// Story lists and live stories as the database answered them, for every signed-in
    /// reader of an audience (`signed_in.rs`).
    lists: signed_in::Shelf<String, domain::paging::Page<domain::story::StorySummary>>,
    stories: signed_in::Shelf<i64, Option<domain::story::StoryWithAuthor>>,
    budget: usize,
    shared: adapters::SeaOrmCacheVersion,
    /// The shared version last read (or last written by this instance, when nobody else
    /// wrote in between), to notice another instance's changes.
    seen: Mutex<Option<i64>>,
    telling: Mutex<Telling>,
}

/// How many answers a full cache remembers having turned away once ([`Entries::keep`]).
const TURNED_AWAY_AT_MOST: usize = 4096;

/// Kept answers, least recently used first.
#[derive(Default)]
struct Entries {
    generation: u64,
    bytes: usize,
    map: LinkedHashMap<String, Arc<Entry>>,
    /// The keys (hashed) of answers a full cache did not keep on their first computation;
    /// forgotten all at once when [`TURNED_AWAY_AT_MOST`] are held.
    turned_away: HashSet<u64>,
}

impl Entries {
    /// The kept answer of `key`, now the most recently used.
    fn get(&mut self, key: &str) -> Option<Arc<Entry>> {
        self.map.to_back(key).cloned()
    }

    /// Keeps `entry` within `budget` bytes, making room by forgetting the answers used least
    /// recently; an answer larger than an eighth of the budget is not kept.
    ///
    /// When making room would forget other answers, an answer is kept only the second time it
    /// is computed (within the last [`TURNED_AWAY_AT_MOST`] turned away): a crawler or a reader
    /// passing once through thousands of stories, each asked for once, does not push out the
    /// lists and stories everyone reads. While there is room, every answer is kept at once.
    fn keep(&mut self, key: String, entry: Arc<Entry>, budget: usize) {
        let size = entry.size(&key);
        if size > budget / 8 {
            return;
        }
        if let Some(old) = self.map.remove(&key) {
            self.bytes -= old.size(&key);
        }
        if self.bytes + size > budget && !self.asked_before(&key) {
            metrics::counter!("public_cache_turned_away_total").increment(1);
            return;
        }
        while self.bytes + size > budget {
            let Some((old_key, old)) = self.map.pop_front() else {
                break;
            };
            self.bytes -= old.size(&old_key);
            metrics::counter!("public_cache_evictions_total").increment(1);
        }
        self.bytes += size;
        self.map.insert(key, entry);
    }

    /// Whether `key`'s answer was turned away before (and is now let in); else it is
    /// remembered as turned away.
    fn asked_before(&mut self, key: &str) -> bool {
        let hash = {
            let mut hasher = DefaultHasher::new();
            key.hash(&mut hasher);
            hasher.finish()
        };
        if self.turned_away.remove(&hash) {
            return true;
        }
        if self.turned_away.len() >= TURNED_AWAY_AT_MOST {
            self.turned_away.clear();
        }
        self.turned_away.insert(hash);
        false
    }

    /// Forgets the answers `change` touches; answers computed before it are not kept.
    fn forget(&mut self, change: &Visible) {
        self.generation += 1;
        match change {
            Visible::Nothing => {}
            Visible::Everything => {
                self.map.clear();
                self.bytes = 0;
            }
            Visible::CommentsOf(stories) => {
                let paths: Vec<String> = stories
                    .iter()
                    .map(|id| crate::public_reads::story_comments_path(*id))
                    .collect();
                let mut freed = 0;
                self.map.retain(|k, entry| {
                    let gone = paths.iter().any(|p| p == key::path_of(k));
                    if gone {
                        freed += entry.size(k);
                    }
                    !gone
                });
                self.bytes -= freed;
            }
        }
    }
}

/// When this instance last told the others, and whether a later telling is on its way.
#[derive(Default)]
struct Telling {
    last: Option<Instant>,
    scheduled: bool,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock leaves plain data behind; keep using it.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl PublicCache {
    pub fn new(budget_mib: u32, shared: adapters::SeaOrmCacheVersion) -> Self {
        Self {
            entries: Mutex::new(Entries::default()),
            computing: Mutex::new(HashMap::new()),
            lists: signed_in::Shelf::default(),
            stories: signed_in::Shelf::default(),
            budget: usize::try_from(budget_mib).unwrap_or(usize::MAX) * 1024 * 1024,
            shared,
            seen: Mutex::new(None),
            telling: Mutex::new(Telling::default()),
        }
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        locked(&self.entries)
    }

    /// The kept answer of `key`, now the most recently used.
    fn get(&self, key: &str) -> Option<Arc<Entry>> {
        self.entries().get(key)
    }

    /// The computation of `key` (started on first use).
    fn computing(&self, key: &str) -> Computing {
        locked(&self.computing)
            .entry(key.to_owned())
            .or_default()
            .clone()
    }

    /// Forgets `key`'s computation once it is done (those still waiting hold it).
    fn computed(&self, key: &str, done: &Computing) {
        let mut computing = locked(&self.computing);
        if computing.get(key).is_some_and(|c| Arc::ptr_eq(c, done)) && done.initialized() {
            computing.remove(key);
        }
    }

    fn generation(&self) -> u64 {
        self.entries().generation
    }

    /// Keeps `entry` unless a change happened since `generation` was read.
    fn put(&self, key: String, generation: u64, entry: Arc<Entry>) {
        let mut entries = self.entries();
        if entries.generation == generation {
            entries.keep(key, entry, self.budget);
        }
    }

    /// Forgets what `change` names (on this instance); computations running now are not
    /// kept, and those who ask from now on start a new one.
    fn forget(&self, change: &Visible) {
        if *change == Visible::Nothing {
            return;
        }
        let mut entries = self.entries();
        entries.forget(change);
        if *change == Visible::Everything {
            self.lists.clear();
            self.stories.clear();
        }
        drop(entries);
        locked(&self.computing).clear();
    }

    /// Something visitors see changed: forget it here and tell the other instances.
    pub async fn changed(self: &Arc<Self>, change: &Visible) {
        if *change == Visible::Nothing {
            return;
        }
        self.forget(change);
        self.tell_others().await;
    }

    /// How many answers are kept (for tests).
    pub fn len(&self) -> usize {
        self.entries().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the answer of this path and query is kept (for tests).
    pub fn holds(&self, path_and_query: &str) -> bool {
        let (path, query) = path_and_query
            .split_once('?')
            .unwrap_or((path_and_query, ""));
        let params = crate::public_reads::find(path).map_or(&[][..], |r| r.params);
        key::normalised(path, query, params).is_some_and(|k| self.entries().map.contains_key(&k))
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
