//! How much waits for the moderators: the counts on the moderation area's tabs.

use actix_web::{get, web};
use domain::queues::QueueCounts;
use serde::Serialize;
use utoipa::ToSchema;

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// How many items wait in each queue the caller works on; `null` for a queue that is not
/// theirs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueCountsDto {
    pub comments: u64,
    pub new_stories: Option<u64>,
    pub edits: Option<u64>,
    pub people: Option<u64>,
    pub help_open: Option<u64>,
    pub mail_failed: Option<u64>,
    pub social_failed: Option<u64>,
}

impl From<QueueCounts> for QueueCountsDto {
    fn from(c: QueueCounts) -> Self {
        Self {
            comments: c.comments,
            new_stories: c.new_stories,
            edits: c.edits,
            people: c.people,
            help_open: c.help_open,
            mail_failed: c.mail_failed,
            social_failed: c.social_failed,
        }
    }
}

/// The number of items waiting in each of the caller's queues (comment moderators and
/// reviewers; the super admin sees every queue).
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The counts", body = QueueCountsDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a moderator", body = ErrorBody),
    )
)]
#[get("/admin/queues")]
pub async fn queue_counts(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<QueueCountsDto>, ApiError> {
    let counts = state.queues.counts(&caller.0).await?;
    Ok(web::Json(QueueCountsDto::from(counts)))
}
