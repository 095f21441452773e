//! The middleware: answers public reads from the cache, keeps new answers, and empties the
//! cache after every successful write.

use std::sync::Arc;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;

use super::PublicCache;
use super::entry::Entry;
use crate::session::COOKIE_NAME;
use crate::state::AppState;

/// The same for every visitor: the `cached` public reads (`public_reads::PUBLIC_READS`)
/// without a session cookie or a token.
fn is_public_read(req: &ServiceRequest) -> bool {
    if req.method() != Method::GET || req.headers().contains_key(header::AUTHORIZATION) {
        return false;
    }
    if req.cookie(COOKIE_NAME).is_some() {
        return false;
    }
    crate::public_reads::find(req.path()).is_some_and(|r| r.cached)
}

/// `POST`s that read and change nothing (the story form's reference preview): they must
/// not empty the cache, or an author typing would empty it for every visitor.
const READS_BY_POST: &[&str] = &["/api/scripture/references"];

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
    if crate::bearer::changes_state(req.method()) {
        let reads_only = READS_BY_POST.contains(&req.path());
        let res = next.call(req).await?;
        if res.status().as_u16() < 400 && !reads_only {
            crate::outage::write_succeeded();
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
        metrics::counter!("public_cache_hits_total").increment(1);
        let (http, _) = req.into_parts();
        let res = entry.respond(&http);
        return Ok(ServiceResponse::new(http, res));
    }
    metrics::counter!("public_cache_misses_total").increment(1);
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
