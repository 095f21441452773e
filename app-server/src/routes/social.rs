//! Exporting a published story to social platforms.

use actix_web::{post, web};
use domain::social::Platform;
use domain::story::StoryId;
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// A social platform.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlatformDto {
    Twitter,
    Linkedin,
    Instagram,
}

impl From<PlatformDto> for Platform {
    fn from(p: PlatformDto) -> Self {
        match p {
            PlatformDto::Twitter => Platform::Twitter,
            PlatformDto::Linkedin => Platform::LinkedIn,
            PlatformDto::Instagram => Platform::Instagram,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportRequest {
    pub platforms: Vec<PlatformDto>,
}

/// Queues a published story for social platforms.
///
/// One post per chosen platform (title, excerpt, backlink and the site's name) is queued;
/// nothing is posted during the request. A background worker posts to the platforms whose
/// credentials are configured (Twitter/X, LinkedIn) and retries while they are unavailable;
/// other platforms keep the post queued, and Instagram (whose API cannot publish a post
/// without an image) leaves it for manual sharing. The message says which applies to each
/// platform and never claims a post went out.
#[utoipa::path(
    tag = "stories",
    request_body = ExportRequest,
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "Queued; the message says what happens on each platform", body = MessageResponse),
        (status = 400, description = "Not published, no platform, or an unknown platform", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, or not the author", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
    )
)]
#[post("/stories/{id}/export")]
pub async fn export_story(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: web::Json<ExportRequest>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let platforms: Vec<Platform> = body.platforms.iter().copied().map(Into::into).collect();
    let report = state
        .social
        .export(&caller.0, StoryId(id.into_inner()), &platforms)
        .await?;
    Ok(web::Json(MessageResponse::new(report.message())).visible(Visible::Nothing))
}
