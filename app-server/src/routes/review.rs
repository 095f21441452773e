//! The story review queue: pending stories and edits, approve, and reject with a reason.

use actix_web::{HttpResponse, get, post, web};
use domain::story::StoryId;
use domain::story::{ReviewItem, ReviewKind, Revision};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::{StoryDto, paged};
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::json_body::OptionalJson;
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// A staged edit as the reviewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionDto {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    /// The text as its author typed it, for the edit form.
    pub source: String,
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
            source: r.fields.source,
            excerpt: r.fields.excerpt,
            video_url: r.fields.video_url,
            thumbnail_url: r.fields.thumbnail_url,
            category: r.fields.category,
            created_at: r.created_at,
        }
    }
}

/// What waits: a new story, or the edit of a live one.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReviewKindDto {
    New,
    Edit,
}

/// The staged edit as the queue lists it (its text is in `GET /api/stories/{id}/pending-edit`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionSummaryDto {
    pub id: i64,
    pub title: String,
    pub excerpt: Option<String>,
    pub category: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// A story waiting for review: new, or live with a staged edit (`revision`). The list
/// carries no story text; `preview` is its start as plain text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingStoryDto {
    pub id: i64,
    pub title: String,
    pub excerpt: Option<String>,
    /// The start of the text as plain text (at most 200 characters).
    pub preview: String,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    /// Who wrote it (reviewers always see the writer).
    pub author: super::dto::AuthorDto,
    /// How the published story will name its author.
    pub byline: super::dto::BylineDto,
    /// Who may read it once published.
    pub audience: super::dto::AudienceDto,
    pub status: super::dto::StoryStatusDto,
    pub is_published: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    pub kind: ReviewKindDto,
    /// Since when it waits: the submission of a new story, the writing of an edit.
    pub waiting_since: chrono::DateTime<chrono::Utc>,
    /// The staged edit of a live story, when that is what waits.
    pub revision: Option<RevisionSummaryDto>,
    /// The camelCase fields the staged edit changes (empty for new stories).
    pub changed_fields: Vec<String>,
    /// What the author says it touches: not empty, approval needs the checklist.
    pub sensitive: Vec<super::sensitive::SensitiveDto>,
}

impl From<ReviewItem> for PendingStoryDto {
    fn from(item: ReviewItem) -> Self {
        use domain::story::content::{PREVIEW_CHARS, plain_preview};
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
        let s = item.story.story;
        Self {
            id: s.id.0,
            title: s.title,
            excerpt: s.excerpt,
            preview: plain_preview(&s.content, PREVIEW_CHARS),
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id.as_str().to_owned(),
            sensitive: Vec::new(),
            author: item.story.author.into(),
            byline: s.privacy.byline.into(),
            audience: s.privacy.audience.into(),
            status: s.status.into(),
            is_published: s.is_published,
            created_at: s.created_at,
            updated_at: s.updated_at,
            kind: if item.revision.is_some() {
                ReviewKindDto::Edit
            } else {
                ReviewKindDto::New
            },
            waiting_since: item
                .revision
                .as_ref()
                .map_or(s.updated_at, |r| r.created_at),
            revision: item.revision.map(|r| RevisionSummaryDto {
                id: r.id,
                title: r.fields.title,
                excerpt: r.fields.excerpt,
                category: r.fields.category,
                created_at: r.created_at,
            }),
            changed_fields,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewQueueQuery {
    /// Only new stories, or only edits of live ones (both when left out).
    #[param(inline)]
    pub kind: Option<ReviewKindDto>,
    /// How many (1 to 100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000_000)]
    pub offset: Option<u64>,
}

#[derive(Debug, Deserialize, ToSchema, Default)]
pub struct RejectRequest {
    /// Why the story or edit is sent back; the author sees it and receives it by mail.
    #[schema(max_length = 2000)]
    pub reason: Option<String>,
}

/// Stories waiting for review, oldest first.
#[utoipa::path(
    tag = "review",
    params(ReviewQueueQuery),
    responses(
        (status = 200, description = "A page of the queue, oldest first", body = Vec<PendingStoryDto>,
            headers(("X-Total-Count" = u64, description = "How many wait"))),
        (status = 400, description = "A limit, offset or kind out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
    )
)]
#[get("/admin/stories/pending")]
pub async fn list_pending_stories(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<ReviewQueueQuery>,
) -> Result<HttpResponse, ApiError> {
    let kind = query.kind.map(|k| match k {
        ReviewKindDto::New => ReviewKind::NewStories,
        ReviewKindDto::Edit => ReviewKind::Edits,
    });
    let page = state
        .stories
        .review_queue(&caller.0, kind, query.limit, query.offset)
        .await?;
    let ids: Vec<StoryId> = page.items.iter().map(|i| i.story.story.id).collect();
    let mut topics = state.consents.sensitivity_of(&caller.0, &ids).await?;
    let items: Vec<PendingStoryDto> = page
        .items
        .into_iter()
        .map(|item| {
            let mut dto = PendingStoryDto::from(item);
            let said = topics.remove(&StoryId(dto.id)).unwrap_or_default();
            dto.sensitive = said.into_iter().map(Into::into).collect();
            dto
        })
        .collect();
    Ok(paged(items, page.total))
}

/// Approves a pending story (it goes live) or its staged edit (it replaces the live text);
/// a story its author marked sensitive needs the reviewer's checklist.
#[utoipa::path(
    tag = "review",
    params(("id" = i64, Path, description = "Story id")),
    request_body(content = Option<super::sensitive::ApproveRequest>, description = "The checklist of a sensitive story"),
    responses(
        (status = 200, description = "Approved", body = StoryDto),
        (status = 400, description = "A sensitive story without its checklist", body = ErrorBody),
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
    body: OptionalJson<super::sensitive::ApproveRequest>,
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let checklist = body.0.and_then(|b| b.checklist).map(Into::into);
    let story = state
        .stories
        .approve_checked(&caller.0, StoryId(id.into_inner()), checklist)
        .await?;
    let visible = Visible::everything_if(story.story.is_public());
    Ok(web::Json(StoryDto::shown_to(
        story,
        &caller.0,
        &state.config.site_name,
    ))
    .visible(visible))
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
    body: OptionalJson<RejectRequest>,
) -> Result<Declared<web::Json<StoryDto>>, ApiError> {
    let reason = body.0.and_then(|b| b.reason);
    let story = state
        .stories
        .reject(&caller.0, StoryId(id.into_inner()), reason.as_deref())
        .await?;
    let visible = Visible::everything_if(story.story.is_public());
    Ok(web::Json(StoryDto::shown_to(
        story,
        &caller.0,
        &state.config.site_name,
    ))
    .visible(visible))
}
