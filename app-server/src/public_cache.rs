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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    self, EntityTag, Header, HeaderName, HeaderValue, HttpDate, IfModifiedSince, IfNoneMatch,
};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use sha2::{Digest, Sha256};

use crate::session::COOKIE_NAME;
use crate::state::AppState;

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

/// One kept answer.
struct Entry {
    status: StatusCode,
    headers: Vec<(HeaderName, HeaderValue)>,
    body: Bytes,
    tag: EntityTag,
}

impl Entry {
    fn new(res: &HttpResponse<()>, body: Bytes) -> Self {
        let tag = res
            .headers()
            .get(header::ETAG)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<EntityTag>().ok())
            .unwrap_or_else(|| {
                let digest = Sha256::digest(&body);
                EntityTag::new_strong(hex::encode(&digest[..16]))
            });
        Self {
            status: res.status(),
            headers: res
                .headers()
                .iter()
                .filter(|(name, _)| *name != header::ETAG)
                .map(|(n, v)| (n.clone(), v.clone()))
                .collect(),
            body,
            tag,
        }
    }

    fn size(&self, key: &str) -> usize {
        key.len()
            + self.body.len()
            + self
                .headers
                .iter()
                .map(|(n, v)| n.as_str().len() + v.len())
                .sum::<usize>()
    }

    /// Whether the client's copy is current (RFC 9110 §13.2.2: `If-None-Match` decides
    /// when present, else `If-Modified-Since` against a kept `Last-Modified`).
    fn is_current(&self, req: &HttpRequest) -> bool {
        if req.headers().contains_key(header::IF_NONE_MATCH) {
            return match IfNoneMatch::parse(req) {
                Ok(IfNoneMatch::Any) => true,
                Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&self.tag)),
                Err(_) => false,
            };
        }
        let modified = self
            .headers
            .iter()
            .find(|(n, _)| n == header::LAST_MODIFIED)
            .and_then(|(_, v)| v.to_str().ok()?.parse::<HttpDate>().ok());
        match (IfModifiedSince::parse(req), modified) {
            (Ok(IfModifiedSince(since)), Some(at)) => {
                std::time::SystemTime::from(at) <= std::time::SystemTime::from(since)
            }
            _ => false,
        }
    }

    /// The answer, or 304 when the client's copy is current.
    fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let current = self.is_current(req);
        let mut res = HttpResponseBuilder::new(if current {
            StatusCode::NOT_MODIFIED
        } else {
            self.status
        });
        for (name, value) in &self.headers {
            if current && (name == header::CONTENT_TYPE || name == header::CONTENT_LENGTH) {
                continue;
            }
            res.append_header((name.clone(), value.clone()));
        }
        res.insert_header(header::ETag(self.tag.clone()));
        if !self.headers.iter().any(|(n, _)| n == header::CACHE_CONTROL) {
            // Anyone may keep it, but must ask again (a cheap 304) before using it.
            res.insert_header((header::CACHE_CONTROL, "public, no-cache"));
        }
        res.append_header((header::VARY, "Cookie, Authorization"));
        if current {
            res.finish()
        } else {
            res.body(self.body.clone())
        }
    }
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

/// The same for every visitor: public `GET`s without a session cookie or a token.
fn is_public_read(req: &ServiceRequest) -> bool {
    if req.method() != Method::GET || req.headers().contains_key(header::AUTHORIZATION) {
        return false;
    }
    if req.cookie(COOKIE_NAME).is_some() {
        return false;
    }
    let path = req.path();
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match path.strip_prefix("/api/stories") {
        Some("") => return true,
        Some(rest) => {
            let rest = rest.strip_prefix('/').unwrap_or("-");
            let id = rest.strip_suffix("/comments").unwrap_or(rest);
            return numeric(id);
        }
        None => {}
    }
    matches!(
        path,
        "/api/categories" | "/api/site" | "/feed.xml" | "/sitemap.xml"
    ) || path.strip_prefix("/stories/").is_some_and(numeric)
}

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The middleware: answers public reads from the cache, keeps new answers, and empties the
/// cache after every successful write.
///
/// # Errors
/// The inner service's errors.
pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(cache) = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.public_cache.clone())
    else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    if changes_state(req.method()) {
        let res = next.call(req).await?;
        if res.status().as_u16() < 400 {
            cache.changed().await;
        }
        return Ok(res.map_into_boxed_body());
    }
    if !is_public_read(&req) {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let key = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), ToString::to_string);
    if let Some(entry) = cache.get(&key) {
        let (http, _) = req.into_parts();
        let res = entry.respond(&http);
        return Ok(ServiceResponse::new(http, res));
    }
    // One computation per key at a time; those who waited find it kept.
    let lock = cache.computing(&key);
    let guard = lock.clone().lock_owned().await;
    if let Some(entry) = cache.get(&key) {
        drop(guard);
        cache.computed(&key, lock);
        let (http, _) = req.into_parts();
        let res = entry.respond(&http);
        return Ok(ServiceResponse::new(http, res));
    }
    let generation = cache.generation();
    let res = next.call(req).await;
    let answer = keep(&cache, &key, generation, res).await;
    drop(guard);
    cache.computed(&key, lock);
    answer
}

/// Keeps a fresh 200 answer (without cookies) and answers it, with its `ETag`.
async fn keep(
    cache: &PublicCache,
    key: &str,
    generation: u64,
    res: Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let res = res?;
    if res.status() != StatusCode::OK || res.headers().contains_key(header::SET_COOKIE) {
        return Ok(res.map_into_boxed_body());
    }
    let (http, res) = res.into_parts();
    let (head, body) = res.into_parts();
    let body = actix_web::body::to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    let entry = Arc::new(Entry::new(&head, body));
    cache.put(key.to_owned(), generation, entry.clone());
    let res = entry.respond(&http);
    Ok(ServiceResponse::new(http, res))
}
