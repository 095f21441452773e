//! Stories: the public list with search and paging, one story, writing and an author's list.

use actix_web::{HttpResponse, delete, get, post, put, web};
use domain::story::{StoryDraft, StoryId, StoryQuery};
use domain::user::UserId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::{MessageResponse, StoryDto, StorySummaryDto};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// Filters and paging of the public story list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListStoriesParams {
    /// Words to find in the title, excerpt or content.
    pub q: Option<String>,
    /// Exact category name.
    pub category: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// How many matches to skip, 0 to 1,000,000,000 (default 0).
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<u64>,
}

impl ListStoriesParams {
    fn into_query(self) -> Result<StoryQuery, ApiError> {
        let limit = self.limit.unwrap_or(StoryQuery::DEFAULT_LIMIT);
        if !(1..=StoryQuery::MAX_LIMIT).contains(&limit) {
            return Err(ApiError::bad_request(format!(
                "limit must be between 1 and {}",
                StoryQuery::MAX_LIMIT
            )));
        }
        let offset = self.offset.unwrap_or(0);
        if offset > StoryQuery::MAX_OFFSET {
            return Err(ApiError::bad_request(format!(
                "offset must be between 0 and {}",
                StoryQuery::MAX_OFFSET
            )));
        }
        let trimmed = |s: Option<String>| s.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let search = trimmed(self.q);
        if search.as_ref().is_some_and(|q| q.chars().count() > 200) {
            return Err(ApiError::bad_request("q must be at most 200 characters"));
        }
        Ok(StoryQuery {
            search,
            category: trimmed(self.category),
            limit,
            offset,
        })
    }
}

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
    state: web::Data<AppState>,
    params: web::Query<ListStoriesParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().into_query()?;
    let page = state.stories.list_published(&query).await?;
    let items: Vec<StorySummaryDto> = page.items.into_iter().map(Into::into).collect();
    Ok(super::dto::paged(items, page.total))
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
) -> Result<web::Json<StoryDto>, ApiError> {
    let story = state
        .stories
        .get(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(story.into()))
}

/// The story form (docs/product.md#limits). `authorId` is accepted for the
/// documented payload and ignored: the author is always the signed-in caller.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryInput {
    #[schema(min_length = 1, max_length = 255)]
    pub title: String,
    /// Plain text (blank lines separate paragraphs) or HTML; sanitised on the server.
    #[schema(min_length = 1, max_length = 200_000)]
    pub content: String,
    #[schema(max_length = 1_000)]
    pub excerpt: Option<String>,
    /// YouTube or Vimeo; watch links are stored in their embed form.
    #[schema(max_length = 2_048)]
    pub video_url: Option<String>,
    /// An http(s) image URL.
    #[schema(max_length = 2_048)]
    pub thumbnail_url: Option<String>,
    pub category: String,
    /// `true`: "Publish"; `false`: "Save as Draft", which takes a live story off the site;
    /// left out: a new story is a draft, and an existing one keeps its publication (an
    /// edit of a live story waits for review as usual).
    #[serde(default)]
    pub is_published: Option<bool>,
    #[allow(dead_code)]
    pub author_id: Option<String>,
}

impl From<StoryInput> for StoryDraft {
    fn from(i: StoryInput) -> Self {
        StoryDraft {
            title: i.title,
            content: i.content,
            excerpt: i.excerpt,
            video_url: i.video_url,
            thumbnail_url: i.thumbnail_url,
            category: i.category,
            publish: i.is_published,
        }
    }
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
) -> Result<HttpResponse, ApiError> {
    let story = state
        .stories
        .create(&caller.0, body.into_inner().into())
        .await?;
    Ok(HttpResponse::Created().json(StoryDto::from(story)))
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
) -> Result<web::Json<UpdateStoryResponse>, ApiError> {
    let result = state
        .stories
        .update(
            &caller.0,
            StoryId(id.into_inner()),
            body.into_inner().into(),
        )
        .await?;
    let message = if result.staged {
        "Your changes were sent for review; the published version stays live until they are approved"
    } else {
        "Story updated successfully"
    };
    Ok(web::Json(UpdateStoryResponse {
        story: result.story.into(),
        staged: result.staged,
        message: message.into(),
    }))
}

/// Submits the caller's own draft or rejected story (published at once for admin authors).
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Submitted or published", body = StoryDto),
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
) -> Result<web::Json<StoryDto>, ApiError> {
    Ok(web::Json(
        state
            .stories
            .publish(&caller.0, StoryId(id.into_inner()))
            .await?
            .into(),
    ))
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
) -> Result<web::Json<MessageResponse>, ApiError> {
    state
        .stories
        .delete(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(MessageResponse::new(
        "Story deleted successfully",
    )))
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
    Ok(web::Json(list.into_iter().map(Into::into).collect()))
}
