//! Conditional GET for generated documents: a strong `ETag` over the body and
//! `Last-Modified`, answered with 304 when the client's copy is current.

use actix_web::http::header::{
    self, ETag, EntityTag, Header, HttpDate, IfModifiedSince, IfNoneMatch, LastModified,
};
use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// `body` as `content_type`, or 304 Not Modified when the request's validators match.
pub fn respond(
    req: &HttpRequest,
    content_type: &str,
    body: String,
    modified: Option<DateTime<Utc>>,
) -> HttpResponse {
    let tag = strong_tag(body.as_bytes());
    // HTTP dates have whole seconds; compare at that precision.
    let modified = modified.map(|at| {
        let secs = u64::try_from(at.timestamp()).unwrap_or_default();
        HttpDate::from(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs))
    });
    let current = is_current(req, &tag, modified);
    let mut res = if current {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header(ETag(tag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"));
    if let Some(at) = modified {
        res.insert_header(LastModified(at));
    }
    if current {
        return res.finish();
    }
    res.content_type(content_type).body(body)
}

/// A strong `ETag` over `body`: the first 16 bytes of its SHA-256.
pub fn strong_tag(body: &[u8]) -> EntityTag {
    let digest = Sha256::digest(body);
    EntityTag::new_strong(hex::encode(&digest[..16]))
}

/// RFC 9110 §13.2.2: `If-None-Match` decides when present, else `If-Modified-Since`.
pub fn is_current(req: &HttpRequest, tag: &EntityTag, modified: Option<HttpDate>) -> bool {
    if req.headers().contains_key(header::IF_NONE_MATCH) {
        return match IfNoneMatch::parse(req) {
            Ok(IfNoneMatch::Any) => true,
            Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(tag)),
            Err(_) => false,
        };
    }
    match (IfModifiedSince::parse(req), modified) {
        (Ok(IfModifiedSince(since)), Some(at)) => {
            std::time::SystemTime::from(at) <= std::time::SystemTime::from(since)
        }
        _ => false,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use actix_web::test::TestRequest;
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_copy_as_new_as_the_document_is_current() {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap()
            + chrono::Duration::milliseconds(400);
        let first = respond(
            &TestRequest::get().to_http_request(),
            "text/plain",
            "x".into(),
            Some(at),
        );
        let stamp = first.headers().get("last-modified").unwrap().clone();
        let req = TestRequest::get()
            .insert_header(("if-modified-since", stamp))
            .to_http_request();
        assert_eq!(
            respond(&req, "text/plain", "x".into(), Some(at)).status(),
            304
        );
        let stale = TestRequest::get()
            .insert_header(("if-modified-since", "Tue, 24 Nov 2026 09:59:59 GMT"))
            .to_http_request();
        assert_eq!(
            respond(&stale, "text/plain", "x".into(), Some(at)).status(),
            200
        );
    }
}
