//! Stories: the public list (page from the index, then authors in one batch), full-text
//! search, an author's list, the review queue and revisions.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::story::content::{PREVIEW_CHARS, PREVIEW_SOURCE_CHARS, plain_preview};
use domain::story::{
    NewStory, Page, ReviewItem, ReviewKind, Revision, RevisionStatus, SiteCounts, Story,
    StoryFields, StoryId, StoryQuery, StoryRepository, StoryStatus, StorySummary, StoryWithAuthor,
};
use domain::user::{AuthorSummary, UserId};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select, Set,
};

use crate::db::store_err;
use crate::entity::{stories, story_revisions, users};
use crate::work::Db;

pub struct SeaOrmStoryRepository {
    db: Db,
}

impl SeaOrmStoryRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// Authors of these stories in one query.
    async fn authors(
        &self,
        ids: impl IntoIterator<Item = String>,
    ) -> Result<HashMap<String, AuthorSummary>, StoreError> {
        let mut ids: Vec<String> = ids.into_iter().collect();
        ids.sort();
        ids.dedup();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let found = users::Entity::find()
            .filter(users::Column::Id.is_in(ids))
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(found
            .into_iter()
            .map(|u| {
                (
                    u.id,
                    AuthorSummary {
                        first_name: u.first_name,
                        last_name: u.last_name,
                        profile_image_url: u.profile_image_url,
                    },
                )
            })
            .collect())
    }
}

/// Approved and published: what visitors may see.
pub(crate) fn public_filter() -> Condition {
    Condition::all()
        .add(stories::Column::Status.eq(StoryStatus::Approved.as_str()))
        .add(stories::Column::IsPublished.eq(true))
}

/// The words of a search, lowercased, letters and digits only (so nothing in them can be
/// read as query syntax); at most eight.
fn search_words(search: &str) -> Vec<String> {
    search
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_lowercase)
        .collect()
}

/// Every word (as a prefix) must appear in the title, excerpt or content: FTS5 on SQLite,
/// the generated tsvector on PostgreSQL. Both use an index.
fn search_filter(backend: DbBackend, words: &[String]) -> Condition {
    let expr = match backend {
        DbBackend::Postgres => {
            let query = words
                .iter()
                .map(|w| format!("{w}:*"))
                .collect::<Vec<_>>()
                .join(" & ");
            Expr::cust_with_values(
                "\"stories\".\"search\" @@ to_tsquery('simple', $1)",
                [query],
            )
        }
        _ => {
            let query = words
                .iter()
                .map(|w| format!("\"{w}\"*"))
                .collect::<Vec<_>>()
                .join(" ");
            Expr::cust_with_values(
                "\"stories\".\"id\" IN (SELECT rowid FROM stories_fts WHERE stories_fts MATCH ?)",
                [query],
            )
        }
    };
    Condition::all().add(expr)
}

fn status(s: &str) -> Result<StoryStatus, StoreError> {
    s.parse::<StoryStatus>()
        .map_err(|e| StoreError::Unknown(e.into()))
}

