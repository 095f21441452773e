//! Stories: the public list (page from the index, then authors in one batch), full-text
//! search, an author's list and revisions. Rows and their mapping are in `rows.rs`, search
//! in `search.rs`, the review queue in `review.rs`, feeds and sitemaps in `archive.rs`, a
//! leaving author's stories in `leaving.rs`.

mod archive;
mod leaving;
mod list;
mod passages;
mod review;
mod revisions;
mod rows;
mod search;

pub(crate) use list::list_selects;
pub(crate) use passages::replace_many;
use rows::{SummaryRow, summary_select};
pub(crate) use rows::{public_filter, revision, to_domain};

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::paging::Page;
use domain::scripture::Passage;
use domain::story::{
    NewStory, ReviewItem, ReviewKind, Revision, RevisionStatus, SiteCounts, Story, StoryFields,
    StoryId, StoryQuery, StoryRepository, StorySummary, StoryWithAuthor,
};
use domain::user::{AuthorSummary, UserId};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{stories, story_revisions};

pub struct SeaOrmStoryRepository {
    db: Db,
}

impl SeaOrmStoryRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl StoryRepository for SeaOrmStoryRepository {
    async fn list_published(
        &self,
        query: &StoryQuery,
        limit: u64,
        offset: u64,
    ) -> Result<Page<StorySummary>, StoreError> {
        let (count, page) = list_selects(self.db.get_database_backend(), query, limit, offset);
        let total: i64 = self
            .db
            .query_one_raw(count)
            .await
            .map_err(store_err)?
            .map_or(Ok(0), |row| row.try_get("", "total"))
            .map_err(store_err)?;
        let rows = page
            .into_model::<SummaryRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let items = self.summaries(rows, false).await?;
        Ok(Page {
            items,
            total: u64::try_from(total).unwrap_or_default(),
        })
    }

