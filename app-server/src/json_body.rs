//! What a JSON body that does not fit its request type answers: a missing field, or a
//! field of the wrong type, is a 400 `validation_failed` naming that field ("Required",
//! "Must be a number"), like every other validation error; a body that is not JSON at all
//! is a 400 `bad_request`. serde_json's own wording never reaches the client.
//!
//! serde_json says where it stopped (line and column) but not in which field, so the
//! middleware keeps the body's bytes in the request ([`Body`]) and [`field_at`] reads the
//! key being filled at that point.

use std::future::ready;

use actix_web::dev::Payload;
use actix_web::error::JsonPayloadError;
use actix_web::http::header::{CONTENT_LENGTH, TRANSFER_ENCODING};
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::error::Category;

use crate::error::ApiError;

/// An optional JSON body: `None` when the request has no body (or the body is `null`), the
/// value when it is there. A body that is there but not of the documented shape is refused
/// like any other ([`refusal`]), never taken for "no body": `Option<web::Json<T>>` would
/// swallow that error and act as if nothing had been sent.
pub struct OptionalJson<T>(pub Option<T>);

impl<T: DeserializeOwned + 'static> FromRequest for OptionalJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if has_no_body(req) {
            return Box::pin(ready(Ok(Self(None))));
        }
        let json = web::Json::<Option<T>>::from_request(req, payload);
        Box::pin(async move { Ok(Self(json.await?.into_inner())) })
    }
}

/// No `Content-Length` above zero and no chunked body.
fn has_no_body(req: &HttpRequest) -> bool {
    let headers = req.headers();
    let length = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match length {
        Some(length) => length == 0,
        None => !headers.contains_key(TRANSFER_ENCODING),
    }
}

/// The bytes of a JSON body, kept by `middleware::refuse_control_characters`.
#[derive(Clone)]
pub struct Body(pub Bytes);

/// The answer to a body `web::Json` could not read.
pub fn refusal(err: &JsonPayloadError, req: &HttpRequest) -> ApiError {
    match err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::PayloadTooLarge
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("Expected a JSON body (Content-Type: application/json)")
        }
        JsonPayloadError::Deserialize(e) if e.classify() == Category::Data => {
            let body = req.extensions().get::<Body>().map(|b| b.0.clone());
            data_error(e, body.as_deref().unwrap_or_default())
        }
        JsonPayloadError::Deserialize(e) => ApiError::bad_request(format!(
            "The body is not valid JSON (line {}, column {})",
            e.line(),
            e.column()
        )),
        _ => ApiError::bad_request("The body could not be read"),
    }
}

/// A body that is JSON but not of the request's shape.
fn data_error(e: &serde_json::Error, body: &[u8]) -> ApiError {
    let text = e.to_string();
    if let Some(name) = text
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
    {
        return ApiError::field(name, "Required");
    }
    match field_at(body, e.line(), e.column()) {
        Some(field) => ApiError::field(&field, expectation(&text)),
        None => ApiError::bad_request("The body must be a JSON object with the documented fields"),
    }
}

/// What the field should have held, from serde's "expected ..." part.
fn expectation(text: &str) -> String {
    // "unknown variant `x`, expected `a`", "... `a` or `b`", "... one of `a`, `b`, `c`"
    if let Some((_, expected)) = text
        .strip_prefix("unknown variant `")
        .and_then(|rest| rest.split_once("expected "))
    {
        let expected = expected.split(" at line").next().unwrap_or_default();
        let choices: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        return format!("Must be one of: {}", choices.join(", "));
    }
    let expected = text
        .split_once("expected ")
        .map_or("", |(_, e)| e.split(" at line").next().unwrap_or_default());
    let numbers = [
        "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "usize", "f32", "f64",
    ];
    if numbers.contains(&expected) || expected.contains("integer") || expected.contains("number") {
        "Must be a number".into()
    } else if expected.contains("string") || expected.contains("char") {
        "Must be text".into()
    } else if expected.contains("boolean") {
        "Must be true or false".into()
    } else if expected.contains("sequence") {
        "Must be a list".into()
    } else if expected.contains("struct") || expected.contains("map") {
        "Must be an object".into()
    } else {
        "Has the wrong type or an invalid value".into()
    }
}

/// The innermost object key whose value the reader was in at `line`:`column` (1-based, as
/// serde_json counts), if any.
pub fn field_at(body: &[u8], line: usize, column: usize) -> Option<String> {
    let line_start = if line <= 1 {
        0
    } else {
        let mut seen = 1;
        let newline = body.iter().position(|&b| {
            seen += usize::from(b == b'\n');
            seen == line
        })?;
        newline + 1
    };
    let end = (line_start + column).min(body.len());
    // Each open container: for objects, the last key read and whether a key comes next.
    let mut stack: Vec<(Option<String>, bool, bool)> = Vec::new(); // (key, is_object, wants_key)
    let mut i = 0;
    while i < end {
        match body[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < body.len() && body[i] != b'"' {
                    i += if body[i] == b'\\' { 2 } else { 1 };
                }
                if let Some((key, true, wants_key @ true)) = stack.last_mut() {
                    *key = Some(String::from_utf8_lossy(&body[start..i.min(body.len())]).into());
                    *wants_key = false;
                }
            }
            b'{' => stack.push((None, true, true)),
            b'[' => stack.push((None, false, false)),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => {
                if let Some((_, true, wants_key)) = stack.last_mut() {
                    *wants_key = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    stack.into_iter().rev().find_map(|(key, _, _)| key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_being_read_is_found_at_the_reported_position() {
        let body = br#"{"title": "A", "limit": "ten", "tags": [1, "x"]}"#;
        // serde_json stops after the offending value.
        assert_eq!(field_at(body, 1, 30).as_deref(), Some("limit"));
        assert_eq!(field_at(body, 1, 47).as_deref(), Some("tags"));
        assert_eq!(field_at(b"[1, 2]", 1, 3), None);
        let nested = b"{\n  \"a\": 1,\n  \"b\": {\"c\": true}\n}";
        assert_eq!(field_at(nested, 3, 16).as_deref(), Some("c"));
    }

    #[test]
    fn serde_expectations_become_short_messages() {
        let of = |t: &str| expectation(t);
        assert_eq!(
            of("invalid type: string \"x\", expected u32 at line 1 column 9"),
            "Must be a number"
        );
        assert_eq!(
            of("invalid type: integer `1`, expected a string at line 1 column 9"),
            "Must be text"
        );
        assert_eq!(
            of("invalid type: string \"y\", expected a boolean at line 1 column 9"),
            "Must be true or false"
        );
        assert_eq!(
            of("unknown variant `write`, expected `read` or `read_write` at line 1 column 9"),
            "Must be one of: read, read_write"
        );
        assert_eq!(
            of("unknown variant `x`, expected one of `a`, `b`, `c` at line 1 column 9"),
            "Must be one of: a, b, c"
        );
    }
}
