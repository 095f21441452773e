//! The comment moderation queue across every story, and moderating several at once.

use actix_web::{HttpResponse, get, post, web};
use domain::comment::{BulkAction, CommentId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::comments::CommentDto;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// A comment waiting for approval, with the story it is on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedCommentDto {
    pub comment: CommentDto,
    pub story_title: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueParams {
    /// 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// Comments waiting for approval on every story, oldest first; the total is in
/// `X-Total-Count` (comment moderators: primary contributors and reviewers).
#[utoipa::path(
    tag = "comments",
    params(QueueParams),
    responses(
        (status = 200, description = "A page of the queue", body = Vec<QueuedCommentDto>,
            headers(("X-Total-Count" = u64, description = "How many comments wait in all"))),
        (status = 400, description = "A limit or offset out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a comment moderator", body = ErrorBody),
    )
)]
#[get("/admin/comments/pending")]
pub async fn list_pending_comments(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    params: web::Query<QueueParams>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .comments
        .queue(&caller.0, params.limit, params.offset)
        .await?;
    let items: Vec<QueuedCommentDto> = page
        .items
        .into_iter()
        .map(|q| QueuedCommentDto {
            comment: q.comment.into(),
            story_title: q.story_title,
        })
        .collect();
    Ok(super::dto::paged(items, page.total))
}

/// What to do with several comments.
#[derive(Debug, Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum BulkActionDto {
    Approve,
    Delete,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkCommentsRequest {
    pub action: BulkActionDto,
    /// 1 to 100 comment ids; ids that no longer exist are skipped.
    #[schema(min_items = 1, max_items = 100)]
    #[serde(deserialize_with = "whole_numbers")]
    pub ids: Vec<i64>,
}

/// Ids as JSON Schema counts integers: `7.0` is 7 (serde alone refuses it, so a client that
/// writes whole numbers with a fraction got a 400 for a valid body).
fn whole_numbers<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    use serde::de::Error;
    const LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53: every whole f64 below is exact
    Vec::<serde_json::Number>::deserialize(d)?
        .iter()
        .map(|n| {
            n.as_i64()
                .or_else(|| {
                    n.as_f64()
                        .filter(|f| f.fract() == 0.0 && f.abs() < LIMIT)
                        .map(|f| f as i64)
                })
                .ok_or_else(|| D::Error::custom(format!("{n} is not a comment id")))
        })
        .collect()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkCommentsResponse {
    /// How many comments were approved or deleted.
    pub changed: u64,
    pub message: String,
}

/// Approves (comment moderators) or deletes (admins) several comments at once.
#[utoipa::path(
    tag = "comments",
    request_body = BulkCommentsRequest,
    responses(
        (status = 200, description = "Done", body = BulkCommentsResponse),
        (status = 400, description = "No ids, or more than 100", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not allowed to moderate (delete: admins only)", body = ErrorBody),
    )
)]
#[post("/admin/comments/bulk")]
pub async fn moderate_comments(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<BulkCommentsRequest>,
) -> Result<Declared<web::Json<BulkCommentsResponse>>, ApiError> {
    let action = match body.action {
        BulkActionDto::Approve => BulkAction::Approve,
        BulkActionDto::Delete => BulkAction::Delete,
    };
    let ids: Vec<CommentId> = body.ids.iter().copied().map(CommentId).collect();
    let changed = state.comments.bulk(&caller.0, action, &ids).await?;
    // Deleting a comment still waiting for approval changes nothing visitors see.
    let visible = Visible::comments_of(
        changed
            .iter()
            .filter(|c| action == BulkAction::Approve || c.is_approved)
            .map(|c| c.story_id),
    );
    let changed = changed.len() as u64;
    let verb = match action {
        BulkAction::Approve => "approved",
        BulkAction::Delete => "deleted",
    };
    Ok(web::Json(BulkCommentsResponse {
        changed,
        message: if changed == 1 {
            format!("1 comment {verb}")
        } else {
            format!("{changed} comments {verb}")
        },
    })
    .visible(visible))
}
