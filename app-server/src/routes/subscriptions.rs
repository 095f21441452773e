//! New stories by e-mail: signing up from any page, confirming by the mailed link (a POST
//! from the page the link opens), changing the frequency and leaving in one click by the
//! link every mail carries; a signed-in member reads and changes their own subscription from
//! the dashboard. `docs/decisions/subscriptions.md` has the rules.

use actix_web::{HttpResponse, post, web};
use domain::subscription::{Frequency, SubscribeForm, Subscription, SubscriptionStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{RateLimited, Subscribe};
use crate::state::AppState;

/// What anyone who signs up hears, whatever was stored for the address.
pub const CHECK_INBOX: &str = "Check your inbox to confirm";

/// How often a subscriber hears of new stories.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FrequencyDto {
    /// One mail per story, ten minutes after it is published.
    Each,
    /// A digest on the site's digest weekday.
    Weekly,
    /// A digest on the first digest weekday of each month.
    Monthly,
}

impl From<Frequency> for FrequencyDto {
    fn from(f: Frequency) -> Self {
        match f {
            Frequency::Each => Self::Each,
            Frequency::Weekly => Self::Weekly,
            Frequency::Monthly => Self::Monthly,
        }
    }
}

impl From<FrequencyDto> for Frequency {
    fn from(f: FrequencyDto) -> Self {
        match f {
            FrequencyDto::Each => Self::Each,
            FrequencyDto::Weekly => Self::Weekly,
            FrequencyDto::Monthly => Self::Monthly,
        }
    }
}

/// Where a subscription stands.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SubscriptionStatusDto {
    Pending,
    Confirmed,
    Unsubscribed,
    Suspended,
}

impl From<SubscriptionStatus> for SubscriptionStatusDto {
    fn from(s: SubscriptionStatus) -> Self {
        match s {
            SubscriptionStatus::Pending => Self::Pending,
            SubscriptionStatus::Confirmed => Self::Confirmed,
            SubscriptionStatus::Unsubscribed => Self::Unsubscribed,
            SubscriptionStatus::Suspended => Self::Suspended,
        }
    }
}

/// A sign-up for new stories by e-mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscribeRequest {
    #[serde(default)]
    #[schema(required = true)]
    #[schema(max_length = 255)]
    pub email: String,
    /// `each`, `weekly` or `monthly`; the site's default (`weekly`) when left out.
    #[serde(default)]
    #[schema(value_type = Option<FrequencyDto>)]
    pub frequency: Option<String>,
    /// Category names to hear about; none (the default) means all of them.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub categories: Vec<String>,
    /// The site path the form was on (kept with the consent record).
    #[serde(default)]
    #[schema(max_length = 200)]
    pub page: Option<String>,
    /// Leave empty: a hidden field that only robots fill in.
    #[serde(default)]
    pub website: Option<String>,
}

/// The secret of a subscription link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionTokenRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub token: String,
}

/// A new frequency, by the link in a subscription mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeFrequencyRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub token: String,
    pub frequency: FrequencyDto,
}

/// The link's secret, in the address the one-click unsubscribe is sent to.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeParams {
    pub token: String,
}

/// A subscription as its owner sees it (through its link, or signed in).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionDto {
    pub email: String,
    pub frequency: FrequencyDto,
    /// Category names; empty for all.
    pub categories: Vec<String>,
    pub status: SubscriptionStatusDto,
}

impl From<Subscription> for SubscriptionDto {
    fn from(s: Subscription) -> Self {
        Self {
            email: s.email,
            frequency: s.frequency.into(),
            categories: s.categories,
            status: s.status.into(),
        }
    }
}

