//! Cross-cutting HTTP concerns: structured request logs and extractor error shapes.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{error::JsonPayloadError, web};

use crate::error::ApiError;

/// Logs one line per request: method, path, status and duration. Never logs bodies, so
/// passwords cannot reach the log.
pub async fn request_log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let res = next.call(req).await?;
    let status = res.status().as_u16();
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if status >= 500 {
        tracing::error!(%method, %path, status, ms, "request");
    } else {
        tracing::info!(%method, %path, status, ms, "request");
    }
    Ok(res)
}

/// JSON bodies: at most 1 MiB; malformed bodies answer 400 and oversized ones 413, both
/// with the JSON error body.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(1024 * 1024)
        .error_handler(|err, _req| {
            let api = match &err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => ApiError::PayloadTooLarge,
                JsonPayloadError::ContentType => {
                    ApiError::bad_request("Expected a JSON body (Content-Type: application/json)")
                }
                other => ApiError::bad_request(format!("Malformed JSON body: {other}")),
            };
            api.into()
        })
}

/// Query strings that do not parse answer 400 with the JSON error body.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|err, _req| ApiError::bad_request(format!("Invalid query: {err}")).into())
}

/// Path segments that do not parse (a word where an id belongs) answer 400.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default()
        .error_handler(|err, _req| ApiError::bad_request(format!("Invalid path: {err}")).into())
}
