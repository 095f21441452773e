//! The super admin's view of the social posts: where each export stands (and, once consent
//! was withdrawn, its deletion on the platform), and retrying a failed post or cancelling a
//! queued one.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use domain::social::{
    DeletionRecord, DeletionStatus, Platform, PostStatus, SocialPostId, SocialPostRecord,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::paged;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// Where a post stands.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SocialPostStatusDto {
    Queued,
    Posted,
    Failed,
    Cancelled,
    /// Deleted on its platform after its author withdrew consent.
    Deleted,
}

impl From<PostStatus> for SocialPostStatusDto {
    fn from(s: PostStatus) -> Self {
        match s {
            PostStatus::Queued => Self::Queued,
            PostStatus::Posted => Self::Posted,
            PostStatus::Failed => Self::Failed,
            PostStatus::Cancelled => Self::Cancelled,
            PostStatus::Deleted => Self::Deleted,
        }
    }
}

impl From<SocialPostStatusDto> for PostStatus {
    fn from(s: SocialPostStatusDto) -> Self {
        match s {
            SocialPostStatusDto::Queued => Self::Queued,
            SocialPostStatusDto::Posted => Self::Posted,
            SocialPostStatusDto::Failed => Self::Failed,
            SocialPostStatusDto::Cancelled => Self::Cancelled,
            SocialPostStatusDto::Deleted => Self::Deleted,
        }
    }
}

/// A platform's name as the API spells it.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum SocialPlatformDto {
    Twitter,
    Linkedin,
    Instagram,
}

/// Where the deletion of a post already made stands.
#[derive(Debug, Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SocialDeletionStatusDto {
    /// Waiting for the delivery worker (maybe for a retry).
    Queued,
    /// The platform deleted it (or no longer had it).
    Deleted,
    /// Given up: remove the post on its platform by hand.
    Failed,
}

/// The deletion of a post on its platform, queued when its author withdrew consent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialDeletionDto {
    pub status: SocialDeletionStatusDto,
    pub attempts: u32,
    /// The platform's answer to the last failed try.
    pub last_error: Option<String>,
    pub deleted_at: Option<DateTime<Utc>>,
}

impl From<DeletionRecord> for SocialDeletionDto {
    fn from(d: DeletionRecord) -> Self {
        Self {
            status: match d.status {
                DeletionStatus::Queued => SocialDeletionStatusDto::Queued,
                DeletionStatus::Deleted => SocialDeletionStatusDto::Deleted,
                DeletionStatus::Failed => SocialDeletionStatusDto::Failed,
            },
            attempts: d.attempts,
            last_error: d.last_error,
            deleted_at: d.deleted_at,
        }
    }
}

/// One exported post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialPostDto {
    pub id: i64,
    pub story_id: i64,
    /// The story's title now (`null` when it was deleted since).
    pub story_title: Option<String>,
    pub platform: SocialPlatformDto,
    pub status: SocialPostStatusDto,
    pub attempts: u32,
    /// The platform's answer to the last failed try.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub posted_at: Option<DateTime<Utc>>,
    /// Where the post can be seen, when the platform said.
    pub posted_url: Option<String>,
    /// Its deletion on the platform, once its author withdrew consent (`null` otherwise).
    pub deletion: Option<SocialDeletionDto>,
}

impl From<SocialPostRecord> for SocialPostDto {
    fn from(r: SocialPostRecord) -> Self {
        Self {
            id: r.id.0,
            story_id: r.story.0,
            story_title: r.story_title,
            platform: match r.platform {
                Platform::Twitter => SocialPlatformDto::Twitter,
                Platform::LinkedIn => SocialPlatformDto::Linkedin,
                Platform::Instagram => SocialPlatformDto::Instagram,
            },
            status: r.status.into(),
            attempts: r.attempts,
            last_error: r.last_error,
            created_at: r.created_at,
            posted_at: r.posted_at,
            posted_url: r.external_url,
            deletion: r.deletion.map(Into::into),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SocialPostsQuery {
    /// Only posts in this state.
    #[param(inline)]
    pub status: Option<SocialPostStatusDto>,
    /// How many (1 to 200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// A page of the exported posts, newest first (super admin only); how many match is in
/// `X-Total-Count`.
#[utoipa::path(
    tag = "admin",
    params(SocialPostsQuery),
    responses(
        (status = 200, description = "Posts, newest first", body = [SocialPostDto],
            headers(("X-Total-Count" = u64, description = "How many posts match"))),
        (status = 400, description = "A limit, offset or status out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/social-posts")]
pub async fn list_social_posts(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<SocialPostsQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .social
        .posts(
            &caller.0,
            query.status.map(Into::into),
            query.limit,
            query.offset,
        )
        .await?;
    Ok(paged(
        page.items
            .into_iter()
            .map(SocialPostDto::from)
            .collect::<Vec<_>>(),
        page.total,
    ))
}

/// Queues a failed post again with fresh tries (super admin only).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "Queued again", body = SocialPostDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "The post did not fail", body = ErrorBody),
    )
)]
#[post("/admin/social-posts/{id}/retry")]
pub async fn retry_social_post(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<SocialPostDto>>, ApiError> {
    let post = state
        .social
        .retry_post(&caller.0, SocialPostId(id.into_inner()))
        .await?;
    state.social_wakeup.notify_one();
    Ok(web::Json(SocialPostDto::from(post)).visible(Visible::Nothing))
}

/// Withdraws a queued post before it goes out (super admin only).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "Cancelled", body = SocialPostDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "The post is not queued", body = ErrorBody),
    )
)]
#[post("/admin/social-posts/{id}/cancel")]
pub async fn cancel_social_post(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<SocialPostDto>>, ApiError> {
    let post = state
        .social
        .cancel_post(&caller.0, SocialPostId(id.into_inner()))
        .await?;
    Ok(web::Json(SocialPostDto::from(post)).visible(Visible::Nothing))
}
