//! Stories: the repository's entry points, and the reads of one story and of lists (the
//! public list: page from the index, then authors in one batch; an author's list). Writing
//! a story is in `write.rs`, its versions in `revisions.rs`, the site's counts in
//! `counts.rs`, rows and their mapping in `rows.rs`, search in `search.rs`, the review queue
//! in `review.rs`, feeds and sitemaps in `archive.rs`, a leaving author's stories in
//! `leaving.rs`.

mod archive;
mod counts;
mod leaving;
mod list;
mod passages;
mod review;
mod revisions;
mod rows;
mod search;
mod write;

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
use sea_orm::sea_query::Condition;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::stories;

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
        let Some(story) = self.find(id).await? else {
            return Ok(None);
        };
        let author = self
            .authors([story.author_id.as_str().to_owned()])
            .await?
            .remove(story.author_id.as_str())
            .unwrap_or_default();
        let passages = passages::of_stories(&self.db, [story.id.0])
            .await?
            .remove(&story.id)
            .unwrap_or_default();
        Ok(Some(StoryWithAuthor {
            story,
            author,
            passages,
        }))
    }

    async fn create(&self, new: NewStory) -> Result<Story, StoreError> {
        self.insert(new).await
    }

    async fn update(&self, story: &Story, cited: &[Passage]) -> Result<Story, StoreError> {
        self.save(story, cited).await
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
        self.revisions_of(story).await
    }

    async fn count_all(&self) -> Result<u64, StoreError> {
        self.count_every_story().await
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
        self.count_published_and_authors().await
    }
}
