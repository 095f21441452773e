//! Publishing to social platforms over their HTTP APIs (reqwest on rustls, the client stack
//! openidconnect already uses): one publisher per platform, and the shared reading of
//! answers: 2xx posted, 429 and 5xx (or no answer) try again later, any other 4xx refused.
//! Deleting a post reads them the same, except that 404 and 410 (the post is not there)
//! count as deleted.

mod linkedin;
mod twitter;

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::clock::{Clock, SystemClock};
use domain::social::{PUBLISH_BATCH, PUBLISH_LEASE_SECONDS, PublishError};
use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::{RequestBuilder, StatusCode};

pub use linkedin::LinkedInPublisher;
pub use twitter::TwitterPublisher;

/// The longest one request to a platform may take, answer included.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

// A worker posts a whole claimed batch within its lease, even when every request times out,
// so no other instance takes over a post while it is being sent.
const _: () =
    assert!(REQUEST_TIMEOUT.as_secs() * (PUBLISH_BATCH as u64) * 2 <= PUBLISH_LEASE_SECONDS as u64);

/// The HTTP client of the publishers: bounded time, no redirects (a POST carrying the
/// access token is never replayed elsewhere).
fn client() -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .timeout(REQUEST_TIMEOUT)
        .connect_timeout(Duration::from_secs(5))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("grace-stories/", env!("CARGO_PKG_VERSION")))
        .build()?)
}

/// `{base}{path}` for an absolute http(s) `base` such as `https://api.twitter.com`.
fn endpoint(variable: &str, base: &str, path: &str) -> anyhow::Result<String> {
    let base = base.trim().trim_end_matches('/');
    let parsed = url::Url::parse(base).map_err(|e| anyhow::anyhow!("{variable} {base:?}: {e}"))?;
    anyhow::ensure!(
        matches!(parsed.scheme(), "http" | "https") && parsed.host().is_some(),
        "{variable} must be an absolute http(s) URL, got {base:?}"
    );
    Ok(format!("{base}{path}"))
}

/// What a platform answered to a post it took.
struct Accepted {
    headers: HeaderMap,
    body: serde_json::Value,
}

/// The clock a publisher reads a platform's reset time against: the system's unless
/// `with_clock` gives another.
fn system_clock() -> Arc<dyn Clock> {
    Arc::new(SystemClock)
}

/// Sends the request and sorts the answer: success, refusal for good, or try later.
async fn send(
    platform: &str,
    request: RequestBuilder,
    clock: &dyn Clock,
) -> Result<Accepted, PublishError> {
    sort(platform, request, clock, false).await
}

/// Sends a deletion and sorts the answer as [`send`] does, except that a post the platform
/// does not have (404, 410: deleted by hand already, or never there) counts as deleted.
async fn send_deletion(
    platform: &str,
    request: RequestBuilder,
    clock: &dyn Clock,
) -> Result<Accepted, PublishError> {
    sort(platform, request, clock, true).await
}

async fn sort(
    platform: &str,
    request: RequestBuilder,
    clock: &dyn Clock,
    gone_is_done: bool,
) -> Result<Accepted, PublishError> {
    let response = request.send().await.map_err(|e| {
        let message = format!("{platform} could not be reached: {e}");
        tracing::warn!(%message, "social post not sent; tried again later");
        PublishError::Unavailable {
            message,
            retry_after: None,
        }
    })?;
    let status = response.status();
    let headers = response.headers().clone();
    // The body only explains; a post the platform accepted stays accepted without it.
    let text = response.text().await.unwrap_or_default();
    if status.is_success() {
        return Ok(Accepted {
            headers,
            body: serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
        });
    }
    if gone_is_done && matches!(status, StatusCode::NOT_FOUND | StatusCode::GONE) {
        tracing::info!(%status, "{platform} no longer has the post; counted as deleted");
        return Ok(Accepted {
            headers,
            body: serde_json::Value::Null,
        });
    }
    let message = format!("{platform} answered HTTP {status}: {}", excerpt(&text));
    if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
        tracing::warn!(%message, "social post not taken now; tried again later");
        Err(PublishError::Unavailable {
            message,
            retry_after: retry_after(&headers, clock.now()),
        })
    } else {
        tracing::warn!(%message, "social post refused; not tried again");
        Err(PublishError::Refused(message))
    }
}

/// The start of an answer's body, on one line, for the post's last error.
fn excerpt(body: &str) -> String {
    let one_line = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.is_empty() {
        return "(no details)".to_owned();
    }
    let mut cut: String = one_line.chars().take(300).collect();
    if cut.len() < one_line.len() {
        cut.push('…');
    }
    cut
}

/// How long the platform asked us to wait: `Retry-After` in seconds, or X's
/// `x-rate-limit-reset` (the Unix time the limit resets).
fn retry_after(headers: &HeaderMap, now: DateTime<Utc>) -> Option<chrono::Duration> {
    let number =
        |name: &str| -> Option<i64> { headers.get(name)?.to_str().ok()?.trim().parse().ok() };
    if let Some(seconds) = number(RETRY_AFTER.as_str()) {
        return Some(chrono::Duration::seconds(seconds.max(0)));
    }
    let reset = number("x-rate-limit-reset")?;
    Some(chrono::Duration::seconds((reset - now.timestamp()).max(0)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn an_api_url_must_be_absolute_http() {
        assert_eq!(
            endpoint("X", "https://api.twitter.com/", "/2/tweets").unwrap(),
            "https://api.twitter.com/2/tweets"
        );
        assert!(endpoint("TWITTER_API_URL", "api.twitter.com", "/2/tweets").is_err());
        assert!(endpoint("TWITTER_API_URL", "ftp://x.org", "/2/tweets").is_err());
    }

    #[test]
    fn the_wait_comes_from_retry_after_or_the_rate_limit_reset() {
        let mut headers = HeaderMap::new();
        let now = DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        assert_eq!(retry_after(&headers, now), None);
        let reset = now.timestamp() + 600;
        headers.insert("x-rate-limit-reset", reset.to_string().parse().unwrap());
        let wait = retry_after(&headers, now).unwrap().num_seconds();
        assert!((595..=600).contains(&wait), "{wait}");
        headers.insert(RETRY_AFTER, "30".parse().unwrap());
        assert_eq!(
            retry_after(&headers, now),
            Some(chrono::Duration::seconds(30))
        );
    }

    #[test]
    fn a_long_error_body_is_cut_to_one_short_line() {
        let long = format!("{{\"detail\":\n\"{}\"}}", "x".repeat(500));
        let cut = excerpt(&long);
        assert!(cut.chars().count() <= 301 && cut.ends_with('…') && !cut.contains('\n'));
        assert_eq!(excerpt(""), "(no details)");
    }
}
