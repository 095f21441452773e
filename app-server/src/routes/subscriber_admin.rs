//! The super admin's side of subscriptions: counts, the list and its CSV export, removing
//! one and the site's default frequency (bounces are in `delivery_reports.rs`).
//! `docs/decisions/subscriptions.md` has the rules.

use actix_web::{HttpResponse, delete, get, put, web};
use chrono::{DateTime, Utc};
use domain::subscription::{SubscriberAdminError, SubscriberCounts, Subscription};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::paged;
use super::subscriptions::{FrequencyDto, SubscriptionStatusDto};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody, field_errors};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

impl From<SubscriberAdminError> for ApiError {
    fn from(err: SubscriberAdminError) -> Self {
        use SubscriberAdminError as E;
        match err {
            E::Refused(r) => r.into(),
            E::InvalidPage(p) => p.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

/// Confirmed subscriptions by frequency.
#[derive(Debug, Serialize, ToSchema)]
pub struct FrequencyCountsDto {
    pub each: u64,
    pub weekly: u64,
    pub monthly: u64,
}

/// How many subscriptions there are, and the frequency of sign-ups that name none.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriberSummaryDto {
    pub pending: u64,
    pub confirmed: u64,
    pub unsubscribed: u64,
    pub suspended: u64,
    pub confirmed_by_frequency: FrequencyCountsDto,
    pub default_frequency: FrequencyDto,
}

impl SubscriberSummaryDto {
    fn new(c: SubscriberCounts, default: domain::subscription::Frequency) -> Self {
        Self {
            pending: c.pending,
            confirmed: c.confirmed,
            unsubscribed: c.unsubscribed,
            suspended: c.suspended,
            confirmed_by_frequency: FrequencyCountsDto {
                each: c.confirmed_each,
                weekly: c.confirmed_weekly,
                monthly: c.confirmed_monthly,
            },
            default_frequency: default.into(),
        }
    }
}

/// The frequency of sign-ups that name none.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DefaultFrequencyDto {
    pub frequency: FrequencyDto,
}

/// What the subscriber agreed to, and where.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionConsentDto {
    /// The words the form showed.
    pub wording: String,
    /// The site path the form was on.
    pub page: String,
    pub at: DateTime<Utc>,
}

/// One subscription as the super admin sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminSubscriptionDto {
    pub id: i64,
    pub email: String,
    pub status: SubscriptionStatusDto,
    pub frequency: FrequencyDto,
    /// Category names; empty for all.
    pub categories: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub consent: SubscriptionConsentDto,
    /// Permanent failures reported since the last confirmation.
    pub hard_bounces: u32,
}

impl From<Subscription> for AdminSubscriptionDto {
    fn from(s: Subscription) -> Self {
        Self {
            id: s.id,
            email: s.email,
            status: s.status.into(),
            frequency: s.frequency.into(),
            categories: s.categories,
            created_at: s.created_at,
            confirmed_at: s.confirmed_at,
            consent: SubscriptionConsentDto {
                wording: s.consent.wording,
                page: s.consent.page,
                at: s.consent.at,
            },
            hard_bounces: s.hard_bounces,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberQuery {
    /// Only subscriptions in this status.
    #[param(value_type = Option<SubscriptionStatusDto>)]
    pub status: Option<String>,
    /// How many (1 to 200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000_000)]
    pub offset: Option<u64>,
}

/// How many subscriptions there are in each status (the confirmed ones by frequency), and
/// the default frequency: the super admin.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The counts", body = SubscriberSummaryDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[get("/admin/subscriptions/summary")]
pub async fn subscriber_summary(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<SubscriberSummaryDto>, ApiError> {
    let (counts, default) = state.subscriber_admin.summary(&caller.0).await?;
    Ok(web::Json(SubscriberSummaryDto::new(counts, default)))
}

/// Chooses the frequency of sign-ups that name none (the form preselects it): the super
/// admin. In the activity log.
#[utoipa::path(
    tag = "admin",
    request_body = DefaultFrequencyDto,
    responses(
        (status = 200, description = "Chosen", body = DefaultFrequencyDto),
        (status = 400, description = "Not a frequency", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[put("/admin/subscriptions/default-frequency")]
pub async fn set_default_frequency(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<DefaultFrequencyDto>,
) -> Result<Declared<web::Json<DefaultFrequencyDto>>, ApiError> {
    let chosen = state
        .subscriber_admin
        .set_default_frequency(&caller.0, body.frequency.into())
        .await?;
    // The site's public information names it.
    Ok(web::Json(DefaultFrequencyDto {
        frequency: chosen.into(),
    })
    .visible(Visible::Everything))
}

/// Every subscription, newest first, with its consent record and bounce count (the super
/// admin); how many match is in `X-Total-Count`.
#[utoipa::path(
    tag = "admin",
    params(SubscriberQuery),
    responses(
        (status = 200, description = "Subscriptions, newest first", body = [AdminSubscriptionDto],
            headers(("X-Total-Count" = u64, description = "How many subscriptions match"))),
        (status = 400, description = "An unknown status, a limit or offset out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[get("/admin/subscriptions")]
pub async fn list_subscriptions(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<SubscriberQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .subscriber_admin
        .page(
            &caller.0,
            query.status.as_deref(),
            query.limit,
            query.offset,
        )
        .await?;
    Ok(paged(
        page.items
            .into_iter()
            .map(AdminSubscriptionDto::from)
            .collect(),
        page.total,
    ))
}

/// Every subscription as a CSV file (RFC 4180, the list's columns; cells a spreadsheet
/// would run are prefixed with `'`): the super admin.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The CSV file", content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[get("/admin/subscriptions/export")]
pub async fn export_subscriptions(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<HttpResponse, ApiError> {
    let csv = state.subscriber_admin.export(&caller.0).await?;
    let day = state.clock.now().format("%Y-%m-%d");
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"subscriptions-{day}.csv\""),
        ))
        .insert_header(("cache-control", "no-store"))
        .body(csv))
}

/// Removes a subscription with its consent record and bounces: the super admin. In the
/// activity log with its address.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Subscription id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 404, description = "No such subscription", body = ErrorBody),
    )
)]
#[delete("/admin/subscriptions/{id}")]
pub async fn remove_subscription(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<HttpResponse>, ApiError> {
    state
        .subscriber_admin
        .remove(&caller.0, id.into_inner())
        .await?;
    Ok(HttpResponse::NoContent().finish().visible(Visible::Nothing))
}
