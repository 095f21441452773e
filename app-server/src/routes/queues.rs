//! How much waits for the moderators: the counts on the moderation area's tabs.

use actix_web::{get, web};
use domain::Ability;
use domain::help::InboxStatus;
use domain::mail::DeliveryState;
use domain::social::PostStatus;
use domain::story::ReviewKind;
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
    let caller = &caller.0;
    // Refuses whoever moderates nothing.
    let comments = state.comments.queue(caller, Some(1), None).await?.total;
    let reviews = caller.can(Ability::ReviewStories);
    let outboxes = caller.can(Ability::ReadHelpInbox);
    let stories = |kind| {
        let stories = state.stories.clone();
        async move {
            stories
                .review_queue(caller, Some(kind), Some(1), None)
                .await
                .map(|p| p.total)
        }
    };
    Ok(web::Json(QueueCountsDto {
        comments,
        new_stories: if reviews {
            Some(stories(ReviewKind::NewStories).await?)
        } else {
            None
        },
        edits: if reviews {
            Some(stories(ReviewKind::Edits).await?)
        } else {
            None
        },
        people: if caller.can(Ability::ManageUsers) {
            Some(
                state
                    .accounts
                    .list_pending(caller, Some(1), None)
                    .await?
                    .total,
            )
        } else {
            None
        },
        help_open: if outboxes {
            Some(
                state
                    .help
                    .inbox(caller, InboxStatus::Open, Some(1), None)
                    .await?
                    .total,
            )
        } else {
            None
        },
        mail_failed: if outboxes {
            Some(
                state
                    .mail
                    .outbox(caller, Some(DeliveryState::Failed), Some(1), None)
                    .await?
                    .total,
            )
        } else {
            None
        },
        social_failed: if outboxes {
            Some(
                state
                    .social
                    .posts(caller, Some(PostStatus::Failed), Some(1), None)
                    .await?
                    .total,
            )
        } else {
            None
        },
    }))
}
