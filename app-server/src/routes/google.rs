//! "Continue with Google": the redirect to the provider and its callback.

use actix_session::Session;
use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::auth::start_session;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

const STATE_KEY: &str = "oidc_state";
const NONCE_KEY: &str = "oidc_nonce";
const PKCE_KEY: &str = "oidc_pkce";

fn redirect(to: &str) -> HttpResponse {
    HttpResponse::Found().insert_header((LOCATION, to)).finish()
}

fn not_configured() -> ApiError {
    ApiError::ServiceUnavailable("Google sign-in is not configured".into())
}

/// Sends the browser to the provider (authorization code flow with PKCE, state and nonce).
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 302, description = "Redirect to the provider"),
        (status = 503, description = "Google sign-in is not configured or the provider is unreachable", body = ErrorBody),
    )
)]
#[get("/auth/google")]
pub async fn google_start(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let provider = state.identity.as_ref().ok_or_else(not_configured)?;
    let request = provider.authorization_request().await?;
    let keep = |k: &str, v: &str| {
        session
            .insert(k, v)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("session insert: {e}")))
    };
    keep(STATE_KEY, &request.state)?;
    keep(NONCE_KEY, &request.nonce)?;
    keep(PKCE_KEY, &request.pkce_verifier)?;
    Ok(redirect(&request.url))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackParams {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
}

/// The provider's redirect back: checks state, exchanges the code, verifies the ID token's
/// nonce, then signs the person in (linking by verified e-mail, or a new pending member).
/// Failures return to `/auth?error=...`.
#[utoipa::path(
    tag = "accounts",
    params(CallbackParams),
    responses((status = 302, description = "Signed in (to /) or refused (to /auth?error=...)"))
)]
#[get("/auth/google/callback")]
pub async fn google_callback(
    state: web::Data<AppState>,
    session: Session,
    params: web::Query<CallbackParams>,
) -> HttpResponse {
    let take = |k: &str| {
        let v = session.get::<String>(k).ok().flatten();
        session.remove(k);
        v
    };
    let (expected, nonce, pkce) = (take(STATE_KEY), take(NONCE_KEY), take(PKCE_KEY));
    let Some(provider) = state.identity.as_ref() else {
        return redirect("/auth?error=google-not-configured");
    };
    let p = params.into_inner();
    let (Some(code), Some(got), Some(expected), Some(nonce), Some(pkce)) =
        (p.code, p.state, expected, nonce, pkce)
    else {
        return redirect("/auth?error=google-cancelled");
    };
    if got != expected {
        return redirect("/auth?error=google-state");
    }
    let identity = match provider.exchange(&code, &nonce, &pkce).await {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!(error = %e, "Google sign-in failed");
            return redirect("/auth?error=google-failed");
        }
    };
    match state.accounts.sign_in_external(identity).await {
        Ok(user) if start_session(&session, &user).is_ok() => redirect("/"),
        Ok(_) => redirect("/auth?error=google-failed"),
        Err(e) => {
            tracing::warn!(error = %e, "Google sign-in refused");
            redirect("/auth?error=google-unverified")
        }
    }
}
