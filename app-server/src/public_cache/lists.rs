//! Story lists as the database answered them, shared by every reader of one audience: a
//! signed-in member's list or search costs no query when another member (or the same one)
//! asked for it since the last change. What is personal in a list (whose byline a reader
//! may see behind "a member of ...") is added per reader after (`StorySummaryDto::shown_to`);
//! what the database answers depends only on the request and the audience (public or
//! members), which make the key.
//!
//! Emptied with the visitors' answers: any change that touches lists (`Visible::Everything`,
//! here or followed from another instance) forgets them all, and a list computed while a
//! change happened is not kept. At most [`MAX_LISTS`] are kept, the least recently used
//! going first; with `PUBLIC_CACHE_MB=0` none.

use std::future::Future;
use std::sync::{Arc, OnceLock};

use actix_web::web::Bytes;
use domain::paging::Page;
use domain::story::StorySummary;

use super::{PublicCache, key, locked};

/// How many lists are kept at most (a page of twenty cards is about 20 KiB).
pub const MAX_LISTS: usize = 256;

pub type StoryPage = Arc<Listed>;

/// A kept list: the stories, and once asked for, the JSON every reader gets who sees no
/// byline behind "a member of ..." on it (most members: it is the visitors' JSON).
pub struct Listed {
    pub page: Page<StorySummary>,
    plain: OnceLock<Bytes>,
}

impl Listed {
    fn new(page: Page<StorySummary>) -> Self {
        Self {
            page,
            plain: OnceLock::new(),
        }
    }

    /// The JSON of readers who see nothing personal on this list, rendered once by `render`.
    ///
    /// # Errors
    /// `render`'s error (nothing is kept then).
    pub fn plain_json<E>(
        &self,
        render: impl FnOnce(&Page<StorySummary>) -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        if let Some(json) = self.plain.get() {
            return Ok(json.clone());
        }
        let json = render(&self.page)?;
        Ok(self.plain.get_or_init(|| json).clone())
    }
}

impl PublicCache {
    /// The list of `audience` for the request `path?query`, from memory when it was kept
    /// since the last change, else computed by `compute` (and kept, unless a change happened
    /// meanwhile).
    ///
    /// # Errors
    /// `compute`'s error (nothing is kept then).
    pub async fn story_list<E, F>(
        &self,
        audience: &str,
        path: &str,
        query: &str,
        compute: F,
    ) -> Result<StoryPage, E>
    where
        F: Future<Output = Result<Page<StorySummary>, E>>,
    {
        let params = crate::public_reads::find(path).map_or(&[][..], |r| r.params);
        let key = (self.budget > 0)
            .then(|| key::normalised(path, query, params))
            .flatten()
            .map(|k| format!("{audience} {k}"));
        let Some(key) = key else {
            return compute.await.map(|p| Arc::new(Listed::new(p)));
        };
        if let Some(page) = locked(&self.lists).to_back(&key).cloned() {
            metrics::counter!("public_cache_list_hits_total").increment(1);
            return Ok(page);
        }
        let generation = self.generation();
        let page = Arc::new(Listed::new(compute.await?));
        // Under the entries' lock, so that no change can come between the check and the keep.
        let entries = self.entries();
        if entries.generation == generation {
            let mut lists = locked(&self.lists);
            if lists.len() >= MAX_LISTS {
                lists.pop_front();
            }
            lists.insert(key, page.clone());
        }
        Ok(page)
    }
}
