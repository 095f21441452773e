//! A session that cannot be loaded or saved because the database is unavailable answers
//! 503 with the JSON message of every other call, not actix-session's empty 500: the store
//! notes the cause for this request, and [`answer_503`], wrapped around the session
//! middleware, turns that request's failure into the ordinary answer.

use std::cell::RefCell;

use actix_web::Error;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use domain::StoreError;

use crate::error::ApiError;

tokio::task_local! {
    /// What kept the session store from the database during this request, if anything.
    static CAUSE: RefCell<Option<anyhow::Error>>;
}

/// The store's error for actix-session; an outage's cause is kept for [`answer_503`].
pub(super) fn noted(error: StoreError) -> anyhow::Error {
    match error {
        StoreError::Unavailable(cause) => {
            let said = anyhow::anyhow!("the session store is unavailable: {cause:#}");
            if let Err(unscoped) = CAUSE.try_with(|c| c.borrow_mut().replace(cause)) {
                // Outside a request (the expired-session purge): nothing to answer.
                tracing::debug!(%unscoped, "session store outage outside a request");
            }
            said
        }
        other => other.into(),
    }
}

/// The middleware, outside the session middleware: a session store outage becomes the
/// [`ApiError::Unavailable`] actix-web answers for it (503 and the JSON message).
///
/// # Errors
/// The inner service's errors, an outage of the session store as [`ApiError::Unavailable`].
pub async fn answer_503(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    CAUSE
        .scope(RefCell::new(None), async move {
            let res = next.call(req).await;
            match (res, CAUSE.with(|c| c.borrow_mut().take())) {
                (Err(_), Some(cause)) => Err(ApiError::Unavailable(cause).into()),
                (res, _) => res.map(ServiceResponse::map_into_boxed_body),
            }
        })
        .await
}
