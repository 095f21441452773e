//! CORS for the sites named in `ALLOWED_ORIGINS`: their pages may call the API with the
//! visitor's cookie (credentials), preflights are cached for an hour, and they can read the
//! paging and request-id headers. Any other origin gets no CORS headers at all, so a
//! browser keeps its pages from reading the answers, and its writes are refused by the
//! `Origin` check (`security::same_origin`) as before.

use actix_cors::Cors;
use actix_web::http::header;

/// How long a browser may reuse a preflight's answer, in seconds.
pub const PREFLIGHT_MAX_AGE: usize = 3600;

pub fn middleware(allowed: &[String]) -> Cors {
    let allowed = allowed.to_vec();
    Cors::default()
        .allowed_origin_fn(move |origin, _| {
            origin
                .to_str()
                .is_ok_and(|o| allowed.iter().any(|a| a == o))
        })
        .allowed_methods(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"])
        .allowed_headers([header::CONTENT_TYPE, header::ACCEPT, header::AUTHORIZATION])
        .expose_headers(["X-Total-Count", "X-Request-Id", "Retry-After"])
        .supports_credentials()
        .max_age(PREFLIGHT_MAX_AGE)
        .block_on_origin_mismatch(false)
}
