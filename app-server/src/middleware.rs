//! Cross-cutting HTTP concerns: structured request logs and extractor error shapes.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;

use actix_web::http::header::{HeaderName, HeaderValue};
use rand::distr::{Alphanumeric, SampleString};
use tracing::Instrument;

use crate::error::ApiError;

/// Runs each request in a `request` span with a fresh id, so every line logged while it
/// is handled (a failed query, an error answer) carries that id, and answers the id in
/// `X-Request-Id` for a person reporting a problem. Then logs one line: method, path
/// (never the query string, which may hold a token), status and duration. Never logs
/// bodies, so passwords cannot reach the log.
pub async fn request_log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = Alphanumeric.sample_string(&mut rand::rng(), 16);
    let span = tracing::info_span!("request", id = %id);
    let method = req.method().clone();
    let path = req.path().to_owned();
    let mut res = next.call(req).instrument(span.clone()).await?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut()
            .insert(HeaderName::from_static("x-request-id"), value);
    }
    let status = res.status().as_u16();
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let _entered = span.enter();
    // A 503 is the database being away, said once by `outage`; other 5xx are bugs.
    if status >= 500 && status != 503 {
        tracing::error!(%method, %path, status, ms, "request");
    } else {
        tracing::info!(%method, %path, status, ms, "request");
    }
    Ok(res)
}

/// JSON bodies: at most 1 MiB (413 above); a body that does not fit its type answers as
/// `json_body::refusal` says (400, with the field when one is at fault).
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(1024 * 1024)
        .error_handler(|err, req| crate::json_body::refusal(&err, req).into())
}

/// Query strings that do not parse answer 400 with the JSON error body.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|err, _req| ApiError::bad_request(format!("Invalid query: {err}")).into())
}

/// Path segments that do not parse (a word where an id belongs) answer 400; but a path the
/// document lists with other methods (`DELETE /api/admin/comments/pending`, which actix
/// routes to `/api/admin/comments/{id}`) answers 405 with `Allow`, as any other method it
/// does not take.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, req| {
        match crate::routes::fallback::methods_at(req.path()) {
            Some(allow) if !allow.split(", ").any(|m| m == req.method().as_str()) => {
                ApiError::MethodNotAllowed { allow }.into()
            }
            _ => ApiError::bad_request(format!("Invalid path: {err}")).into(),
        }
    })
}

/// The most a JSON body may hold (as [`json_config`] says).
const JSON_LIMIT: usize = 1024 * 1024;

/// Whether `text` holds a control character no form field needs: anything below U+0020
/// but tab, line feed and carriage return, and U+007F.
fn is_refused_control(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{7f}'
}

/// Whether a query string holds a control character in a name or value (decoded). Line
/// breaks count here too: no query parameter is multi-line.
fn query_has_control(query: &str) -> bool {
    url::form_urlencoded::parse(query.as_bytes())
        .any(|(k, v)| k.chars().chain(v.chars()).any(|c| c.is_control()))
}

/// Whether a path holds a control character once its `%XX` escapes are decoded: an id
/// never does, and PostgreSQL refuses NUL in text (a 500 before this check).
fn path_has_control(path: &str) -> bool {
    percent_encoding::percent_decode_str(path)
        .decode_utf8_lossy()
        .chars()
        .any(char::is_control)
}

/// As deep as serde_json reads a value it deserializes; it skips an unknown field's value
/// at any depth, so deeper bodies are refused here, the same for every operation.
const MAX_JSON_DEPTH: usize = 128;

/// How deeply a JSON text nests arrays and objects (brackets inside strings do not count).
fn json_depth(body: &[u8]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for &b in body {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Why a JSON body is refused before any handler reads it, if it is: JSON is UTF-8 (serde
/// skips an unknown field's bytes without checking them); nesting beyond what serde reads;
/// a control character in a string.
fn json_refusal(body: &[u8]) -> Option<&'static str> {
    if std::str::from_utf8(body).is_err() {
        return Some("The body is not UTF-8 text");
    }
    if json_depth(body) > MAX_JSON_DEPTH {
        return Some("The JSON body is nested too deeply");
    }
    json_has_control(body).then_some("A field contains a control character")
}

/// Whether a JSON text holds, in any string, a refused control character (they can only
/// appear as `\u00XX` escapes: raw ones make the JSON malformed anyway).
fn json_has_control(body: &[u8]) -> bool {
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\\' {
            if body.get(i + 1) == Some(&b'u')
                && let Some(code) = body
                    .get(i + 2..i + 6)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32)
                && is_refused_control(code)
            {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// Refuses, with a 400 and the JSON error body, a request whose path, query string or JSON
/// body carries a NUL or another control character: PostgreSQL refuses NUL in text (which
/// would surface as a 500), and no field of this site needs one. A JSON body that is not
/// UTF-8 or nests too deeply is refused here too (see [`json_refusal`]). A body counts as
/// JSON by the rule `web::Json` reads it by (subtype `json` or suffix `+json`, in any
/// case), so no spelling of the type slips past.
pub async fn refuse_control_characters(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    use actix_web::HttpMessage;
    use futures_util::StreamExt;
    let refuse =
        |req: ServiceRequest, api: ApiError| Ok(req.error_response(api).map_into_right_body());
    if path_has_control(req.path()) {
        return refuse(
            req,
            ApiError::bad_request("The address contains a control character"),
        );
    }
    if query_has_control(req.query_string()) {
        return refuse(
            req,
            ApiError::bad_request("The query contains a control character"),
        );
    }
    let json = matches!(
        req.mime_type(),
        Ok(Some(m)) if m.subtype() == "json" || m.suffix().is_some_and(|s| s == "json")
    );
    if json {
        let mut payload = req.take_payload();
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk?;
            body.extend_from_slice(&chunk);
            if body.len() > JSON_LIMIT {
                return refuse(req, ApiError::PayloadTooLarge);
            }
        }
        if let Some(why) = json_refusal(&body) {
            return refuse(req, ApiError::bad_request(why));
        }
        let body = body.freeze();
        req.extensions_mut()
            .insert(crate::json_body::Body(body.clone()));
        req.set_payload(actix_web::dev::Payload::from(body));
    }
    Ok(next.call(req).await?.map_into_left_body())
}

#[cfg(test)]
#[path = "middleware_tests.rs"]
mod tests;
