//! The mail outbox, read by the super admin: what the site sent or is about to send.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use domain::mail::{DeliveryState, OutboxEntry};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// How mail leaves this site.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MailDeliveryMode {
    /// `SMTP_URL` is set: a worker sends the outbox.
    Smtp,
    /// No `SMTP_URL`: messages stay in the outbox (and the log) for the administrator.
    Outbox,
}

/// Where one message stands.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MailStatusDto {
    Sent,
    Pending,
    Failed,
}

impl From<DeliveryState> for MailStatusDto {
    fn from(s: DeliveryState) -> Self {
        match s {
            DeliveryState::Sent => Self::Sent,
            DeliveryState::Pending => Self::Pending,
            DeliveryState::Failed => Self::Failed,
        }
    }
}

/// One recorded message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessageDto {
    pub id: i64,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub status: MailStatusDto,
    pub attempts: u32,
    /// The mail server's answer to the last failed try.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<OutboxEntry> for OutboxMessageDto {
    fn from(e: OutboxEntry) -> Self {
        Self {
            status: e.state().into(),
            id: e.id,
            to: e.to,
            subject: e.subject,
            body: e.body,
            attempts: e.attempts,
            last_error: e.last_error,
            created_at: e.created_at,
            sent_at: e.sent_at,
        }
    }
}

/// The outbox and how it is delivered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailOutboxDto {
    pub delivery: MailDeliveryMode,
    /// Newest first.
    pub messages: Vec<OutboxMessageDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxQuery {
    /// Only messages in this state: `sent`, `pending` or `failed`.
    #[param(inline)]
    pub status: Option<MailStatusFilter>,
    /// How many of the newest messages (1 to 200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// A message state to filter by.
#[derive(Debug, Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum MailStatusFilter {
    Sent,
    Pending,
    Failed,
}

/// A page of the mail outbox, newest first (super admin only); how many messages match
/// is in `X-Total-Count`. One-time links are shown as `[link hidden]`.
#[utoipa::path(
    tag = "admin",
    params(OutboxQuery),
    responses(
        (status = 200, description = "The outbox, newest first", body = MailOutboxDto,
            headers(("X-Total-Count" = u64, description = "How many messages match"))),
        (status = 400, description = "A limit, offset or status out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/mail-outbox")]
pub async fn list_mail_outbox(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<OutboxQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = query.status.map(|s| match s {
        MailStatusFilter::Sent => DeliveryState::Sent,
        MailStatusFilter::Pending => DeliveryState::Pending,
        MailStatusFilter::Failed => DeliveryState::Failed,
    });
    let page = state
        .mail
        .outbox(&caller.0, status, query.limit, query.offset)
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("X-Total-Count", page.total.to_string()))
        .json(MailOutboxDto {
            delivery: if state.config.smtp_url.is_some() {
                MailDeliveryMode::Smtp
            } else {
                MailDeliveryMode::Outbox
            },
            messages: page.items.into_iter().map(Into::into).collect(),
        }))
}

/// Gives a failed message a fresh set of tries (super admin only).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Message id")),
    responses(
        (status = 200, description = "Due again", body = OutboxMessageDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 409, description = "The message did not fail (sent, or still being tried)", body = ErrorBody),
    )
)]
#[post("/admin/mail-outbox/{id}/retry")]
pub async fn retry_mail(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<OutboxMessageDto>>, ApiError> {
    let entry = state.mail.retry(&caller.0, id.into_inner()).await?;
    Ok(web::Json(OutboxMessageDto::from(entry)).visible(Visible::Nothing))
}
