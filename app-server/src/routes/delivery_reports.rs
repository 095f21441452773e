//! Bounces reported after delivery: delivery-status reports (RFC 3464) posted as raw mail by
//! the super admin (or a mail server with their API token), and the bounces stored from
//! them. `docs/decisions/subscriptions.md` has the rules.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use domain::subscription::{BounceOutcome, StoredBounce};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::paged;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// The most a delivery-status report may hold.
pub const MAX_REPORT_BYTES: usize = 256 * 1024;

/// A stored permanent failure, with the report that named it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionBounceDto {
    pub id: i64,
    pub subscription_id: i64,
    pub address: String,
    /// The RFC 3464 status (`5.1.1`).
    pub status: String,
    /// The `Diagnostic-Code` the report gave.
    pub diagnostic: Option<String>,
    /// The whole report as received.
    pub raw_report: String,
    pub received_at: DateTime<Utc>,
}

impl From<StoredBounce> for SubscriptionBounceDto {
    fn from(b: StoredBounce) -> Self {
        Self {
            id: b.id,
            subscription_id: b.bounce.subscription_id,
            address: b.bounce.address,
            status: b.bounce.status,
            diagnostic: b.bounce.diagnostic,
            raw_report: b.bounce.report,
            received_at: b.bounce.received_at,
        }
    }
}

/// What a report did for one of its recipients.
#[derive(Debug, Serialize, ToSchema)]
pub struct BounceOutcomeDto {
    pub address: String,
    pub status: String,
    /// Counted as a permanent failure of a subscribed address (stored).
    pub counted: bool,
    /// The address was suspended by this report.
    pub suspended: bool,
}

impl From<BounceOutcome> for BounceOutcomeDto {
    fn from(o: BounceOutcome) -> Self {
        Self {
            address: o.address,
            status: o.status,
            counted: o.counted,
            suspended: o.suspended,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BounceQuery {
    /// How many (1 to 100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000_000)]
    pub offset: Option<u64>,
}

/// The stored permanent failures, newest first, each with its whole report: the super
/// admin; how many there are is in `X-Total-Count`.
#[utoipa::path(
    tag = "admin",
    params(BounceQuery),
    responses(
        (status = 200, description = "Bounces, newest first", body = [SubscriptionBounceDto],
            headers(("X-Total-Count" = u64, description = "How many bounces are stored"))),
        (status = 400, description = "A limit or offset out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[get("/admin/subscriptions/bounces")]
pub async fn list_subscription_bounces(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<BounceQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .subscriber_admin
        .bounces(&caller.0, query.limit, query.offset)
        .await?;
    Ok(paged(
        page.items
            .into_iter()
            .map(SubscriptionBounceDto::from)
            .collect(),
        page.total,
    ))
}

/// Reads a delivery-status report (RFC 3464: the raw `multipart/report;
/// report-type=delivery-status` mail, sent as `message/rfc822` or `text/plain`): each
/// recipient whose delivery failed with a 5.x.x status counts as a permanent failure of its
/// subscription, and the second suspends it. Delays (4.x.x) and addresses nobody
/// subscribed count for nothing. The super admin (an API token of theirs too).
#[utoipa::path(
    tag = "admin",
    request_body(
        description = "The raw report, at most 256 KB",
        content(
            (String = "message/rfc822"),
            (String = "text/plain"),
        ),
    ),
    responses(
        (status = 200, description = "What was done for each recipient", body = [BounceOutcomeDto]),
        (status = 400, description = "Not a delivery-status report, or no recipient in it", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
        (status = 413, description = "Over 256 KB", body = ErrorBody),
    )
)]
#[post("/admin/subscriptions/bounces")]
pub async fn post_delivery_report(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    mut payload: web::Payload,
) -> Result<Declared<HttpResponse>, ApiError> {
    let mut raw = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| ApiError::bad_request(format!("Unreadable body: {e}")))?;
        if raw.len() + chunk.len() > MAX_REPORT_BYTES {
            return Err(ApiError::PayloadTooLarge);
        }
        raw.extend_from_slice(&chunk);
    }
    let outcomes = state
        .subscriber_admin
        .record_report(&caller.0, &raw)
        .await?;
    let list: Vec<BounceOutcomeDto> = outcomes.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().json(list).visible(Visible::Nothing))
}
