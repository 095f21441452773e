//! The mail outbox, read by the super admin: what the site sent or is about to send.

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use domain::mail::{DeliveryState, OutboxEntry};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
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
    /// How many of the newest messages (default 50, at most 200).
    pub limit: Option<u64>,
}

/// The newest messages of the mail outbox (super admin only).
#[utoipa::path(
    tag = "admin",
    params(OutboxQuery),
    responses(
        (status = 200, description = "The outbox, newest first", body = MailOutboxDto),
        (status = 400, description = "A limit that is not a number", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/mail-outbox")]
pub async fn list_mail_outbox(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<OutboxQuery>,
) -> Result<web::Json<MailOutboxDto>, ApiError> {
    let entries = state.mail.outbox(&caller.0, query.limit).await?;
    Ok(web::Json(MailOutboxDto {
        delivery: if state.config.smtp_url.is_some() {
            MailDeliveryMode::Smtp
        } else {
            MailDeliveryMode::Outbox
        },
        messages: entries.into_iter().map(Into::into).collect(),
    }))
}
