//! A story's versions: the edit waiting for review (read, withdrawn) and every approved
//! version with who wrote and approved it.

use actix_web::{delete, get, web};
use domain::story::StoryId;
use serde::Serialize;
use utoipa::ToSchema;

use super::dto::StoryDto;
use super::review::RevisionDto;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// A staged edit beside the live story it would replace.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingEditDto {
    /// The live story as readers see it now.
    pub live: StoryDto,
    /// The edit waiting for review.
    pub edit: RevisionDto,
    /// The camelCase fields the edit changes.
    pub changed_fields: Vec<String>,
}

/// The edit of a live story that waits for review, beside the live story: for its author
/// reopening it and for reviewers comparing the two.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "The waiting edit and the live story", body = PendingEditDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Someone else's public story", body = ErrorBody),
        (status = 404, description = "No such story, or no edit waits", body = ErrorBody),
    )
)]
#[get("/stories/{id}/pending-edit")]
pub async fn get_pending_edit(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<web::Json<PendingEditDto>, ApiError> {
    let (live, edit) = state
        .stories
        .pending_edit(&caller.0, StoryId(id.into_inner()))
        .await?;
    let changed_fields = edit
        .fields
        .changed_from(&domain::story::StoryFields::of(&live.story))
        .into_iter()
        .map(str::to_owned)
        .collect();
    Ok(web::Json(PendingEditDto {
        live: StoryDto::shown_to(live, &caller.0, &state.config.site_name),
        edit: edit.into(),
        changed_fields,
    }))
}

/// The author takes back their edit before a reviewer decides; the live story stays as it
/// is and can be edited again.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Withdrawn; the live story", body = StoryDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or not the author", body = ErrorBody),
        (status = 404, description = "No such story, or no edit waits", body = ErrorBody),
    )
)]
#[delete("/stories/{id}/pending-edit")]
pub async fn withdraw_pending_edit(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let story = state
        .stories
        .withdraw_edit(&caller.0, StoryId(id.into_inner()))
        .await?;
    let visible = Visible::everything_if(story.story.is_public());
    Ok(web::Json(StoryDto::shown_to(
        story,
        &caller.0,
        &state.config.site_name,
    ))
    .visible(visible))
}

/// One approved version of a story.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryVersionDto {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    /// Who wrote this version (null for someone who has left).
    pub written_by: Option<String>,
    pub written_at: chrono::DateTime<chrono::Utc>,
    /// Who approved it (null when its admin author published it directly).
    pub approved_by: Option<String>,
    pub approved_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Every approved version of a story, newest first (its author and reviewers).
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "The versions, newest first", body = Vec<StoryVersionDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Someone else's published story, and not a reviewer", body = ErrorBody),
        (status = 404, description = "No such story, or one the caller may not see", body = ErrorBody),
    )
)]
#[get("/stories/{id}/revisions")]
pub async fn list_story_revisions(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<StoryVersionDto>>, ApiError> {
    let history = state
        .stories
        .history(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(
        history
            .into_iter()
            .map(|h| StoryVersionDto {
                id: h.revision.id,
                title: h.revision.fields.title,
                content: h.revision.fields.content,
                excerpt: h.revision.fields.excerpt,
                video_url: h.revision.fields.video_url,
                thumbnail_url: h.revision.fields.thumbnail_url,
                category: h.revision.fields.category,
                written_by: h.written_by,
                written_at: h.revision.created_at,
                approved_by: h.approved_by,
                approved_at: h.revision.reviewed_at,
            })
            .collect(),
    ))
}
