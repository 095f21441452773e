//! One kept answer: status, headers and body, with its `ETag`, answered again (or as 304).

use actix_web::http::StatusCode;
use actix_web::http::header::{self, EntityTag, HeaderName, HeaderValue, HttpDate};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};

use crate::conditional;

/// One kept answer.
pub(super) struct Entry {
    status: StatusCode,
    headers: Vec<(HeaderName, HeaderValue)>,
    body: Bytes,
    tag: EntityTag,
}

impl Entry {
    pub(super) fn new(res: &HttpResponse<()>, body: Bytes) -> Self {
        let tag = res
            .headers()
            .get(header::ETAG)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<EntityTag>().ok())
            .unwrap_or_else(|| conditional::strong_tag(&body));
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

    pub(super) fn size(&self, key: &str) -> usize {
        key.len()
            + self.body.len()
            + self
                .headers
                .iter()
                .map(|(n, v)| n.as_str().len() + v.len())
                .sum::<usize>()
    }

    /// Whether the client's copy is current, by the rule the generated documents use.
    fn is_current(&self, req: &HttpRequest) -> bool {
        let modified = self
            .headers
            .iter()
            .find(|(n, _)| n == header::LAST_MODIFIED)
            .and_then(|(_, v)| v.to_str().ok()?.parse::<HttpDate>().ok());
        conditional::is_current(req, &self.tag, modified)
    }

    /// The answer, or 304 when the client's copy is current.
    pub(super) fn respond(&self, req: &HttpRequest) -> HttpResponse {
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
