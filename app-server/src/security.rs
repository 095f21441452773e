//! Security middleware: cross-origin refusal of state-changing requests, response headers,
//! and per-address rate limits for the abuse-prone endpoints (PRODUCT.md §5).

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use std::future::{Ready, ready};

use crate::error::ApiError;
use crate::state::AppState;

/// The site itself; video hosts in frames; https images; no framing of the site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' https: data:; font-src 'self' data:; connect-src 'self'; \
frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

pub fn headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
}

fn origin_of(url: &str) -> Option<String> {
    url::Url::parse(url)
        .ok()
        .map(|u| u.origin().ascii_serialization())
}

/// Refuses POST, PUT, PATCH and DELETE whose `Origin` (or, lacking it, `Referer`) is
/// present and is not `PUBLIC_URL`'s origin.
pub async fn same_origin(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let changes_state = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if changes_state {
        let expected = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.config.public_origin());
        let header = |name: &str| {
            req.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let claimed = match header("origin") {
            Some(o) => Some(if o == "null" {
                o
            } else {
                origin_of(&o).unwrap_or(o)
            }),
            None => header("referer").map(|r| origin_of(&r).unwrap_or(r)),
        };
        if let (Some(claimed), Some(expected)) = (claimed, expected)
            && claimed != expected
        {
            let res =
                req.error_response(ApiError::Forbidden("Cross-origin request refused".into()));
            return Ok(res.map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Fixed one-minute windows per (group, client address), in memory. With several
/// instances each one counts its own share, which still bounds abuse per instance.
/// (group, client address).
type WindowKey = (&'static str, String);

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<WindowKey, (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts a hit; `Err(seconds)` to wait when over `limit` this minute.
    pub fn hit(&self, group: &'static str, client: &str, limit: u32) -> Result<(), u64> {
        let now = Instant::now();
        let window = Duration::from_secs(60);
        let Ok(mut map) = self.windows.lock() else {
            return Ok(());
        };
        if map.len() > 50_000 {
            map.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let entry = map.entry((group, client.to_owned())).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        if entry.1 > limit {
            Err(window
                .saturating_sub(now.duration_since(entry.0))
                .as_secs()
                .max(1))
        } else {
            Ok(())
        }
    }
}

/// A rate-limited endpoint group.
pub trait LimitGroup {
    const NAME: &'static str;
}

macro_rules! groups {
    ($($ty:ident => $name:literal),* $(,)?) => {$(
        pub struct $ty;
        impl LimitGroup for $ty { const NAME: &'static str = $name; }
    )*};
}

groups!(SignIn => "sign-in", AdminSignIn => "admin-sign-in", SignUp => "sign-up", Comments => "comments", HelpMessages => "help");

/// Extracting this counts the request against its group's limit and answers 429 when over.
pub struct RateLimited<G: LimitGroup>(PhantomData<G>);

impl<G: LimitGroup> FromRequest for RateLimited<G> {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(ApiError::Internal(anyhow::anyhow!(
                "application state missing"
            ))));
        };
        let client = req
            .peer_addr()
            .map(|a| a.ip().to_string())
            .unwrap_or_else(|| "unknown".into());
        ready(
            state
                .limiter
                .hit(G::NAME, &client, state.config.rate_limit_per_minute)
                .map(|()| RateLimited(PhantomData))
                .map_err(|retry_after_secs| ApiError::TooManyRequests { retry_after_secs }),
        )
    }
}

pub type SharedLimiter = Arc<RateLimiter>;
