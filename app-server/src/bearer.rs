//! `Authorization: Bearer gst_...`: personal API tokens on every `/api` call.
//!
//! The middleware looks the token up once per request (or finds it looked up a moment ago,
//! `crate::access_cache`) and leaves its holder in the request's extensions, where [`crate::caller::CurrentCaller`], the `Origin` check and the
//! rate limits find it. A request with a token is that token's holder and never the
//! session cookie's, so a page on another site cannot borrow a signed-in browser's
//! ambient cookie through it. An unknown, revoked or expired token is a 401, never a
//! silent visitor; a `read` token gets 403 on anything but `GET` and `HEAD`.

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web;
use domain::api_token::TokenHolder;

use crate::error::ApiError;
use crate::state::AppState;

/// The holder of the token this request presented (in the request's extensions).
#[derive(Debug, Clone)]
pub struct TokenCaller(pub TokenHolder);

/// The bearer credential of a request: `Some("")` for a malformed `Authorization: Bearer`
/// header, `None` without one (other schemes are not ours and are left alone).
fn bearer_of(req: &ServiceRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, rest) = value.split_once(' ').unwrap_or((value, ""));
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| rest.trim().to_owned())
}

/// Whether `path` creates a session or an account, or proves an inbox: sign-in, sign-up,
/// password reset, e-mail verification and the Google flow. A token there would let one
/// approved member run those flows without the limits of a browser; it is refused with a
/// 401 before it is even looked up.
pub fn refuses_tokens(path: &str) -> bool {
    const EXACT: [&str; 3] = ["/api/login", "/api/admin/login", "/api/register"];
    const PREFIXES: [&str; 3] = [
        "/api/password-reset",
        "/api/verify-email",
        "/api/auth/google",
    ];
    EXACT.contains(&path)
        || PREFIXES.iter().any(|p| {
            path.strip_prefix(p)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// What a token hears on the paths of [`refuses_tokens`].
pub const TOKENS_REFUSED_HERE: &str = "API tokens cannot be used here";

pub async fn authenticate(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let is_api = req.path() == "/api" || req.path().starts_with("/api/");
    let secret = if is_api { bearer_of(&req) } else { None };
    let (Some(secret), Some(state)) = (secret, req.app_data::<web::Data<AppState>>().cloned())
    else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let refuse =
        |req: ServiceRequest, api: ApiError| Ok(req.error_response(api).map_into_right_body());
    if refuses_tokens(req.path()) {
        return refuse(req, ApiError::Unauthorized(TOKENS_REFUSED_HERE.into()));
    }
    let found = match state.access.token(&secret) {
        Some(kept) => Ok(kept.filter(|h| !h.is_expired(state.clock.now()))),
        None => {
            let reading = state.access.reading();
            let found = state.api_tokens.authenticate(&secret).await;
            if let Ok(holder) = &found {
                state.access.keep_token(&secret, reading, holder.clone());
            }
            found
        }
    };
    let holder = match found {
        Ok(Some(holder)) => holder,
        Ok(None) => {
            return refuse(
                req,
                ApiError::Unauthorized("Invalid, revoked or expired API token".into()),
            );
        }
        Err(e) => return refuse(req, e.into()),
    };
    if !holder
        .scope
        .permits(crate::writes::changes_state(req.method()))
    {
        return refuse(
            req,
            ApiError::Forbidden("This API token may only read (scope read)".into()),
        );
    }
    req.extensions_mut().insert(TokenCaller(holder));
    Ok(next.call(req).await?.map_into_left_body())
}
