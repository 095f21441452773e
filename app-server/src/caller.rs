//! The extractor that turns a request's session into the domain's `Caller`.

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use domain::Caller;
use domain::user::UserId;
use futures_util::future::LocalBoxFuture;

use crate::error::ApiError;
use crate::state::AppState;

pub use crate::session::USER_ID_KEY;

/// The caller of this request: a visitor, or the signed-in user as stored now (so a role
/// change or deletion takes effect on the next request). A signed-in request moves the
/// session's idle limit (at most every few minutes).
pub struct CurrentCaller(pub Caller);

impl FromRequest for CurrentCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
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
            match state.accounts.find(&UserId::new(id)).await? {
                Some(user) if user.suspended_reason.is_none() => {
                    crate::session::seen(&session);
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