/// Signs an address up for new stories by e-mail. The answer is the same whether the
/// address is new, waiting for its confirmation or already subscribed; a confirmation link
/// is mailed unless the address is confirmed already (a signed-in member's own verified
/// address is confirmed at once).
#[utoipa::path(
    tag = "subscriptions",
    request_body = SubscribeRequest,
    responses(
        (status = 202, description = "Check your inbox to confirm", body = MessageResponse),
        (status = 400, description = "Not an e-mail address, an unknown frequency or category", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this network or for this address", body = ErrorBody),
    )
)]
#[post("/subscriptions")]
pub async fn subscribe(
    _limit: RateLimited<Subscribe>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<SubscribeRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    if let Ok(email) = domain::validation::Email::parse(&b.email) {
        // Counted by a digest of the address (the counter's key must fit its column), so
        // nobody can fill one person's inbox with confirmation mails from many networks.
        let counted = {
            use sha2::{Digest, Sha256};
            hex::encode(Sha256::digest(email.as_str().as_bytes()))
        };
        if let domain::rate_limit::Verdict::Limited { retry_after_secs } = state
            .limits
            .subscription_mail
            .check("subscribe-email", &counted, state.clock.now())
            .await?
        {
            return Err(ApiError::TooManyRequests { retry_after_secs });
        }
    }
    let form = SubscribeForm {
        email: b.email,
        frequency: b.frequency,
        categories: b.categories,
        page: b.page.unwrap_or_default(),
        website: b.website,
    };
    state.subscriptions.subscribe(&caller.0, form).await?;
    Ok(HttpResponse::Accepted()
        .json(MessageResponse::new(CHECK_INBOX))
        .visible(Visible::Nothing))
}

/// Confirms a sign-up with the secret of its mailed link. The link opens a page that sends
/// this request when the person presses "Confirm": opening the link changes nothing.
#[utoipa::path(
    tag = "subscriptions",
    request_body = SubscriptionTokenRequest,
    responses(
        (status = 200, description = "Confirmed (or confirmed already)", body = SubscriptionDto),
        (status = 400, description = "The sign-up expired or the subscription ended", body = ErrorBody),
        (status = 404, description = "No subscription has this link", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/subscriptions/confirm")]
pub async fn confirm_subscription(
    _limit: RateLimited<Subscribe>,
    state: web::Data<AppState>,
    body: web::Json<SubscriptionTokenRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let s = state.subscriptions.confirm(&body.token).await?;
    Ok(HttpResponse::Ok()
        .json(SubscriptionDto::from(s))
        .visible(Visible::Nothing))
}

/// Ends a subscription in one click (RFC 8058): the address in every subscription mail's
/// `List-Unsubscribe` header. Needs no session and no body; a repeated request changes
/// nothing more.
#[utoipa::path(
    tag = "subscriptions",
    params(UnsubscribeParams),
    responses(
        (status = 200, description = "Unsubscribed", body = SubscriptionDto),
        (status = 404, description = "No subscription has this link", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/subscriptions/unsubscribe")]
pub async fn unsubscribe(
    _limit: RateLimited<Subscribe>,
    state: web::Data<AppState>,
    params: web::Query<UnsubscribeParams>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let s = state.subscriptions.unsubscribe(&params.token).await?;
    Ok(HttpResponse::Ok()
        .json(SubscriptionDto::from(s))
        .visible(Visible::Nothing))
}

/// Changes how often a subscriber hears of new stories ("Send less often"), by the link in
/// a subscription mail.
#[utoipa::path(
    tag = "subscriptions",
    request_body = ChangeFrequencyRequest,
    responses(
        (status = 200, description = "Changed", body = SubscriptionDto),
        (status = 400, description = "The subscription has ended", body = ErrorBody),
        (status = 404, description = "No subscription has this link", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/subscriptions/frequency")]
pub async fn change_frequency(
    _limit: RateLimited<Subscribe>,
    state: web::Data<AppState>,
    body: web::Json<ChangeFrequencyRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let s = state
        .subscriptions
        .change_frequency(&b.token, b.frequency.into())
        .await?;
    Ok(HttpResponse::Ok()
        .json(SubscriptionDto::from(s))
        .visible(Visible::Nothing))
}
