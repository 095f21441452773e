//! "Continue with Google": the redirect to the provider and its callback.
//!
//! The state, nonce and PKCE verifier travel in a short-lived cookie that is encrypted and
//! authenticated with the session key, so starting a sign-in stores nothing on the server
//! (a visitor cannot fill the database by asking again and again) and touches no session.

use actix_session::Session;
use actix_web::cookie::{Cookie, CookieJar, SameSite, time::Duration};
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, get, web};
use domain::StoreError;
use domain::account::external::ExternalSignInError;
use domain::user::ports::IdentityError;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use crate::error::{ApiError, ErrorBody};
use crate::security::{GoogleSignIn, RateLimited};
use crate::state::AppState;

/// The cookie that carries a started sign-in back to the callback.
pub const FLOW_COOKIE: &str = "gs_oidc";
const FLOW_PATH: &str = "/api/auth/google";
/// How long a started sign-in may take.
const FLOW_MINUTES: i64 = 10;

/// What the callback needs to finish the sign-in it was started for.
#[derive(Debug, Serialize, Deserialize)]
struct Flow {
    state: String,
    nonce: String,
    pkce: String,
    /// When it began, in Unix milliseconds: older than [`FLOW_MINUTES`] is refused even if a
    /// browser kept it, and a local account links only if it proved its address before.
    started_ms: i64,
}

fn redirect(to: &str) -> HttpResponse {
    HttpResponse::Found().insert_header((LOCATION, to)).finish()
}

fn not_configured() -> ApiError {
    ApiError::ServiceUnavailable("Google sign-in is not configured".into())
}

fn flow_cookie(value: String, secure: bool, age: Duration) -> Cookie<'static> {
    Cookie::build(FLOW_COOKIE, value)
        .path(FLOW_PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(age)
        .finish()
}

/// Sends the browser to the provider (authorization code flow with PKCE, state and nonce).
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 302, description = "Redirect to the provider"),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
        (status = 429, description = "Too many sign-ins started from this address", body = ErrorBody),
        (status = 503, description = "Google sign-in is not configured or the provider is unreachable", body = ErrorBody),
    )
)]
#[get("/auth/google")]
pub async fn google_start(
    _limit: RateLimited<GoogleSignIn>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let provider = state.identity.as_ref().ok_or_else(not_configured)?;
    let request = provider.authorization_request().await.map_err(|e| {
        tracing::warn!(error = %e, "Google sign-in cannot start");
        ApiError::ServiceUnavailable(
            "Google sign-in is unavailable right now; please try again later".into(),
        )
    })?;
    let flow = Flow {
        state: request.state,
        nonce: request.nonce,
        pkce: request.pkce_verifier,
        started_ms: state.clock.now().timestamp_millis(),
    };
    let value = serde_json::to_string(&flow)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("sign-in flow: {e}")))?;
    let mut jar = CookieJar::new();
    jar.private_mut(&state.session_key).add(flow_cookie(
        value,
        state.config.is_https(),
        Duration::minutes(FLOW_MINUTES),
    ));
    let mut res = redirect(&request.url);
    for cookie in jar.delta() {
        res.add_cookie(cookie)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("sign-in cookie: {e}")))?;
    }
    Ok(res)
}

/// The sign-in this browser started, if its cookie is genuine and not too old.
fn started_flow(req: &HttpRequest, state: &AppState) -> Option<Flow> {
    let mut jar = CookieJar::new();
    jar.add_original(req.cookie(FLOW_COOKIE)?);
    let cookie = jar.private(&state.session_key).get(FLOW_COOKIE)?;
    let flow: Flow = serde_json::from_str(cookie.value()).ok()?;
    (state.clock.now().timestamp_millis() - flow.started_ms <= FLOW_MINUTES * 60_000)
        .then_some(flow)
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackParams {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
}

/// The provider's redirect back: checks state, exchanges the code, verifies the ID token's
/// nonce, then signs the person in (linking to a local account only when its e-mail is
/// verified, else a new pending member). Failures return to `/auth?error=google-...`:
/// `cancelled`, `state`, `failed`, `unverified`, `account-exists`, `unavailable`,
/// `not-configured`.
#[utoipa::path(
    tag = "accounts",
    params(CallbackParams),
    responses(
        (status = 302, description = "Signed in (to /) or refused (to /auth?error=google-...)"),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
    )
)]
#[get("/auth/google/callback")]
pub async fn google_callback(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    params: web::Query<CallbackParams>,
) -> HttpResponse {
    let mut res = finish(&req, &state, &session, params.into_inner()).await;
    if req.cookie(FLOW_COOKIE).is_some() {
        // The flow is used up, whatever happened.
        let _ = res.add_cookie(&flow_cookie(
            String::new(),
            state.config.is_https(),
            Duration::ZERO,
        ));
    }
    res
}

async fn finish(
    req: &HttpRequest,
    state: &AppState,
    session: &Session,
    p: CallbackParams,
) -> HttpResponse {
    let Some(provider) = state.identity.as_ref() else {
        return redirect("/auth?error=google-not-configured");
    };
    let (Some(code), Some(got), None) = (p.code, p.state, p.error) else {
        return redirect("/auth?error=google-cancelled");
    };
    let Some(flow) = started_flow(req, state) else {
        return redirect("/auth?error=google-state");
    };
    if got != flow.state {
        return redirect("/auth?error=google-state");
    }
    // A started sign-in is good for one callback, on any instance: a replayed callback
    // (the same cookie and address, captured or sent twice) is refused before the code is
    // spent.
    let began = chrono::DateTime::from_timestamp_millis(flow.started_ms)
        .unwrap_or(chrono::DateTime::UNIX_EPOCH);
    let keep_until = began + chrono::Duration::minutes(FLOW_MINUTES);
    // Keyed by the flow cookie itself (encrypted with a fresh nonce at each start), so the
    // key names this one started sign-in.
    let started_flow_key = req.cookie(FLOW_COOKIE).map_or_else(String::new, |c| {
        use sha2::{Digest, Sha256};
        hex::encode(Sha256::digest(c.value().as_bytes()))
    });
    match state
        .limits
        .used_once
        .first_use("google-flow", &started_flow_key, keep_until)
        .await
    {
        Ok(true) => {}
        Ok(false) => return redirect("/auth?error=google-state"),
        Err(StoreError::Unavailable(_)) => return redirect("/auth?error=google-unavailable"),
        Err(_) => return redirect("/auth?error=google-failed"),
    }
    let identity = match provider.exchange(&code, &flow.nonce, &flow.pkce).await {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!(error = %e, "Google sign-in failed");
            return redirect(match e {
                IdentityError::Unavailable(_) => "/auth?error=google-unavailable",
                IdentityError::Failed(_) => "/auth?error=google-failed",
            });
        }
    };
    match state.accounts.sign_in_external(identity, began).await {
        Ok(user) => {
            match crate::session::start(session, req, &state.config, &user, state.clock.now()) {
                Ok(()) => redirect("/"),
                Err(_) => redirect("/auth?error=google-failed"),
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "Google sign-in refused");
            redirect(match e {
                ExternalSignInError::UnverifiedEmail => "/auth?error=google-unverified",
                ExternalSignInError::AccountExists => "/auth?error=google-account-exists",
                ExternalSignInError::Suspended(_) => "/auth?error=google-suspended",
                ExternalSignInError::SuperAdmin => "/auth?error=google-super-admin",
                ExternalSignInError::Store(StoreError::Unavailable(_)) => {
                    "/auth?error=google-unavailable"
                }
                ExternalSignInError::Store(_) => "/auth?error=google-failed",
            })
        }
    }
}
