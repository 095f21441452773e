//! The device cookie: a browser that signed in to an account before gets a sealed cookie
//! (`gs_device`: the account and a random device id, encrypted and authenticated with the
//! session key), and its password checks for that account count apart from its network,
//! so a guesser who locks the account's sign-in from elsewhere never locks this browser
//! out (`docs/decisions/account-safety.md`).

use actix_web::cookie::{Cookie, CookieJar, SameSite, time::Duration};
use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, web};
use domain::user::User;
use domain::user::UserId;
use domain::user::lockout::{Attempt, DeviceClaim};
use futures_util::future::{Ready, ready};
use rand::distr::{Alphanumeric, SampleString};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::state::AppState;

pub const DEVICE_COOKIE: &str = "gs_device";
/// Only the API reads it.
const DEVICE_PATH: &str = "/api";
/// How long a browser stays known after its last sign-in.
pub const DEVICE_DAYS: i64 = 180;

#[derive(Debug, Serialize, Deserialize)]
struct Sealed {
    /// The account.
    u: String,
    /// The device's random id.
    d: String,
}

fn claim_of(req: &HttpRequest, state: &AppState) -> Option<DeviceClaim> {
    let mut jar = CookieJar::new();
    jar.add_original(req.cookie(DEVICE_COOKIE)?);
    let cookie = jar.private(&state.session_key).get(DEVICE_COOKIE)?;
    let sealed: Sealed = serde_json::from_str(cookie.value()).ok()?;
    Some(DeviceClaim {
        user: UserId::new(sealed.u),
        id: sealed.d,
    })
}

/// Where this request's password check comes from: its client's network, and the device
/// cookie when the server sealed it.
pub struct SignInAttempt(pub Attempt);

impl FromRequest for SignInAttempt {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(ApiError::Internal(anyhow::anyhow!(
                "application state missing"
            ))));
        };
        ready(Ok(SignInAttempt(Attempt {
            network: crate::client_ip::counted_client(req, &state.config.trusted_proxies),
            device: claim_of(req, state),
        })))
    }
}

/// Adds the device cookie for `user` to a sign-in's answer: the same device id when the
/// browser already held one for this account, else a new one.
///
/// # Errors
/// When the cookie cannot be added.
pub fn remember(
    res: &mut HttpResponse,
    state: &AppState,
    attempt: &Attempt,
    user: &User,
) -> Result<(), ApiError> {
    let id = match &attempt.device {
        Some(claim) if claim.user == user.id => claim.id.clone(),
        _ => Alphanumeric.sample_string(&mut rand::rng(), 24),
    };
    let value = serde_json::to_string(&Sealed {
        u: user.id.as_str().to_owned(),
        d: id,
    })
    .map_err(|e| ApiError::Internal(anyhow::anyhow!("device cookie: {e}")))?;
    let mut jar = CookieJar::new();
    jar.private_mut(&state.session_key).add(
        Cookie::build(DEVICE_COOKIE, value)
            .path(DEVICE_PATH)
            .http_only(true)
            .secure(state.config.is_https())
            .same_site(SameSite::Strict)
            .max_age(Duration::days(DEVICE_DAYS))
            .finish(),
    );
    for cookie in jar.delta() {
        res.add_cookie(cookie)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("device cookie: {e}")))?;
    }
    Ok(())
}
