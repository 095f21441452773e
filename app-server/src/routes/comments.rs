//! Comments under a story: the list, posting (held for moderation), approving and deleting
//! one. The queue across stories is in `comment_queue.rs`.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use chrono::{DateTime, Utc};
use domain::comment::{Comment, CommentForm, CommentId};
use domain::story::StoryId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{Comments, RateLimited};
use crate::state::AppState;

/// A comment as the story page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentDto {
    pub id: i64,
    pub story_id: i64,
    pub author_name: String,
    /// Only for callers who moderate comments; `null` otherwise (e-mails are private).
    pub author_email: Option<String>,
    pub content: String,
    /// `website` for comments posted on the site.
    pub platform: String,
    pub platform_id: Option<String>,
    pub is_visible: bool,
    /// `false` while the comment waits for a moderator (only moderators see those).
    pub is_approved: bool,
    pub created_at: DateTime<Utc>,
}

impl From<Comment> for CommentDto {
    fn from(c: Comment) -> Self {
        Self {
            id: c.id.0,
            story_id: c.story_id.0,
            author_name: c.author_name,
            author_email: c.author_email,
            content: c.content,
            platform: c.platform,
            platform_id: c.platform_id,
            is_visible: c.is_visible,
            is_approved: c.is_approved,
            created_at: c.created_at,
        }
    }
}

/// A new comment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateCommentRequest {
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(required = true)]
    #[schema(min_length = 1, max_length = 100)]
    pub author_name: String,
    /// Optional; blank means none.
    #[serde(default)]
    #[schema(max_length = 255)]
    pub author_email: Option<String>,
    /// Required, at most 5,000 characters.
    #[serde(default)]
    #[schema(required = true)]
    #[schema(min_length = 1, max_length = 5_000)]
    pub content: String,
    /// Leave empty: a hidden field that only robots fill in.
    #[serde(default)]
    pub website: Option<String>,
}

/// Paging of a story's comments.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListCommentsParams {
    /// How many comments, 1 to 50 (default 10).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
    /// How many of the newest to skip (default 0), for "Show older comments".
    #[param(minimum = 0, maximum = 100_000)]
    pub offset: Option<u64>,
}

/// The comments of a story, newest first: approved ones for everyone, pending ones too for
/// comment moderators. The total the caller may see is in `X-Total-Count`.
#[utoipa::path(
    tag = "comments",
    params(("id" = i64, Path, description = "Story id"), ListCommentsParams),
    responses(
        (status = 200, description = "The comments", body = Vec<CommentDto>,
            headers(("X-Total-Count" = u64, description = "How many comments the caller may see in all"))),
        (status = 400, description = "Invalid id, limit or offset", body = ErrorBody),
        (status = 404, description = "No such story, or not published", body = ErrorBody),
    )
)]
#[get("/stories/{id}/comments")]
pub async fn list_comments(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    params: web::Query<ListCommentsParams>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .comments
        .list(
            &caller.0,
            StoryId(id.into_inner()),
            params.limit,
            params.offset,
        )
        .await?;
    let items: Vec<CommentDto> = page.items.into_iter().map(Into::into).collect();
    Ok(super::dto::paged(items, page.total))
}

/// Posts a comment on a published story; it waits for a moderator before others see it.
#[utoipa::path(
    tag = "comments",
    params(("id" = i64, Path, description = "Story id")),
    request_body = CreateCommentRequest,
    responses(
        (status = 201, description = "Stored, pending approval", body = CommentDto),
        (status = 400, description = "Invalid fields, or refused as spam", body = ErrorBody),
        (status = 404, description = "No such story, or not published", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 429, description = "Too many comments", body = ErrorBody),
    )
)]
#[post("/stories/{id}/comments")]
pub async fn create_comment(
    _limit: RateLimited<Comments>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: web::Json<CreateCommentRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let form = CommentForm {
        author_name: b.author_name,
        author_email: b.author_email,
        content: b.content,
        website: b.website,
    };
    let id = StoryId(id.into_inner());
    // A story every reader shares (kept since the last change) needs no query to be checked.
    let kept = state.public_cache.kept_live_story(id);
    let known = kept
        .as_ref()
        .and_then(|k| k.value.as_ref())
        .map(|s| &s.story);
    let comment = state.comments.post_on(&caller.0, id, known, form).await?;
    Ok(HttpResponse::Created()
        .json(CommentDto::from(comment))
        .visible(Visible::Nothing))
}

/// Approves a comment so that everyone sees it.
#[utoipa::path(
    tag = "comments",
    params(("id" = i64, Path, description = "Comment id")),
    responses(
        (status = 200, description = "The approved comment", body = CommentDto),
        (status = 400, description = "The id is not a number", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or not a comment moderator", body = ErrorBody),
        (status = 404, description = "No such comment", body = ErrorBody),
    )
)]
#[patch("/comments/{id}/approve")]
pub async fn approve_comment(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<CommentDto>>, ApiError> {
    let comment = state
        .comments
        .approve(&caller.0, CommentId(id.into_inner()))
        .await?;
    let visible = Visible::comments_of([comment.story_id]);
    Ok(web::Json(CommentDto::from(comment)).visible(visible))
}

/// Deletes a comment.
#[utoipa::path(
    tag = "comments",
    params(("id" = i64, Path, description = "Comment id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "The id is not a number", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such comment", body = ErrorBody),
    )
)]
#[delete("/admin/comments/{id}")]
pub async fn delete_comment(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let deleted = state
        .comments
        .delete(&caller.0, CommentId(id.into_inner()))
        .await?;
    // A comment still waiting for approval was never shown.
    let visible = Visible::comments_of(deleted.is_approved.then_some(deleted.story_id));
    Ok(web::Json(MessageResponse::new("Comment deleted successfully")).visible(visible))
}
