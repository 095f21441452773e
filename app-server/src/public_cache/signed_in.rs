//! What signed-in readers share: story lists and live stories as the database answered them,
//! kept for every reader of an audience. A member's list, search or story costs no query when
//! another member (or the same one) asked for it since the last change. What is personal
//! (whose byline a reader may see behind "a member of ...", a story's own author, reviewers)
//! is added per reader after, or asked of the database as before; readers who see nothing
//! personal share one rendered JSON ([`Kept::plain_json`]).
//!
//! A list depends only on the request and the audience (public or members), which make its
//! key; a live story only on its id (`StoryService::live`, as everyone who is neither its
//! author nor a reviewer sees it). Emptied with the visitors' answers: any change that
//! touches lists or stories (`Visible::Everything`, here or followed from another instance)
//! forgets them all, and what was computed while a change happened is not kept. Readers
//! missing the same answer at once wait for one computation and share it. At most
//! [`MAX_KEPT`] of each are kept, the least recently used going first; with
//! `PUBLIC_CACHE_MB=0` none.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::web::Bytes;
use domain::paging::Page;
use domain::story::{StoryId, StorySummary, StoryWithAuthor};
use hashlink::LinkedHashMap;
use tokio::sync::OnceCell;

use super::{PublicCache, key, locked};

/// How many lists, and how many stories, are kept at most (a page of twenty cards is about
/// 20 KiB, a story a few).
pub const MAX_KEPT: usize = 256;

/// A kept answer of the database, and once asked for, the JSON of every reader who sees
/// nothing personal in it.
pub struct Kept<T> {
    pub value: T,
    plain: OnceLock<Bytes>,
}

impl<T> Kept<T> {
    fn new(value: T) -> Self {
        Self {
            value,
            plain: OnceLock::new(),
        }
    }

    /// The JSON of readers who see nothing personal here, rendered once by `render`.
    ///
    /// # Errors
    /// `render`'s error (nothing is kept then).
    pub fn plain_json<E>(&self, render: impl FnOnce(&T) -> Result<Bytes, E>) -> Result<Bytes, E> {
        if let Some(json) = self.plain.get() {
            return Ok(json.clone());
        }
        let json = render(&self.value)?;
        Ok(self.plain.get_or_init(|| json).clone())
    }
}

pub type KeptList = Arc<Kept<Page<StorySummary>>>;
pub type KeptStory = Arc<Kept<Option<StoryWithAuthor>>>;

/// One computation of a missing answer, shared by everyone asking for it meanwhile.
type Running<T> = Arc<OnceCell<Arc<Kept<T>>>>;

/// The kept answers of one kind, least recently used first, and the computations running:
/// readers missing the same answer at once wait for one computation and share it.
pub(super) struct Shelf<K, T> {
    kept: Mutex<LinkedHashMap<K, Arc<Kept<T>>>>,
    running: Mutex<HashMap<K, Running<T>>>,
}

impl<K: Hash + Eq, T> Default for Shelf<K, T> {
    fn default() -> Self {
        Self {
            kept: Mutex::new(LinkedHashMap::new()),
            running: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Hash + Eq, T> Shelf<K, T> {
    /// Forgets every kept answer, and lets those who ask from now on compute anew.
    pub(super) fn clear(&self) {
        locked(&self.kept).clear();
        locked(&self.running).clear();
    }
}

impl PublicCache {
    /// The list of `audience` for the request `path?query`, from memory when it was kept
    /// since the last change, else computed by `compute` (and kept, unless a change happened
    /// meanwhile).
    ///
    /// # Errors
    /// `compute`'s error (nothing is kept then).
    pub async fn story_list<E>(
        &self,
        audience: &str,
        path: &str,
        query: &str,
        compute: impl Future<Output = Result<Page<StorySummary>, E>>,
    ) -> Result<KeptList, E> {
        let params = crate::public_reads::find(path).map_or(&[][..], |r| r.params);
        let key = key::normalised(path, query, params).map(|k| format!("{audience} {k}"));
        self.kept_or(&self.lists, key, compute).await
    }

    /// The live story of `id` as its audience sees it (`None`: not live), from memory when
    /// it was kept since the last change, else computed by `compute`.
    ///
    /// # Errors
    /// `compute`'s error (nothing is kept then).
    pub async fn live_story<E>(
        &self,
        id: StoryId,
        compute: impl Future<Output = Result<Option<StoryWithAuthor>, E>>,
    ) -> Result<KeptStory, E> {
        self.kept_or(&self.stories, Some(id.0), compute).await
    }

    /// The live story of `id` as kept since the last change, without computing it when it is
    /// not (`None` then: nothing is known here, ask the database).
    pub fn kept_live_story(&self, id: StoryId) -> Option<KeptStory> {
        self.kept_in(&self.stories, &id.0)
    }

    /// What `shelf` keeps for `key`, now the most recently used (`None` when nothing is, or
    /// nothing may be kept).
    fn kept_in<K: Hash + Eq, T>(&self, shelf: &Shelf<K, T>, key: &K) -> Option<Arc<Kept<T>>> {
        if self.budget == 0 {
            return None;
        }
        let kept = locked(&shelf.kept).to_back(key).cloned()?;
        metrics::counter!("public_cache_shared_hits_total").increment(1);
        Some(kept)
    }

    async fn kept_or<K: Hash + Eq + Clone, T, E>(
        &self,
        shelf: &Shelf<K, T>,
        key: Option<K>,
        compute: impl Future<Output = Result<T, E>>,
    ) -> Result<Arc<Kept<T>>, E> {
        let Some(key) = key.filter(|_| self.budget > 0) else {
            return compute.await.map(|v| Arc::new(Kept::new(v)));
        };
        if let Some(kept) = self.kept_in(shelf, &key) {
            return Ok(kept);
        }
        let running = locked(&shelf.running)
            .entry(key.clone())
            .or_default()
            .clone();
        let answer = running
            .get_or_try_init(|| async {
                let generation = self.generation();
                let kept = Arc::new(Kept::new(compute.await?));
                // Under the entries' lock, so that no change can come between the check
                // and the keep.
                let entries = self.entries();
                if entries.generation == generation {
                    let mut shelf = locked(&shelf.kept);
                    if shelf.len() >= MAX_KEPT {
                        shelf.pop_front();
                    }
                    shelf.insert(key.clone(), kept.clone());
                }
                Ok(kept)
            })
            .await
            .cloned();
        let mut flights = locked(&shelf.running);
        if flights.get(&key).is_some_and(|r| Arc::ptr_eq(r, &running)) && running.initialized() {
            flights.remove(&key);
        }
        answer
    }
}
