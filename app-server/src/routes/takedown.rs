//! Taking a live story off the site, and deleting a story from the review screens.

use actix_web::{delete, post, web};
use domain::story::StoryId;
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::{MessageResponse, StoryDto};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct UnpublishRequest {
    /// Why the story is taken down; the author sees it and receives it by mail.
    #[schema(min_length = 1, max_length = 2000)]
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
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let story = state
        .stories
        .take_down(&caller.0, StoryId(id.into_inner()), &body.reason)
        .await?;
    Ok(web::Json(StoryDto::shown_to(
        story,
        &caller.0,
        &state.config.site_name,
    ))
    .visible(Visible::Everything))
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
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state
        .stories
        .delete_as_reviewer(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(MessageResponse::new("Story deleted successfully")).visible(Visible::Everything))
}
