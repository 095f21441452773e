//! The extractor that turns a request's session into the domain's `Caller`.

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use domain::Caller;
use domain::user::UserId;
use futures_util::future::LocalBoxFuture;

use crate::bearer::TokenCaller;
use crate::error::ApiError;
use crate::state::AppState;

pub use crate::session::USER_ID_KEY;

/// The caller of this request: the holder of its API token, else a visitor or the
/// signed-in user as stored now (read at most [`crate::access_cache::FRESH_FOR`] ago, and
/// never before a write on this instance, so a role change or deletion takes effect on the
/// next request here and within that moment on the others). A signed-in request moves the session's idle limit (at most every few
/// minutes).
pub struct CurrentCaller(pub Caller);

impl FromRequest for CurrentCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        if let Some(TokenCaller(holder)) = req.extensions().get::<TokenCaller>() {
            let user = holder.user.clone();
            return Box::pin(async move { Ok(CurrentCaller(Caller::User(user))) });
        }
        let session = req.get_session();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let Some(state) = state else {
                return Err(ApiError::Internal(anyhow::anyhow!(
                    "application state missing"
                )));
            };
            let id = session.get::<String>(USER_ID_KEY).ok().flatten();
            let Some(id) = id else {
                return Ok(CurrentCaller(Caller::Visitor));
            };
            let user = match state.access.user(&id) {
                Some(kept) => kept,
                None => {
                    let reading = state.access.reading();
                    let user = state.accounts.find(&UserId::new(id.clone())).await?;
                    state.access.keep_user(&id, reading, user.clone());
                    user
                }
            };
            match user {
                Some(user) if user.suspended_reason.is_none() => {
                    crate::session::seen(&session, state.clock.now());
                    Ok(CurrentCaller(Caller::User(user)))
                }
                Some(_) => {
                    session.purge();
                    Ok(CurrentCaller(Caller::Visitor))
                }
                None => {
                    session.purge();
                    Ok(CurrentCaller(Caller::Visitor))
                }
            }
        })
    }
}

/// The caller of a request made from the site itself, not with an API token: tokens are
/// managed only by a person signed in (a leaked token cannot mint others).
pub struct SessionCaller(pub Caller);

impl FromRequest for SessionCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if req.extensions().get::<TokenCaller>().is_some() {
            return Box::pin(async {
                Err(ApiError::Forbidden(
                    "API tokens are managed from the site, signed in, not with a token".into(),
                ))
            });
        }
        let caller = CurrentCaller::from_request(req, payload);
        Box::pin(async move { Ok(SessionCaller(caller.await?.0)) })
    }
}
