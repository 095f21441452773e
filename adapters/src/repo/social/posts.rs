//! The posts the delivery worker makes: queued by an export, claimed when due, marked
//! posted or failed (`social_posts`).

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::social::{ClaimedPost, Platform, PostStatus, Published, SocialPostId};
use domain::story::StoryId;
use domain::user::UserId;
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use super::SeaOrmSocialPostRepository;
use super::claim::{QueueColumns, claim_due};
use super::rows::claimed;
use crate::db::store_err;
use crate::entity::social_posts;

/// At most one queued post per story and platform is kept by a partial unique index
/// (`idx_social_posts_one_queued`): the insert does nothing when one is queued, also when
/// two exports race. Whether it was already posted is one count before.
pub(super) async fn queue(
    repo: &SeaOrmSocialPostRepository,
    story: StoryId,
    platform: Platform,
    text: &str,
    by: &UserId,
    again: bool,
) -> Result<bool, StoreError> {
    use social_posts::Column as C;
    if !again {
        let posted = social_posts::Entity::find()
            .filter(C::StoryId.eq(story.0))
            .filter(C::Platform.eq(platform.as_str()))
            .filter(C::Status.eq(PostStatus::Posted.as_str()))
            .count(&repo.db)
            .await
            .map_err(store_err)?;
        if posted > 0 {
            return Ok(false);
        }
    }
    let mut insert = Query::insert();
    insert
        .into_table(social_posts::Entity)
        .columns([
            C::StoryId,
            C::Platform,
            C::Status,
            C::Body,
            C::CreatedBy,
            C::CreatedAt,
            C::Attempts,
        ])
        .values_panic([
            story.0.into(),
            platform.as_str().into(),
            PostStatus::Queued.as_str().into(),
            text.into(),
            by.as_str().into(),
            repo.db.now().into(),
            0.into(),
        ])
        .on_conflict(
            OnConflict::columns([C::StoryId, C::Platform])
                // The index's own predicate, as a literal: SQLite matches a partial
                // index only when the conflict target repeats it.
                .target_and_where(Expr::cust(r#""status" = 'queued'"#))
                .do_nothing()
                .to_owned(),
        );
    let backend = repo.db.get_database_backend();
    let done = repo
        .db
        .execute_raw(backend.build(&insert))
        .await
        .map_err(store_err)?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    tracing::info!(
        story = story.0,
        platform = platform.as_str(),
        "social post queued"
    );
    if let Some(wakeup) = &repo.wakeup {
        wakeup.notify_one();
    }
    Ok(true)
}

/// The queued posts due on these platforms ([`claim_due`]).
pub(super) async fn claim(
    repo: &SeaOrmSocialPostRepository,
    platforms: &[Platform],
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<ClaimedPost>, StoreError> {
    use social_posts::Column as C;
    let columns = QueueColumns {
        id: C::Id,
        status: C::Status,
        platform: C::Platform,
        attempts: C::Attempts,
        next_attempt_at: C::NextAttemptAt,
    };
    claim_due(
        &repo.db,
        social_posts::Entity,
        columns,
        PostStatus::Queued.as_str(),
        (platforms, now, lease_until, limit),
        |m| m.id,
    )
    .await?
    .into_iter()
    .map(claimed)
    .collect()
}

pub(super) async fn mark_posted(
    repo: &SeaOrmSocialPostRepository,
    id: SocialPostId,
    published: &Published,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    social_posts::Entity::update_many()
        .col_expr(
            social_posts::Column::Status,
            PostStatus::Posted.as_str().into(),
        )
        .col_expr(social_posts::Column::PostedAt, Some(at).into())
        .col_expr(
            social_posts::Column::ExternalId,
            published.external_id.clone().into(),
        )
        .col_expr(
            social_posts::Column::ExternalUrl,
            published.url.clone().into(),
        )
        .col_expr(
            social_posts::Column::LastError,
            Option::<String>::None.into(),
        )
        .col_expr(
            social_posts::Column::NextAttemptAt,
            Option::<DateTime<Utc>>::None.into(),
        )
        .filter(social_posts::Column::Id.eq(id.0))
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    Ok(())
}

pub(super) async fn mark_failed(
    repo: &SeaOrmSocialPostRepository,
    id: SocialPostId,
    error: &str,
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), StoreError> {
    let error: String = error.chars().take(1000).collect();
    let status = if retry_at.is_some() {
        PostStatus::Queued
    } else {
        PostStatus::Failed
    };
    social_posts::Entity::update_many()
        .col_expr(social_posts::Column::Status, status.as_str().into())
        .col_expr(social_posts::Column::LastError, Some(error).into())
        .col_expr(social_posts::Column::NextAttemptAt, retry_at.into())
        .filter(social_posts::Column::Id.eq(id.0))
        .exec(&repo.db)
        .await
        .map_err(store_err)?;
    Ok(())
}
