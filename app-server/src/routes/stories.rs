//! Stories: the public list with search and paging, one story, writing and an author's list.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use domain::Caller;
use domain::story::{AudienceScope, StoryId, StoryService, sees_writer};
use domain::user::UserId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dto::{MessageResponse, StoryDto, StorySummaryDto};
use super::story_input::{ListStoriesParams, StoryInput};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// Published stories, newest first. The total number of matches is in `X-Total-Count`.
#[utoipa::path(
    tag = "stories",
    params(ListStoriesParams),
    responses(
        (status = 200, description = "One page of published stories", body = Vec<StorySummaryDto>,
            headers(("X-Total-Count" = u64, description = "Number of matching stories"))),
        (status = 400, description = "Invalid paging or search", body = ErrorBody),
        (status = 503, description = "Database unavailable", body = ErrorBody),
    )
)]
#[get("/stories")]
pub async fn list_stories(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    params: web::Query<ListStoriesParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.to_query(state.scripture.parser())?;
    // The stories depend on the request and the caller's audience alone, so every reader of
    // that audience shares them; the bylines each may see are added below.
    let audience = format!("{:?}", AudienceScope::of(&caller.0));
    let listed = state.stories.list_published(
        &caller.0,
        &query,
        params.limit.map(u64::from),
        params.offset,
    );
    let listed = state
        .public_cache
        .story_list(&audience, req.path(), req.query_string(), listed)
        .await?;
    let site = &state.config.site_name;
    let page = &listed.value;
    let shown = |viewer: &Caller| -> Vec<StorySummaryDto> {
        page.items
            .iter()
            .map(|s| StorySummaryDto::shown_to(s.clone(), viewer, site))
            .collect()
    };
    if page
        .items
        .iter()
        .any(|s| sees_writer(&caller.0, &s.author_id))
    {
        return Ok(super::dto::paged(shown(&caller.0), page.total));
    }
    // Nothing personal for this reader: everyone such shares one JSON.
    let json = listed.plain_json(|_| {
        serde_json::to_vec(&shown(&Caller::Visitor))
            .map(web::Bytes::from)
            .map_err(|e| ApiError::Internal(e.into()))
    })?;
    Ok(super::dto::paged_json(json, page.total))
}

/// One story with its author. Unpublished stories are visible only to their author and
/// to moderators; for anyone else they do not exist.
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "The story", body = StoryDto),
        (status = 400, description = "The id is not a number", body = ErrorBody),
        (status = 404, description = "No such story, or not published", body = ErrorBody),
    )
)]
#[get("/stories/{id}")]
pub async fn get_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = StoryId(id.into_inner());
    let shown = |story, viewer: &Caller| {
        let mut dto = StoryDto::shown_to(story, viewer, &state.config.site_name);
        dto.content = super::scripture::with_reader_links(&state, &dto.content);
        dto
    };
    // A live story reads the same for every reader of its audience who is neither its
    // author nor a reviewer: they share it, and its JSON.
    let live = state
        .public_cache
        .live_story(id, state.stories.live(id))
        .await?;
    if let Some(story) = live
        .value
        .as_ref()
        .filter(|s| StoryService::seen_as_by_everyone(&caller.0, s))
    {
        let json = live.plain_json(|_| {
            serde_json::to_vec(&shown(story.clone(), &Caller::Visitor))
                .map(web::Bytes::from)
                .map_err(|e| ApiError::Internal(e.into()))
        })?;
        return Ok(HttpResponse::Ok()
            .content_type(actix_web::http::header::ContentType::json())
            .body(json));
    }
    let story = state.stories.get(&caller.0, id).await?;
    Ok(HttpResponse::Ok().json(shown(story, &caller.0)))
}

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
    body: Option<web::Json<PublishInput>>,
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let consent = body.and_then(|b| b.into_inner().consent).map(Into::into);
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

/// One author's stories, newest first: every status for the author and for reviewers,
/// only published ones for anyone else.
#[utoipa::path(
    tag = "stories",
    params(("userId" = String, Path, description = "Author's user id")),
    responses((status = 200, description = "The author's stories", body = Vec<StorySummaryDto>))
)]
#[get("/stories/author/{userId}")]
pub async fn list_author_stories(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    user_id: web::Path<String>,
) -> Result<web::Json<Vec<StorySummaryDto>>, ApiError> {
    let list = state
        .stories
        .list_by_author(&caller.0, &UserId::new(user_id.into_inner()))
        .await?;
    let site = &state.config.site_name;
    Ok(web::Json(
        list.into_iter()
            .map(|s| StorySummaryDto::shown_to(s, &caller.0, site))
            .collect(),
    ))
}
