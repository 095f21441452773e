//! The deletions of posts already made (`social_deletions`): queued by a withdrawal of
//! consent, claimed by the delivery worker with the same claim as queued posts (`claim.rs`).

use std::str::FromStr;

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::social::{
    ClaimedDeletion, DeletionId, DeletionStatus, NewDeletion, Platform, PostStatus, SocialPostId,
};
use domain::story::StoryId;
use domain::user::UserId;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use super::SeaOrmSocialPostRepository;
use super::claim::{self, QueueColumns};
use crate::db::store_err;
use crate::entity::{social_deletions, social_posts};

/// One row per post (the unique `idx_social_deletions_post`): a second queueing of the
/// same post does nothing.
pub(super) async fn queue(
    repo: &SeaOrmSocialPostRepository,
    d: &NewDeletion,
) -> Result<(), StoreError> {
    let row = social_deletions::ActiveModel {
        post_id: Set(d.post.0),
        story_id: Set(d.story.0),
        story_title: Set(d.story_title.clone()),
        platform: Set(d.platform.as_str().to_owned()),
        external_id: Set(d.external_id.clone()),
        external_url: Set(d.external_url.clone()),
        requested_by: Set(d.requested_by.as_str().to_owned()),
        requested_by_name: Set(d.requested_by_name.clone()),
        status: Set(DeletionStatus::Queued.as_str().to_owned()),
        attempts: Set(0),
        last_error: Set(None),
        next_attempt_at: Set(None),
        created_at: Set(d.at),
        deleted_at: Set(None),
        ..Default::default()
    };
    social_deletions::Entity::insert(row)
        .on_conflict_do_nothing_on([social_deletions::Column::PostId])
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    tracing::info!(
        post = d.post.0,
        platform = d.platform.as_str(),
        "deletion of a social post queued"
    );
    if let Some(wakeup) = &repo.wakeup {
        wakeup.notify_one();
    }
    Ok(())
}

pub(super) async fn claim_due(
    repo: &SeaOrmSocialPostRepository,
    platforms: &[Platform],
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<ClaimedDeletion>, StoreError> {
    use social_deletions::Column as C;
    let columns = QueueColumns {
        id: C::Id,
        status: C::Status,
        platform: C::Platform,
        attempts: C::Attempts,
        next_attempt_at: C::NextAttemptAt,
    };
    claim::claim_due(
        &repo.db,
        social_deletions::Entity,
        columns,
        DeletionStatus::Queued.as_str(),
        (platforms, now, lease_until, limit),
        |m| m.id,
    )
    .await?
    .into_iter()
    .map(claimed)
    .collect()
}

fn claimed(m: social_deletions::Model) -> Result<ClaimedDeletion, StoreError> {
    let platform = Platform::from_str(&m.platform)
        .map_err(|e| StoreError::Unknown(anyhow::anyhow!("social deletion {}: {e}", m.id)))?;
    Ok(ClaimedDeletion {
        id: DeletionId(m.id),
        attempts: u32::try_from(m.attempts).unwrap_or(0),
        deletion: NewDeletion {
            post: SocialPostId(m.post_id),
            story: StoryId(m.story_id),
            story_title: m.story_title,
            platform,
            external_id: m.external_id,
            external_url: m.external_url,
            requested_by: UserId::new(m.requested_by),
            requested_by_name: m.requested_by_name,
            at: m.created_at,
        },
    })
}

pub(super) async fn mark_deleted(
    repo: &SeaOrmSocialPostRepository,
    id: DeletionId,
    post: SocialPostId,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    use social_deletions::Column as C;
    social_deletions::Entity::update_many()
        .col_expr(C::Status, DeletionStatus::Deleted.as_str().into())
        .col_expr(C::DeletedAt, Some(at).into())
        .col_expr(C::LastError, Option::<String>::None.into())
        .col_expr(C::NextAttemptAt, Option::<DateTime<Utc>>::None.into())
        .filter(C::Id.eq(id.0))
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    // The post's row, if its story was not deleted meanwhile.
    social_posts::Entity::update_many()
        .col_expr(
            social_posts::Column::Status,
            PostStatus::Deleted.as_str().into(),
        )
        .filter(social_posts::Column::Id.eq(post.0))
        .filter(social_posts::Column::Status.eq(PostStatus::Posted.as_str()))
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    Ok(())
}

pub(super) async fn mark_failed(
    repo: &SeaOrmSocialPostRepository,
    id: DeletionId,
    error: &str,
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), StoreError> {
    use social_deletions::Column as C;
    let error: String = error.chars().take(1000).collect();
    let status = if retry_at.is_some() {
        DeletionStatus::Queued
    } else {
        DeletionStatus::Failed
    };
    social_deletions::Entity::update_many()
        .col_expr(C::Status, status.as_str().into())
        .col_expr(C::LastError, Some(error).into())
        .col_expr(C::NextAttemptAt, retry_at.into())
        .filter(C::Id.eq(id.0))
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    Ok(())
}
