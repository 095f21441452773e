//! Exported posts in the `social_posts` table, and the delivery worker's atomic claim of the
//! due ones; the deletions of posts already made in `social_deletions` (`deletions.rs`).
//! Rows and their mapping are in `rows.rs`.

mod deletions;
mod rows;

use rows::claimed;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::paging::Page;
use domain::social::{
    ClaimedDeletion, ClaimedPost, DeletionId, NewDeletion, Platform, PostStatus, Published,
    SocialPostId, SocialPostRecord, SocialPostRepository,
};
use domain::story::StoryId;
use domain::user::UserId;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use tokio::sync::Notify;

use crate::db::Db;
use crate::db::{Claim, store_err};
use crate::entity::social_posts;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, OnConflict, Query};

pub struct SeaOrmSocialPostRepository {
    db: Db,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmSocialPostRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            wakeup: None,
        }
    }

    /// Notifies `wakeup` after each queued post (the delivery worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

#[async_trait]
impl SocialPostRepository for SeaOrmSocialPostRepository {
    /// At most one queued post per story and platform is kept by a partial unique index
    /// (`idx_social_posts_one_queued`): the insert does nothing when one is queued, also
    /// when two exports race. Whether it was already posted is one count before.
    async fn queue(
        &self,
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
                .count(&self.db)
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
                self.db.now().into(),
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
        let backend = self.db.get_database_backend();
        let done = self
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
        if let Some(wakeup) = &self.wakeup {
            wakeup.notify_one();
        }
        Ok(true)
    }

    async fn claim_due(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPost>, StoreError> {
        if platforms.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        use social_posts::Column as C;
        let statement = Claim {
            entity: social_posts::Entity,
            id: C::Id,
            due: Condition::all()
                .add(C::Status.eq(PostStatus::Queued.as_str()))
                .add(
                    Condition::any()
                        .add(C::NextAttemptAt.is_null())
                        .add(C::NextAttemptAt.lte(now)),
                )
                .add(C::Platform.is_in(platforms.iter().map(|p| p.as_str()))),
            order: vec![C::Id],
            limit: u64::from(limit),
            changes: vec![
                (C::Attempts, Expr::col(C::Attempts).add(1)),
                (C::NextAttemptAt, Expr::val(lease_until)),
            ],
        }
        .statement(self.db.get_database_backend());
        let mut rows = social_posts::Entity::find()
            .from_raw_sql(statement)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        rows.sort_by_key(|m| m.id);
        rows.into_iter().map(claimed).collect()
    }

    async fn mark_posted(
        &self,
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
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn mark_failed(
        &self,
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
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn page(
        &self,
        status: Option<PostStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<SocialPostRecord>, StoreError> {
        let mut query = social_posts::Entity::find();
        if let Some(status) = status {
            query = query.filter(social_posts::Column::Status.eq(status.as_str()));
        }
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let rows = query
            .order_by_desc(social_posts::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let items = self.records(rows).await?;
        Ok(Page { items, total })
    }

    async fn find(&self, id: SocialPostId) -> Result<Option<SocialPostRecord>, StoreError> {
        let rows: Vec<social_posts::Model> = social_posts::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .collect();
        Ok(self.records(rows).await?.pop())
    }

    async fn change_status(
        &self,
        id: SocialPostId,
        from: PostStatus,
        to: PostStatus,
    ) -> Result<bool, StoreError> {
        let mut update = social_posts::Entity::update_many()
            .col_expr(social_posts::Column::Status, to.as_str().into())
            .filter(social_posts::Column::Id.eq(id.0))
            .filter(social_posts::Column::Status.eq(from.as_str()));
        if to == PostStatus::Queued {
            // Fresh tries, due at once.
            update = update
                .col_expr(social_posts::Column::Attempts, 0.into())
                .col_expr(
                    social_posts::Column::NextAttemptAt,
                    Option::<DateTime<Utc>>::None.into(),
                );
        }
        let res = update.exec(&self.db).await.map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn queue_deletion(&self, deletion: &NewDeletion) -> Result<(), StoreError> {
        deletions::queue(self, deletion).await
    }

    async fn claim_due_deletions(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedDeletion>, StoreError> {
        deletions::claim_due(self, platforms, now, lease_until, limit).await
    }

    async fn mark_deleted(
        &self,
        id: DeletionId,
        post: SocialPostId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        deletions::mark_deleted(self, id, post, at).await
    }

    async fn mark_deletion_failed(
        &self,
        id: DeletionId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        deletions::mark_failed(self, id, error, retry_at).await
    }
}