pub(crate) fn to_domain(m: stories::Model) -> Result<Story, StoreError> {
    Ok(Story {
        id: StoryId(m.id),
        title: m.title,
        content: m.content,
        excerpt: m.excerpt,
        video_url: m.video_url,
        thumbnail_url: m.thumbnail_url,
        category: m.category,
        author_id: UserId::new(m.author_id),
        status: status(&m.status)?,
        is_published: m.is_published,
        published_at: m.published_at,
        approved_by: m.approved_by.map(UserId::new),
        approved_at: m.approved_at,
        rejection_reason: m.rejection_reason,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

/// The columns a card needs: everything but the content.
#[derive(sea_orm::FromQueryResult)]
struct SummaryRow {
    id: i64,
    title: String,
    excerpt: Option<String>,
    video_url: Option<String>,
    thumbnail_url: Option<String>,
    category: String,
    author_id: String,
    status: String,
    is_published: bool,
    published_at: Option<chrono::DateTime<Utc>>,
    created_at: chrono::DateTime<Utc>,
    updated_at: chrono::DateTime<Utc>,
    rejection_reason: Option<String>,
    content_head: String,
}

/// The card columns of `stories`, and the start of the content for the preview.
fn summary_select() -> Select<stories::Entity> {
    use stories::Column as C;
    stories::Entity::find()
        .select_only()
        .columns([
            C::Id,
            C::Title,
            C::Excerpt,
            C::VideoUrl,
            C::ThumbnailUrl,
            C::Category,
            C::AuthorId,
            C::Status,
            C::IsPublished,
            C::PublishedAt,
            C::CreatedAt,
            C::UpdatedAt,
            C::RejectionReason,
        ])
        .expr_as(
            // Literal bounds: a bound parameter would be a bigint, which PostgreSQL's
            // substr does not take.
            Expr::cust(format!(
                r#"SUBSTR("stories"."content", 1, {PREVIEW_SOURCE_CHARS})"#
            )),
            "content_head",
        )
}

pub(crate) fn revision(m: story_revisions::Model) -> Result<Revision, StoreError> {
    Ok(Revision {
        id: m.id,
        story_id: StoryId(m.story_id),
        status: m
            .status
            .parse::<RevisionStatus>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        fields: StoryFields {
            title: m.title,
            content: m.content,
            excerpt: m.excerpt,
            video_url: m.video_url,
            thumbnail_url: m.thumbnail_url,
            category: m.category,
        },
        created_by: m.created_by.map(UserId::new),
        created_at: m.created_at,
        reviewed_by: m.reviewed_by.map(UserId::new),
        reviewed_at: m.reviewed_at,
        reason: m.reason,
    })
}

impl SeaOrmStoryRepository {
    /// Pending revisions of these stories, in one query.
    async fn pending_revisions(&self, ids: Vec<i64>) -> Result<HashMap<i64, Revision>, StoreError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows = story_revisions::Entity::find()
            .filter(story_revisions::Column::StoryId.is_in(ids))
            .filter(story_revisions::Column::Status.eq(RevisionStatus::Pending.as_str()))
            .all(&self.db)
            .await
            .map_err(store_err)?;
        rows.into_iter()
            .map(|m| Ok((m.story_id, revision(m)?)))
            .collect()
    }

    /// Cards with authors (one query) and, for an author's own list, revision flags (one more).
    async fn summaries(
        &self,
        rows: Vec<SummaryRow>,
        with_private: bool,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let authors = self
            .authors(rows.iter().map(|r| r.author_id.clone()))
            .await?;
        let pending = if with_private {
            self.pending_revisions(rows.iter().map(|r| r.id).collect())
                .await?
        } else {
            HashMap::new()
        };
        rows.into_iter()
            .map(|r| {
                Ok(StorySummary {
                    author: authors.get(&r.author_id).cloned().unwrap_or_default(),
                    has_pending_revision: pending.contains_key(&r.id),
                    preview: plain_preview(&r.content_head, PREVIEW_CHARS),
                    rejection_reason: if with_private {
                        r.rejection_reason
                    } else {
                        None
                    },
                    id: StoryId(r.id),
                    title: r.title,
                    excerpt: r.excerpt,
                    video_url: r.video_url,
                    thumbnail_url: r.thumbnail_url,
                    category: r.category,
                    author_id: UserId::new(r.author_id),
                    status: status(&r.status)?,
                    is_published: r.is_published,
                    published_at: r.published_at,
                    created_at: r.created_at,
                    updated_at: r.updated_at,
                })
            })
            .collect()
    }
}

#[async_trait]
impl StoryRepository for SeaOrmStoryRepository {
    async fn list_published(&self, query: &StoryQuery) -> Result<Page<StorySummary>, StoreError> {
        let mut cond = public_filter();
        if let Some(cat) = query.category.as_deref().filter(|c| !c.is_empty()) {
            cond = cond.add(stories::Column::Category.eq(cat));
        }
        let words = search_words(query.search.as_deref().unwrap_or_default());
        if !words.is_empty() {
            cond = cond.add(search_filter(self.db.get_database_backend(), &words));
        }
        let total = stories::Entity::find()
            .filter(cond.clone())
            .count(&self.db)
            .await
            .map_err(store_err)?;
        let rows = summary_select()
            .filter(cond)
            .order_by_desc(stories::Column::PublishedAt)
            .order_by_desc(stories::Column::Id)
            .limit(u64::from(query.limit))
            .offset(query.offset)
            .into_model::<SummaryRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let items = self.summaries(rows, false).await?;
        Ok(Page { items, total })
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
        Ok(Some(StoryWithAuthor {
            story: to_domain(model)?,
            author,
        }))
    }

    async fn create(&self, new: NewStory) -> Result<Story, StoreError> {
        let now = Utc::now();
        let model = stories::ActiveModel {
            title: Set(new.title),
            content: Set(new.content),
            excerpt: Set(new.excerpt),
            video_url: Set(new.video_url),
            thumbnail_url: Set(new.thumbnail_url),
            category: Set(new.category),
            author_id: Set(new.author_id.as_str().to_owned()),
            status: Set(new.status.as_str().to_owned()),
            is_published: Set(new.is_published),
            published_at: Set(new.published_at),
            approved_by: Set(new.approved_by.map(|u| u.as_str().to_owned())),
            approved_at: Set(new.approved_at),
            rejection_reason: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        to_domain(model)
    }

    async fn update(&self, story: &Story) -> Result<Story, StoreError> {
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
        to_domain(active.update(&self.db).await.map_err(store_err)?)
    }

    async fn delete(&self, id: StoryId) -> Result<bool, StoreError> {
        // Comments and revisions go with it (ON DELETE CASCADE).
        let res = stories::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn list_by_author(
        &self,
        author: &UserId,
        public_only: bool,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let mut cond = Condition::all().add(stories::Column::AuthorId.eq(author.as_str()));
        if public_only {
            cond = cond.add(public_filter());
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
        let (models, total) = match kind {
            Some(ReviewKind::Edits) => {
                // Edits wait from when they were written: page the pending revisions.
                let pending = story_revisions::Entity::find()
                    .filter(story_revisions::Column::Status.eq(RevisionStatus::Pending.as_str()));
                let total = pending.clone().count(&self.db).await.map_err(store_err)?;
                let order: Vec<i64> = pending
                    .select_only()
                    .column(story_revisions::Column::StoryId)
                    .order_by_asc(story_revisions::Column::CreatedAt)
                    .order_by_asc(story_revisions::Column::Id)
                    .limit(limit)
                    .offset(offset)
                    .into_tuple::<i64>()
                    .all(&self.db)
                    .await
                    .map_err(store_err)?;
                let mut found: HashMap<i64, stories::Model> = stories::Entity::find()
                    .filter(stories::Column::Id.is_in(order.clone()))
                    .all(&self.db)
                    .await
                    .map_err(store_err)?
                    .into_iter()
                    .map(|m| (m.id, m))
                    .collect();
                let models = order
                    .into_iter()
                    .filter_map(|id| found.remove(&id))
                    .collect();
                (models, total)
            }
            _ => {
                let condition = if kind == Some(ReviewKind::NewStories) {
                    Condition::all()
                        .add(stories::Column::Status.eq(StoryStatus::PendingApproval.as_str()))
                } else {
                    let with_pending_revision = story_revisions::Entity::find()
                        .select_only()
                        .column(story_revisions::Column::StoryId)
                        .filter(
                            story_revisions::Column::Status.eq(RevisionStatus::Pending.as_str()),
                        )
                        .into_query();
                    Condition::any()
                        .add(stories::Column::Status.eq(StoryStatus::PendingApproval.as_str()))
                        .add(stories::Column::Id.in_subquery(with_pending_revision))
                };
                let query = stories::Entity::find().filter(condition);
                let total = query.clone().count(&self.db).await.map_err(store_err)?;
                let models = query
                    .order_by_asc(stories::Column::UpdatedAt)
                    .order_by_asc(stories::Column::Id)
                    .limit(limit)
                    .offset(offset)
                    .all(&self.db)
                    .await
                    .map_err(store_err)?;
                (models, total)
            }
        };
        let authors = self
            .authors(models.iter().map(|m| m.author_id.clone()))
            .await?;
        let mut revisions = self
            .pending_revisions(models.iter().map(|m| m.id).collect())
            .await?;
        let items = models
            .into_iter()
            .map(|m| {
                let revision = revisions.remove(&m.id);
                let author = authors.get(&m.author_id).cloned().unwrap_or_default();
                Ok(ReviewItem {
                    story: StoryWithAuthor {
                        story: to_domain(m)?,
                        author,
                    },
                    revision,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(Page { items, total })
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
        let approved = status == RevisionStatus::Approved;
        let model = story_revisions::ActiveModel {
            story_id: Set(story.0),
            title: Set(fields.title.clone()),
            content: Set(fields.content.clone()),
            excerpt: Set(fields.excerpt.clone()),
            video_url: Set(fields.video_url.clone()),
            thumbnail_url: Set(fields.thumbnail_url.clone()),
            category: Set(fields.category.clone()),
            status: Set(status.as_str().to_owned()),
            created_by: Set(Some(by.as_str().to_owned())),
            created_at: Set(at),
            reviewed_by: Set(approved.then(|| by.as_str().to_owned())),
            reviewed_at: Set(approved.then_some(at)),
            reason: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        revision(model)
    }

    async fn close_revision(
        &self,
        revision_id: i64,
        status: RevisionStatus,
        reviewer: &UserId,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        story_revisions::Entity::update_many()
            .col_expr(
                story_revisions::Column::Status,
                Expr::value(status.as_str()),
            )
            .col_expr(
                story_revisions::Column::ReviewedBy,
                Expr::value(reviewer.as_str()),
            )
            .col_expr(story_revisions::Column::ReviewedAt, Expr::value(at))
            .col_expr(
                story_revisions::Column::Reason,
                Expr::value(reason.map(str::to_owned)),
            )
            .filter(story_revisions::Column::Id.eq(revision_id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
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
