//! The help centre: anyone writes to the administrator; the super admin reads the inbox.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use domain::help::{HelpCategory, HelpForm, HelpMessage, InboxStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{HelpMessages, RateLimited};
use crate::state::AppState;

/// What the sender sees after sending.
pub const SENT: &str = "Your message has been sent to the administrator.";

/// A help category: general (General Question), technical (Technical Support), content
/// (Content Issues), account (Account Help), feature (Feature Request), bug (Bug Report).
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HelpCategoryDto {
    General,
    Technical,
    Content,
    Account,
    Feature,
    Bug,
}

impl From<HelpCategory> for HelpCategoryDto {
    fn from(c: HelpCategory) -> Self {
        match c {
            HelpCategory::General => Self::General,
            HelpCategory::Technical => Self::Technical,
            HelpCategory::Content => Self::Content,
            HelpCategory::Account => Self::Account,
            HelpCategory::Feature => Self::Feature,
            HelpCategory::Bug => Self::Bug,
        }
    }
}

/// A message to the administrator.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpContactRequest {
    /// Where the answer goes.
    #[serde(default)]
    #[schema(required = true)]
    #[schema(max_length = 255)]
    pub contact_email: String,
    /// Required, at most 255 characters.
    #[serde(default)]
    #[schema(required = true)]
    #[schema(min_length = 1, max_length = 255)]
    pub subject: String,
    /// Required, at most 10,000 characters.
    #[serde(default)]
    #[schema(required = true)]
    #[schema(min_length = 1, max_length = 10_000)]
    pub message: String,
    /// Default `general`; any other value than the six is refused.
    #[serde(default)]
    #[schema(value_type = Option<HelpCategoryDto>)]
    pub category: Option<String>,
    /// Ignored: the sender is taken from the session.
    // Still typed: a value that is not a text or null is refused, as the document says.
    #[serde(default)]
    pub user_id: Option<String>,
}

/// A message in the super admin's inbox.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpMessageDto {
    pub id: i64,
    pub subject: String,
    pub category: HelpCategoryDto,
    /// The category as people read it ("Technical Support").
    pub category_label: String,
    pub message: String,
    pub contact_email: String,
    /// The signed-in sender, `null` for a visitor.
    pub user_id: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When a super admin marked it handled; null while open.
    pub handled_at: Option<DateTime<Utc>>,
}

impl From<HelpMessage> for HelpMessageDto {
    fn from(m: HelpMessage) -> Self {
        Self {
            id: m.id,
            subject: m.subject,
            category: m.category.into(),
            category_label: m.category.label().to_owned(),
            message: m.message,
            contact_email: m.contact_email,
            user_id: m.user_id.map(|u| u.to_string()),
            created_at: m.created_at,
            handled_at: m.handled_at,
        }
    }
}

/// Sends a message to the administrator; the support address is told by e-mail.
#[utoipa::path(
    tag = "help",
    request_body = HelpContactRequest,
    responses(
        (status = 201, description = "Sent", body = MessageResponse),
        (status = 400, description = "Invalid fields or unknown category", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 429, description = "Too many messages", body = ErrorBody),
    )
)]
#[post("/help/contact")]
pub async fn send_help_message(
    _limit: RateLimited<HelpMessages>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<HelpContactRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let form = HelpForm {
        contact_email: b.contact_email,
        subject: b.subject,
        message: b.message,
        category: b.category,
    };
    state.help.send(&caller.0, form).await?;
    Ok(HttpResponse::Created()
        .json(MessageResponse::new(SENT))
        .visible(Visible::Nothing))
}

/// Which part of the help inbox.
#[derive(Debug, Deserialize, ToSchema, Clone, Copy, Default)]
#[serde(rename_all = "snake_case")]
pub enum InboxStatusDto {
    /// Waiting for an answer, oldest first.
    #[default]
    Open,
    /// Answered, latest handled first.
    Handled,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxParams {
    /// `open` (default) or `handled`.
    #[param(inline)]
    pub status: Option<InboxStatusDto>,
    /// 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// A page of the help inbox: open messages oldest first, or handled ones; the total is in
/// `X-Total-Count`.
#[utoipa::path(
    tag = "help",
    params(InboxParams),
    responses(
        (status = 200, description = "A page of help messages", body = Vec<HelpMessageDto>,
            headers(("X-Total-Count" = u64, description = "How many messages have this status"))),
        (status = 400, description = "A limit or offset out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/help-messages")]
pub async fn list_help_messages(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    params: web::Query<InboxParams>,
) -> Result<HttpResponse, ApiError> {
    let status = match params.status.unwrap_or_default() {
        InboxStatusDto::Open => InboxStatus::Open,
        InboxStatusDto::Handled => InboxStatus::Handled,
    };
    let page = state
        .help
        .inbox(&caller.0, status, params.limit, params.offset)
        .await?;
    let items: Vec<HelpMessageDto> = page.items.into_iter().map(Into::into).collect();
    Ok(super::dto::paged(items, page.total))
}

/// Marks a help message handled (answered by e-mail, or needing nothing).
#[utoipa::path(
    tag = "help",
    params(("id" = i64, Path, description = "Help message id")),
    responses(
        (status = 200, description = "Handled", body = HelpMessageDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
    )
)]
#[post("/admin/help-messages/{id}/handled")]
pub async fn mark_help_message_handled(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<HelpMessageDto>>, ApiError> {
    let message = state
        .help
        .mark_handled(&caller.0, id.into_inner(), state.clock.now())
        .await?;
    Ok(web::Json(HelpMessageDto::from(message)).visible(Visible::Nothing))
}

/// Deletes a help message (spam, or a duplicate).
#[utoipa::path(
    tag = "help",
    params(("id" = i64, Path, description = "Help message id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
    )
)]
#[delete("/admin/help-messages/{id}")]
pub async fn delete_help_message(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state
        .help
        .delete(&caller.0, id.into_inner(), state.clock.now())
        .await?;
    Ok(web::Json(MessageResponse::new("Help message deleted")).visible(Visible::Nothing))
}
