//! Writing stories: creating, editing, publishing and deleting (the reads are in
//! `story_reads.rs`).

use actix_web::{HttpResponse, delete, post, put, web};
use domain::story::StoryId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dto::{MessageResponse, StoryDto};
use super::story_input::StoryInput;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::json_body::OptionalJson;
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// The answer to an edit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateStoryResponse {
    /// The story as the public sees it now.
    pub story: StoryDto,
    /// The edit of a live story waits for review; the published text is unchanged until then.
    pub staged: bool,
    pub message: String,
}

/// Writes a story as the signed-in, approved caller: a draft, or submitted for review
/// (published at once for admin authors).
#[utoipa::path(
    tag = "stories",
    request_body = StoryInput,
    responses(
        (status = 201, description = "The new story", body = StoryDto),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Account pending approval", body = ErrorBody),
    )
)]
#[post("/stories")]
pub async fn create_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<StoryInput>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let story = state
        .stories
        .create(&caller.0, body.into_inner().into())
        .await?;
    let visible = Visible::everything_if(story.story.is_public());
    Ok(HttpResponse::Created()
        .json(StoryDto::shown_to(
            story,
            &caller.0,
            &state.config.site_name,
        ))
        .visible(visible))
}

/// Edits the caller's own story. A live story's edit is staged for review and the
/// published text stays public until a reviewer decides.
#[utoipa::path(
    tag = "stories",
    request_body = StoryInput,
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Saved (or staged for review)", body = UpdateStoryResponse),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or not the author", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "The story waits for review", body = ErrorBody),
    )
)]
#[put("/stories/{id}")]
pub async fn update_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: web::Json<StoryInput>,
) -> Result<Declared<web::Json<UpdateStoryResponse>>, ApiError> {
    let result = state
        .stories
        .update(
            &caller.0,
            StoryId(id.into_inner()),
            body.into_inner().into(),
        )
        .await?;
    // A live story's consent, byline and audience apply at once, even while an edit waits.
    let visible = Visible::everything_if(result.was_public || result.story.story.is_public());
    let message = if result.staged {
        "Your changes were sent for review; the published version stays live until they are approved"
    } else {
        "Story updated successfully"
    };
    Ok(web::Json(UpdateStoryResponse {
        story: StoryDto::shown_to(result.story, &caller.0, &state.config.site_name),
        staged: result.staged,
        message: message.into(),
    })
    .visible(visible))
}

/// The author's consent, given with the Publish action.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PublishInput {
    /// Required, with `site` true.
    pub consent: Option<super::consent_dto::ConsentDto>,
}

/// Submits the caller's own draft or rejected story (published at once for admin authors)
/// with the author's consent.
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    request_body(content = Option<PublishInput>, description = "The author's consent (required)"),
    responses(
        (status = 200, description = "Submitted or published", body = StoryDto),
        (status = 400, description = "No consent, or not to the site", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or not the author", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "Already pending or published", body = ErrorBody),
    )
)]
#[put("/stories/{id}/publish")]
pub async fn publish_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: OptionalJson<PublishInput>,
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let consent = body.0.and_then(|b| b.consent).map(Into::into);
    let story = state
        .stories
        .publish(&caller.0, StoryId(id.into_inner()), consent)
        .await?;
    let visible = Visible::everything_if(story.story.is_public());
    Ok(web::Json(StoryDto::shown_to(
        story,
        &caller.0,
        &state.config.site_name,
    ))
    .visible(visible))
}

/// Deletes a story with its comments: its author, or an admin, sub admin or super admin.
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not allowed", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
    )
)]
#[delete("/stories/{id}")]
pub async fn delete_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let deleted = state
        .stories
        .delete(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(
        web::Json(MessageResponse::new("Story deleted successfully"))
            .visible(Visible::everything_if(deleted.is_public())),
    )
}
