//! Exported posts in the `social_posts` table, and the delivery worker's atomic claim of the
//! due ones.

use std::str::FromStr;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::social::{
    ClaimedPost, Platform, PostStatus, Published, SocialPostId, SocialPostRepository,
};
use domain::story::StoryId;
use domain::user::UserId;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbBackend, EntityTrait, PaginatorTrait,
    QueryFilter, Set, Statement, Value,
};
use tokio::sync::Notify;

use crate::db::{portable_sql, store_err};
use crate::entity::social_posts;

pub struct SeaOrmSocialPostRepository {
    db: DatabaseConnection,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmSocialPostRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db, wakeup: None }
    }

    /// Notifies `wakeup` after each queued post (the delivery worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

/// The claim: counts the attempt of up to `limit` due queued posts for the given platforms and
/// leases them, in one statement. On PostgreSQL the inner select locks the rows it picks and
/// skips rows another instance is claiming at that moment; the outer condition is checked
/// again on the latest row version, so a post is never claimed twice. SQLite runs one writer
/// at a time, so the statement alone is enough there.
fn claim_sql(backend: DbBackend, platforms: usize) -> String {
    // $1 lease, $2 now, $3.. the platforms, then the limit.
    let list: Vec<String> = (0..platforms).map(|i| format!("${}", i + 3)).collect();
    let limit = platforms + 3;
    portable_sql(
        backend,
        &format!(
            r#"UPDATE "social_posts" SET "attempts" = "attempts" + 1, "next_attempt_at" = $1
           WHERE "status" = 'queued'
             AND ("next_attempt_at" IS NULL OR "next_attempt_at" <= $2)
             AND "id" IN (
               SELECT "id" FROM "social_posts"
               WHERE "status" = 'queued'
                 AND ("next_attempt_at" IS NULL OR "next_attempt_at" <= $2)
                 AND "platform" IN ({list})
               ORDER BY "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
           RETURNING *"#,
            list = list.join(", ")
        ),
    )
}

fn claimed(m: social_posts::Model) -> Result<ClaimedPost, StoreError> {
    let platform = Platform::from_str(&m.platform)
        .map_err(|e| StoreError::Unknown(anyhow::anyhow!("social post {}: {e}", m.id)))?;
    Ok(ClaimedPost {
        id: SocialPostId(m.id),
        story: StoryId(m.story_id),
        platform,
        attempts: u32::try_from(m.attempts).unwrap_or(0),
    })
}

#[async_trait]
impl SocialPostRepository for SeaOrmSocialPostRepository {
    /// Two statements (a count on the `(story_id, platform)` index, then the insert): two
    /// exports of one story at the very same moment may both queue it.
    async fn queue(
        &self,
        story: StoryId,
        platform: Platform,
        text: &str,
        by: &UserId,
        again: bool,
    ) -> Result<bool, StoreError> {
        let mut blocking = vec![PostStatus::Queued.as_str()];
        if !again {
            blocking.push(PostStatus::Posted.as_str());
        }
        let waiting = social_posts::Entity::find()
            .filter(social_posts::Column::StoryId.eq(story.0))
            .filter(social_posts::Column::Platform.eq(platform.as_str()))
            .filter(social_posts::Column::Status.is_in(blocking))
            .count(&self.db)
            .await
            .map_err(store_err)?;
        if waiting > 0 {
            return Ok(false);
        }
        social_posts::ActiveModel {
            story_id: Set(story.0),
            platform: Set(platform.as_str().to_owned()),
            status: Set(PostStatus::Queued.as_str().to_owned()),
            body: Set(text.to_owned()),
            created_by: Set(Some(by.as_str().to_owned())),
            created_at: Set(Utc::now()),
            attempts: Set(0),
            last_error: Set(None),
            next_attempt_at: Set(None),
            posted_at: Set(None),
            external_id: Set(None),
            external_url: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
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
        let backend = self.db.get_database_backend();
        let mut values: Vec<Value> = vec![lease_until.into(), now.into()];
        values.extend(platforms.iter().map(|p| Value::from(p.as_str())));
        values.push(i64::from(limit).into());
        let statement =
            Statement::from_sql_and_values(backend, claim_sql(backend, platforms.len()), values);
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
}
