//! Reading stories: the list with search and paging, one story, and an author's list. Readers
//! of one audience share what the database answered (`crate::public_cache`), and each gets
//! their own bylines.

use actix_web::{HttpRequest, HttpResponse, get, web};
use domain::Caller;
use domain::story::{AudienceScope, StoryId, StoryService, sees_writer};
use domain::user::UserId;

use super::dto::{StoryDto, StorySummaryDto};
use super::story_input::ListStoriesParams;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
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
