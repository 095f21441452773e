//! CORS for the sites named in `ALLOWED_ORIGINS`: their pages may call the API with the
//! visitor's cookie (credentials), preflights are cached for an hour, and they can read the
//! paging and request-id headers. Any other origin gets no CORS headers at all, so a
//! browser keeps its pages from reading the answers, and its writes are refused by the
//! `Origin` check (`security::same_origin`) as before.

use actix_cors::Cors;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;

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

/// `Access-Control-Allow-Origin: *` on GET and HEAD answers of the public reads any site may
/// read (`public_reads::PUBLIC_READS`, `cross_site`: published stories and their comments,
/// categories, the site's name, the pictures) for an origin
/// that `ALLOWED_ORIGINS` does not name. `*` lets a page read the answer only when it sent no
/// cookies, so what it reads is what any visitor sees; writes and signed-in reads from such
/// origins stay refused.
pub async fn public_reads(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let public = matches!(*req.method(), Method::GET | Method::HEAD)
        && req.headers().contains_key(header::ORIGIN)
        && crate::public_reads::find(req.path()).is_some_and(|r| r.cross_site);
    let mut res = next.call(req).await?;
    if public
        && !res
            .headers()
            .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN)
    {
        let headers = res.headers_mut();
        // `*` never goes with credentials (actix-cors adds the flag to every answer).
        headers.remove(header::ACCESS_CONTROL_ALLOW_CREDENTIALS);
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            header::HeaderValue::from_static("*"),
        );
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            header::HeaderValue::from_static("X-Total-Count"),
        );
    }
    Ok(res)
}
