//! The story review queue: approve, reject (with a reason) and delete.

use actix_web::{delete, get, post, web};
use domain::story::StoryId;
use domain::story::{ReviewItem, Revision};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dto::{MessageResponse, StoryDto};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// A staged edit as the reviewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionDto {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl From<Revision> for RevisionDto {
    fn from(r: Revision) -> Self {
        Self {
            id: r.id,
            title: r.fields.title,
            content: r.fields.content,
            excerpt: r.fields.excerpt,
            video_url: r.fields.video_url,
            thumbnail_url: r.fields.thumbnail_url,
            category: r.fields.category,
            created_at: r.created_at,
        }
    }
}

/// A story waiting for review: new, or live with a staged edit (`revision`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingStoryDto {
    #[serde(flatten)]
    pub story: StoryDto,
    /// The staged edit of a live story, when that is what waits.
    pub revision: Option<RevisionDto>,
    /// The camelCase fields the staged edit changes (empty for new stories).
    pub changed_fields: Vec<String>,
}

impl From<ReviewItem> for PendingStoryDto {
    fn from(item: ReviewItem) -> Self {
        let live = domain::story::StoryFields::of(&item.story.story);
        let changed_fields = item
            .revision
            .as_ref()
            .map(|r| {
                r.fields
                    .changed_from(&live)
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        Self {
            story: item.story.into(),
            revision: item.revision.map(Into::into),
            changed_fields,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema, Default)]
pub struct RejectRequest {
    /// Why the story or edit is sent back; the author sees it and receives it by mail.
    pub reason: Option<String>,
}

/// Stories waiting for review, oldest first.
#[utoipa::path(
    tag = "review",
    responses(
        (status = 200, description = "The queue", body = Vec<PendingStoryDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
    )
)]
#[get("/admin/stories/pending")]
pub async fn list_pending_stories(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<Vec<PendingStoryDto>>, ApiError> {
    let queue = state.stories.review_queue(&caller.0).await?;
    Ok(web::Json(queue.into_iter().map(Into::into).collect()))
}

/// Approves a pending story (it goes live) or its staged edit (it replaces the live text).
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Approved", body = StoryDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "Nothing waits for review", body = ErrorBody),
    )
)]
#[post("/admin/stories/{id}/approve")]
pub async fn approve_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<web::Json<StoryDto>, ApiError> {
    Ok(web::Json(
        state
            .stories
            .approve(&caller.0, StoryId(id.into_inner()))
            .await?
            .into(),
    ))
}

/// Rejects a pending story, or its staged edit (the live text stays), with an optional reason.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    request_body(content = Option<RejectRequest>, description = "Optional reason"),
    responses(
        (status = 200, description = "Rejected", body = StoryDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "Nothing waits for review", body = ErrorBody),
    )
)]
#[post("/admin/stories/{id}/reject")]
pub async fn reject_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: Option<web::Json<RejectRequest>>,
) -> Result<web::Json<StoryDto>, ApiError> {
    let reason = body.and_then(|b| b.into_inner().reason);
    Ok(web::Json(
        state
            .stories
            .reject(&caller.0, StoryId(id.into_inner()), reason.as_deref())
            .await?
            .into(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UnpublishRequest {
    /// Why the story is taken down; the author sees it and receives it by mail.
    pub reason: String,
}

/// Takes a live story off the site (reviewers): it becomes `rejected` with the reason, an
/// edit waiting for review goes with it, and the author is mailed; they can edit it and
/// submit it again.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    request_body = UnpublishRequest,
    responses(
        (status = 200, description = "Taken down", body = StoryDto),
        (status = 400, description = "No reason given", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "The story is not published", body = ErrorBody),
    )
)]
#[post("/admin/stories/{id}/unpublish")]
pub async fn unpublish_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: web::Json<UnpublishRequest>,
) -> Result<web::Json<StoryDto>, ApiError> {
    Ok(web::Json(
        state
            .stories
            .take_down(&caller.0, StoryId(id.into_inner()), &body.reason)
            .await?
            .into(),
    ))
}

/// Deletes a story from the review screens.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
    )
)]
#[delete("/admin/stories/{id}")]
pub async fn admin_delete_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state
        .stories
        .delete_as_reviewer(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(MessageResponse::new(
        "Story deleted successfully",
    )))
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
