//! The middleware: answers public reads from the cache, keeps new answers, and empties what
//! a successful write declares it changed for visitors.

use std::sync::Arc;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;

use super::entry::Entry;
use super::{PublicCache, key};
use crate::access_cache::AccessCache;
use crate::public_change::{Visible, declared};
use crate::session::COOKIE_NAME;

/// The cache key of a visitor's read: the same for every visitor (the `cached` public reads
/// of `public_reads::PUBLIC_READS`, without a session cookie or a token), else `None`.
fn public_read_key(req: &ServiceRequest) -> Option<String> {
    if req.method() != Method::GET || req.headers().contains_key(header::AUTHORIZATION) {
        return None;
    }
    if req.cookie(COOKIE_NAME).is_some() {
        return None;
    }
    let read = crate::public_reads::find(req.path()).filter(|r| r.cached)?;
    key::normalised(req.path(), req.query_string(), read.params)
}

/// The middleware: answers public reads from the cache, keeps new answers, and empties what
/// a successful write declares it changed (see `crate::public_change`).
///
/// # Errors
/// The inner service's errors.
///
/// # Panics
/// In debug builds, when a successful write answers without saying what it changed for
/// visitors: every test of a new write that forgets it fails.
pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(cache) = req.app_data::<web::Data<PublicCache>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    if crate::writes::changes_state(req.method()) {
        let res = next.call(req).await?;
        // Writes answer 2xx; a refusal or failure changed nothing, and the only redirect
        // (`/api/docs`, any method) is not a write.
        if res.status().is_success() {
            crate::outage::write_succeeded();
            // Who may do what may have changed (a sign-out, a suspension, a revoked token):
            // the next request on this instance reads it again (`crate::access_cache`).
            if let Some(access) = res.request().app_data::<web::Data<AccessCache>>() {
                access.forget_all();
            }
            let change = declared(res.response()).unwrap_or_else(|| undeclared(&res));
            cache.changed(&change).await;
        }
        return Ok(res.map_into_boxed_body());
    }
    let Some(key) = public_read_key(&req) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    if let Some(entry) = cache.get(&key) {
        metrics::counter!("public_cache_hits_total").increment(1);
        let (http, _) = req.into_parts();
        let res = entry.respond(&http);
        return Ok(ServiceResponse::new(http, res));
    }
    metrics::counter!("public_cache_misses_total").increment(1);
    // One computation per key at a time: those who ask while it runs wait for it and get
    // its answer, kept or not (a write meanwhile, too large, no memory for the cache).
    let computing = cache.computing(&key);
    let (mut req, mut next, mut own) = (Some(req), Some(next), None);
    let (req_slot, next_slot, own_slot) = (&mut req, &mut next, &mut own);
    let (kept, key_ref) = (&*cache, key.as_str());
    let shared = computing
        .get_or_init(|| async move {
            let (req, next) = (req_slot.take()?, next_slot.take()?);
            // Taking over from a cancelled computation: it may have been kept meanwhile.
            if let Some(entry) = kept.get(key_ref) {
                let (http, _) = req.into_parts();
                let res = entry.respond(&http);
                *own_slot = Some(Ok(ServiceResponse::new(http, res)));
                return Some(entry);
            }
            let generation = kept.generation();
            let (res, entry) = keep(kept, key_ref, generation, next.call(req).await).await;
            *own_slot = Some(res);
            entry
        })
        .await
        .clone();
    cache.computed(&key, &computing);
    if let Some(res) = own {
        return res;
    }
    let (Some(req), Some(next)) = (req, next) else {
        // Only the computation takes them, and it answered above.
        return Err(actix_web::error::ErrorInternalServerError(
            "the cache lost a request",
        ));
    };
    match shared {
        Some(entry) => {
            let (http, _) = req.into_parts();
            let res = entry.respond(&http);
            Ok(ServiceResponse::new(http, res))
        }
        // Nothing to share (not a 200, or it failed): ask on our own.
        None => Ok(next.call(req).await?.map_into_boxed_body()),
    }
}

/// A successful (2xx) write whose handler did not say what it changed: everything, and a
/// failure in debug builds (tests) so that it is noticed.
fn undeclared<B>(res: &ServiceResponse<B>) -> Visible {
    let (method, path, status) = (res.request().method(), res.request().path(), res.status());
    if cfg!(debug_assertions) {
        panic!(
            "{method} {path} answered {status} without declaring what it changed for visitors \
             (answer with `.visible(Visible::...)`, see public_change.rs)"
        );
    }
    tracing::error!(%method, path, %status, "a write did not declare what it changed for visitors");
    Visible::Everything
}

/// The answer (a fresh 200 without cookies is kept, unless a write happened since
/// `generation`, and answered with its `ETag`) and the entry to share with those waiting.
async fn keep(
    cache: &PublicCache,
    key: &str,
    generation: u64,
    res: Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error>,
) -> (
    Result<ServiceResponse<BoxBody>, actix_web::Error>,
    Option<Arc<Entry>>,
) {
    let res = match res {
        Ok(res) => res,
        Err(e) => return (Err(e), None),
    };
    if res.status() != StatusCode::OK || res.headers().contains_key(header::SET_COOKIE) {
        return (Ok(res.map_into_boxed_body()), None);
    }
    let (http, res) = res.into_parts();
    let (head, body) = res.into_parts();
    let body = match actix_web::body::to_bytes(body).await {
        Ok(body) => body,
        Err(e) => {
            let e = actix_web::error::ErrorInternalServerError(e.into().to_string());
            return (Err(e), None);
        }
    };
    let entry = Arc::new(Entry::new(&head, body));
    cache.put(key.to_owned(), generation, entry.clone());
    let res = entry.respond(&http);
    (Ok(ServiceResponse::new(http, res)), Some(entry))
}