    async fn find(&self, id: StoryId) -> Result<Option<Story>, StoreError> {
        stories::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn find_with_author(&self, id: StoryId) -> Result<Option<StoryWithAuthor>, StoreError> {
        let Some(model) = stories::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        let mut authors = self.authors([model.author_id.clone()]).await?;
        let author = authors.remove(&model.author_id).unwrap_or_default();
        let passages = passages::of_stories(&self.db, [model.id])
            .await?
            .remove(&StoryId(model.id))
            .unwrap_or_default();
        Ok(Some(StoryWithAuthor {
            story: to_domain(model)?,
            author,
            passages,
        }))
    }

    async fn create(&self, new: NewStory) -> Result<Story, StoreError> {
        let now = self.db.now();
        let model = stories::ActiveModel {
            title: Set(new.fields.title),
            content: Set(new.fields.content),
            source: Set(Some(new.fields.source)),
            excerpt: Set(new.fields.excerpt),
            video_url: Set(new.fields.video_url),
            thumbnail_url: Set(new.fields.thumbnail_url),
            category: Set(new.fields.category),
            author_id: Set(new.author_id.as_str().to_owned()),
            status: Set(new.status.as_str().to_owned()),
            is_published: Set(new.is_published),
            published_at: Set(new.published_at),
            approved_by: Set(new.approved_by.map(|u| u.as_str().to_owned())),
            approved_at: Set(new.approved_at),
            rejection_reason: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            byline: Set(new.privacy.byline.as_str().to_owned()),
            audience: Set(new.privacy.audience.as_str().to_owned()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        passages::replace(&self.db, model.id, &new.passages).await?;
        to_domain(model)
    }

    async fn update(&self, story: &Story, cited: &[Passage]) -> Result<Story, StoreError> {
        let Some(model) = stories::Entity::find_by_id(story.id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Err(StoreError::Unknown(anyhow::anyhow!(
                "story {} vanished during an update",
                story.id
            )));
        };
        let mut active = model.into_active_model();
        active.title = Set(story.title.clone());
        active.content = Set(story.content.clone());
        active.source = Set(Some(story.source.clone()));
        active.excerpt = Set(story.excerpt.clone());
        active.video_url = Set(story.video_url.clone());
        active.thumbnail_url = Set(story.thumbnail_url.clone());
        active.category = Set(story.category.clone());
        active.status = Set(story.status.as_str().to_owned());
        active.is_published = Set(story.is_published);
        active.published_at = Set(story.published_at);
        active.approved_by = Set(story.approved_by.as_ref().map(|u| u.as_str().to_owned()));
        active.approved_at = Set(story.approved_at);
        active.rejection_reason = Set(story.rejection_reason.clone());
        active.updated_at = Set(story.updated_at);
        active.byline = Set(story.privacy.byline.as_str().to_owned());
        active.audience = Set(story.privacy.audience.as_str().to_owned());
        let model = active.update(&self.db).await.map_err(store_err)?;
        passages::replace(&self.db, model.id, cited).await?;
        to_domain(model)
    }

    async fn delete(&self, id: StoryId) -> Result<bool, StoreError> {
        // Comments, revisions and picture uses cascade.
        let res = stories::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn hand_over_published(
        &self,
        from: &UserId,
        to: &UserId,
        byline: domain::story::Byline,
    ) -> Result<u64, StoreError> {
        self.hand_over(from, to, byline).await
    }

    async fn delete_pending_revisions_by(&self, by: &UserId) -> Result<u64, StoreError> {
        self.delete_pending_by(by).await
    }

    async fn list_by_author(
        &self,
        author: &UserId,
        public_only: bool,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let mut cond = Condition::all().add(stories::Column::AuthorId.eq(author.as_str()));
        if public_only {
            // Live in any audience: the service keeps what its caller may see.
            cond = cond.add(rows::live_filter());
        }
        let rows = summary_select()
            .filter(cond)
            .order_by_desc(stories::Column::CreatedAt)
            .order_by_desc(stories::Column::Id)
            .into_model::<SummaryRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        self.summaries(rows, !public_only).await
    }

    async fn review_queue(
        &self,
        kind: Option<ReviewKind>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<ReviewItem>, StoreError> {
        self.review_page(kind, limit, offset).await
    }

    async fn pending_revision(&self, story: StoryId) -> Result<Option<Revision>, StoreError> {
        Ok(self
            .pending_revisions(vec![story.0])
            .await?
            .remove(&story.0))
    }

    async fn add_revision(
        &self,
        story: StoryId,
        fields: &StoryFields,
        status: RevisionStatus,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Revision, StoreError> {
        self.insert_revision(story, fields, status, by, at).await
    }

    async fn close_revision(
        &self,
        revision_id: i64,
        status: RevisionStatus,
        reviewer: &UserId,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.finish_revision(revision_id, status, reviewer, reason, at)
            .await
    }

    async fn revisions(&self, story: StoryId) -> Result<Vec<Revision>, StoreError> {
        story_revisions::Entity::find()
            .filter(story_revisions::Column::StoryId.eq(story.0))
            .order_by_desc(story_revisions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(revision)
            .collect()
    }

    async fn count_all(&self) -> Result<u64, StoreError> {
        stories::Entity::find()
            .count(&self.db)
            .await
            .map_err(store_err)
    }

    async fn people(&self, ids: &[UserId]) -> Result<HashMap<UserId, AuthorSummary>, StoreError> {
        Ok(self
            .authors(ids.iter().map(|id| id.as_str().to_owned()))
            .await?
            .into_iter()
            .map(|(id, author)| (UserId::new(id), author))
            .collect())
    }

    async fn published_counts(&self) -> Result<SiteCounts, StoreError> {
        let counts: Option<(i64, i64)> = stories::Entity::find()
            .filter(public_filter())
            .select_only()
            .column_as(Expr::col(stories::Column::Id).count(), "stories")
            .column_as(
                Expr::col(stories::Column::AuthorId).count_distinct(),
                "authors",
            )
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let (stories, authors) = counts.unwrap_or_default();
        Ok(SiteCounts {
            published_stories: u64::try_from(stories).unwrap_or(0),
            contributors: u64::try_from(authors).unwrap_or(0),
        })
    }
}
