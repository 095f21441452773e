//! Security middleware: cross-origin refusal of state-changing requests, response headers,
//! and per-address rate limits for the abuse-prone endpoints (docs/product.md#security).

use std::marker::PhantomData;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use domain::rate_limit::Verdict;
use futures_util::future::LocalBoxFuture;

use crate::error::ApiError;
use crate::state::AppState;

/// The site itself; video hosts in frames; https images, and `blob:` for the preview of a
/// picture chosen for upload (an address the page made from the file itself); no framing of
/// the site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' https: data: blob:; font-src 'self' data:; connect-src 'self'; \
frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

pub fn headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "DENY"))
}

/// Whether an answer belongs to one person: the request carried a session cookie or an
/// `Authorization` header, or the answer sets a cookie (a sign-in).
fn is_personal(req: &HttpRequest, res_sets_cookie: bool) -> bool {
    res_sets_cookie
        || req
            .headers()
            .contains_key(actix_web::http::header::AUTHORIZATION)
        || req.cookie(crate::session::COOKIE_NAME).is_some()
}

/// Marks every API answer made for a signed-in person (or one that signs someone in)
/// `Cache-Control: private, no-store`, whatever the handler set: no shared proxy may keep
/// it, and no browser may keep it on disk after a sign-out (ASVS 8.2.1). The visitors'
/// answers keep their `public` caching; pictures and pages are the same for everyone.
///
/// # Errors
/// The inner service's errors.
pub async fn private_answers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let api = req.path().starts_with("/api/");
    let mut res = next.call(req).await?;
    let sets_cookie = res
        .headers()
        .contains_key(actix_web::http::header::SET_COOKIE);
    if api && is_personal(res.request(), sets_cookie) {
        res.headers_mut().insert(
            actix_web::http::header::CACHE_CONTROL,
            actix_web::http::header::HeaderValue::from_static("private, no-store"),
        );
    }
    Ok(res)
}

fn origin_of(url: &str) -> Option<String> {
    url::Url::parse(url)
        .ok()
        .map(|u| u.origin().ascii_serialization())
}

/// Refuses POST, PUT, PATCH and DELETE whose `Origin` (or, lacking it, `Referer`) is
/// present and is neither `PUBLIC_URL`'s origin nor one of `ALLOWED_ORIGINS`, unless the
/// request carries a valid API token.
pub async fn same_origin(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let changes_state = crate::writes::changes_state(req.method());
    // A bearer token is sent on purpose by its holder's program, never by a browser on its
    // own as a cookie is: no cross-site request can carry it.
    let with_token = {
        use actix_web::HttpMessage;
        req.extensions().contains::<crate::bearer::TokenCaller>()
    };
    // The one-click unsubscribe (RFC 8058) is posted by mail programs, from wherever they
    // run; the link's secret is its only credential and no cookie is read.
    let one_click = req.path() == "/api/subscriptions/unsubscribe";
    if changes_state && !with_token && !one_click {
        let Some(config) = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.config.clone())
        else {
            return Ok(next.call(req).await?.map_into_left_body());
        };
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
        if let Some(claimed) = claimed
            && !config.accepts_origin(&claimed)
        {
            let expected = config.public_origin();
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                tracing::warn!(
                    expected = %expected,
                    got = %claimed,
                    "refused a write from another origin; if this is your own browser, set PUBLIC_URL to the address in its address bar (logged once)"
                );
            });
            let res = req.error_response(ApiError::Forbidden(format!(
                "Cross-origin request refused: this site expects requests from {expected} (PUBLIC_URL sets it)"
            )));
            return Ok(res.map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
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

groups!(
    SignIn => "sign-in",
    AdminSignIn => "admin-sign-in",
    SignUp => "sign-up",
    Comments => "comments",
    HelpMessages => "help",
    PasswordReset => "password-reset",
    VerificationMail => "verification-mail",
    GoogleSignIn => "google",
    PasswordCheck => "password-check",
    VerifyEmail => "verify-email",
    SignOut => "sign-out",
    Subscribe => "subscribe",
);

/// Extracting this counts the request against its group's limit and answers 429 when over.
pub struct RateLimited<G: LimitGroup>(PhantomData<G>);

impl<G: LimitGroup> FromRequest for RateLimited<G> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        use actix_web::HttpMessage;
        let state = req.app_data::<web::Data<AppState>>().cloned();
        // Every request counts against its client's network; a token's requests count
        // against its owner too, so neither many tokens nor many addresses multiply a budget.
        let owner = req
            .extensions()
            .get::<crate::bearer::TokenCaller>()
            .map(|t| format!("user:{}", t.0.user.id));
        let client = state
            .as_ref()
            .map(|state| crate::client_ip::counted_client(req, &state.config.trusted_proxies));
        Box::pin(async move {
            let (Some(state), Some(client)) = (state, client) else {
                return Err(ApiError::Internal(anyhow::anyhow!(
                    "application state missing"
                )));
            };
            let mut wait = None;
            for key in std::iter::once(client).chain(owner) {
                match state
                    .limits
                    .per_client
                    .check(G::NAME, &key, state.clock.now())
                    .await
                {
                    Ok(Verdict::Allowed) => {}
                    Ok(Verdict::Limited { retry_after_secs }) => {
                        wait = wait.max(Some(retry_after_secs));
                    }
                    // The request needs the database next: answer 503 now, not after a second wait.
                    Err(domain::StoreError::Unavailable(e)) => {
                        return Err(ApiError::Unavailable(e));
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, group = G::NAME, "rate limit not counted");
                    }
                }
            }
            match wait {
                Some(retry_after_secs) => Err(ApiError::TooManyRequests { retry_after_secs }),
                None => Ok(RateLimited(PhantomData)),
            }
        })
    }
}
