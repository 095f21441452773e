//! The signed-in member's own subscription, as the dashboard shows and changes it
//! (`domain/src/subscription/mine.rs`).

use actix_web::{delete, get, put, web};
use domain::subscription::MySubscriptionChange;
use serde::Deserialize;
use utoipa::ToSchema;

use super::subscriptions::{FrequencyDto, SubscriptionDto};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// A new choice for the signed-in member's own subscription: both fields, as chosen.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySubscriptionRequest {
    pub frequency: FrequencyDto,
    /// Category names to hear about; none means all of them (new ones included).
    #[serde(default)]
    #[schema(max_items = 50)]
    pub categories: Vec<String>,
}

/// The signed-in member's subscription: the one of their account's address, whatever its
/// status (pending, confirmed, or ended by unsubscribing or a bounce). Answered once the
/// address is verified, since an unverified address may be someone else's. None stored is a
/// 404, as for any other thing that does not exist.
#[utoipa::path(
    tag = "subscriptions",
    responses(
        (status = 200, description = "The subscription", body = SubscriptionDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The account's address is not verified yet", body = ErrorBody),
        (status = 404, description = "No subscription for the account's address", body = ErrorBody),
    )
)]
#[get("/user/subscription")]
pub async fn my_subscription(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<SubscriptionDto>, ApiError> {
    let s = state.subscriptions.mine(&caller.0).await?;
    Ok(web::Json(s.into()))
}

/// Changes how often the signed-in member hears of new stories and about which categories.
/// Only a confirmed subscription of their own (verified) address changes: a pending one
/// waits for its mailed link, and an ended one is signed up for again.
#[utoipa::path(
    tag = "subscriptions",
    request_body = MySubscriptionRequest,
    responses(
        (status = 200, description = "Changed", body = SubscriptionDto),
        (status = 400, description = "An unknown frequency or category", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The account's address is not verified yet", body = ErrorBody),
        (status = 404, description = "No subscription for the account's address", body = ErrorBody),
        (status = 409, description = "Waiting for its confirmation, or ended", body = ErrorBody),
    )
)]
#[put("/user/subscription")]
pub async fn change_my_subscription(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<MySubscriptionRequest>,
) -> Result<Declared<web::Json<SubscriptionDto>>, ApiError> {
    let b = body.into_inner();
    let change = MySubscriptionChange {
        frequency: b.frequency.into(),
        categories: b.categories,
    };
    let s = state.subscriptions.change_mine(&caller.0, change).await?;
    Ok(web::Json(SubscriptionDto::from(s)).visible(Visible::Nothing))
}

/// Ends the signed-in member's own subscription, as the link in any of its mails does:
/// nothing more is sent. A sign-up still waiting for its confirmation ends too. The record
/// stays, with its consent, so the dashboard can offer the form again; leaving an ended one
/// changes nothing.
#[utoipa::path(
    tag = "subscriptions",
    responses(
        (status = 200, description = "Ended (or already ended)", body = SubscriptionDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The account's address is not verified yet", body = ErrorBody),
        (status = 404, description = "No subscription for the account's address", body = ErrorBody),
    )
)]
#[delete("/user/subscription")]
pub async fn leave_my_subscription(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<Declared<web::Json<SubscriptionDto>>, ApiError> {
    let s = state.subscriptions.leave_mine(&caller.0).await?;
    Ok(web::Json(SubscriptionDto::from(s)).visible(Visible::Nothing))
}
