//! A contributor's schedule: the list with computed statuses, adding, completing and
//! deleting tasks.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use chrono::{DateTime, Utc};
use domain::schedule::{ScheduleForm, ScheduleId, ScheduleStatus, ScheduleWithStatus};
use domain::user::UserId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// Where a task stands now: `completed` when done; `overdue` once the due date passed;
/// `due_soon` within 48 hours; otherwise `upcoming`.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleStatusDto {
    Completed,
    Overdue,
    DueSoon,
    Upcoming,
}

impl From<ScheduleStatus> for ScheduleStatusDto {
    fn from(s: ScheduleStatus) -> Self {
        match s {
            ScheduleStatus::Completed => Self::Completed,
            ScheduleStatus::Overdue => Self::Overdue,
            ScheduleStatus::DueSoon => Self::DueSoon,
            ScheduleStatus::Upcoming => Self::Upcoming,
        }
    }
}

/// A task on a contributor's schedule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleDto {
    pub id: i64,
    pub contributor_id: String,
    pub due_date: DateTime<Utc>,
    pub title: String,
    pub description: Option<String>,
    pub is_completed: bool,
    /// The one reminder e-mail (due within 48 hours) has gone out.
    pub reminder_sent: bool,
    pub created_at: DateTime<Utc>,
    /// Computed by the server when the answer was made.
    pub status: ScheduleStatusDto,
}

impl From<ScheduleWithStatus> for ScheduleDto {
    fn from(s: ScheduleWithStatus) -> Self {
        let item = s.schedule;
        Self {
            id: item.id.0,
            contributor_id: item.contributor_id.to_string(),
            due_date: item.due_date,
            title: item.title,
            description: item.description,
            is_completed: item.is_completed,
            reminder_sent: item.reminder_sent,
            created_at: item.created_at,
            status: s.status.into(),
        }
    }
}

/// A new task.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateScheduleRequest {
    /// Required, at most 255 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 255)]
    pub title: String,
    /// Optional, at most 2,000 characters; blank means none.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// Required: an RFC 3339 timestamp with an offset, such as `2024-03-05T17:00:00Z`.
    #[serde(default)]
    #[schema(required = true, value_type = String, format = DateTime)]
    pub due_date: Option<String>,
    /// Whose schedule: leave out for your own. A super admin may name any approved user.
    #[serde(default)]
    pub contributor_id: Option<String>,
}

/// A change to a task.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateScheduleRequest {
    /// `true` to mark the task done, `false` to open it again.
    pub is_completed: bool,
}

/// Whose schedule to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListSchedulesParams {
    /// Another user's id (super admin only); leave out for your own schedule.
    #[serde(rename = "contributorId")]
    #[param(rename = "contributorId")]
    pub contributor_id: Option<String>,
}

/// Your schedule, earliest due first, each task with its status.
#[utoipa::path(
    tag = "schedules",
    params(ListSchedulesParams),
    responses(
        (status = 200, description = "The tasks", body = Vec<ScheduleDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or someone else's schedule without being a super admin", body = ErrorBody),
    )
)]
#[get("/schedules")]
pub async fn list_schedules(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    params: web::Query<ListSchedulesParams>,
) -> Result<web::Json<Vec<ScheduleDto>>, ApiError> {
    let whose = params.into_inner().contributor_id.map(UserId::new);
    let items = state.schedules.list(&caller.0, whose.as_ref()).await?;
    Ok(web::Json(items.into_iter().map(Into::into).collect()))
}

/// Adds a task to your schedule (a super admin may add one to any approved user's).
#[utoipa::path(
    tag = "schedules",
    request_body = CreateScheduleRequest,
    responses(
        (status = 201, description = "Stored", body = ScheduleDto),
        (status = 400, description = "Invalid fields, or an unknown or unapproved contributor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or someone else's schedule without being a super admin", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
    )
)]
#[post("/schedules")]
pub async fn create_schedule(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<CreateScheduleRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let form = ScheduleForm {
        title: b.title,
        description: b.description,
        due_date: b.due_date,
        contributor_id: b.contributor_id,
    };
    let created = state.schedules.create(&caller.0, form).await?;
    Ok(HttpResponse::Created()
        .json(ScheduleDto::from(created))
        .visible(Visible::Nothing))
}

/// Marks one of your tasks completed, or open again.
#[utoipa::path(
    tag = "schedules",
    params(("id" = i64, Path, description = "Schedule item id")),
    request_body = UpdateScheduleRequest,
    responses(
        (status = 200, description = "The changed task", body = ScheduleDto),
        (status = 400, description = "Invalid id or body", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or someone else's task", body = ErrorBody),
        (status = 404, description = "No such task", body = ErrorBody),
    )
)]
#[patch("/schedules/{id}")]
pub async fn update_schedule(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: web::Json<UpdateScheduleRequest>,
) -> Result<Declared<web::Json<ScheduleDto>>, ApiError> {
    let changed = state
        .schedules
        .set_completed(&caller.0, ScheduleId(id.into_inner()), body.is_completed)
        .await?;
    Ok(web::Json(ScheduleDto::from(changed)).visible(Visible::Nothing))
}

/// Deletes one of your tasks.
#[utoipa::path(
    tag = "schedules",
    params(("id" = i64, Path, description = "Schedule item id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "The id is not a number", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or someone else's task", body = ErrorBody),
        (status = 404, description = "No such task", body = ErrorBody),
    )
)]
#[delete("/schedules/{id}")]
pub async fn delete_schedule(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state
        .schedules
        .delete(&caller.0, ScheduleId(id.into_inner()))
        .await?;
    Ok(web::Json(MessageResponse::new("Task deleted successfully")).visible(Visible::Nothing))
}
