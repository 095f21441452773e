//! Story rows: the visible filter, the mapping to the domain, the card columns and the
//! batched lookups (authors, pending revisions) that keep lists at a fixed query count.

use std::collections::HashMap;

use chrono::Utc;
use domain::StoreError;
use domain::story::content::{PREVIEW_CHARS, PREVIEW_SOURCE_CHARS, plain_preview, to_source};
use domain::story::{
    Audience, AudienceScope, Byline, Privacy, Revision, RevisionStatus, Story, StoryFields,
    StoryId, StoryStatus, StorySummary,
};
use domain::user::{AuthorSummary, UserId};
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Select};

use super::SeaOrmStoryRepository;
use crate::db::store_err;
use crate::entity::{stories, story_revisions, users};

impl SeaOrmStoryRepository {
    /// Authors of these stories in one query.
    pub(super) async fn authors(
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

/// Approved, published and for everyone: what visitors, and every public output, may see.
pub(crate) fn public_filter() -> Condition {
    live_filter().add(stories::Column::Audience.eq(Audience::Public.as_str()))
}

/// Approved and published, whatever the audience: what signed-in approved members may see.
pub(crate) fn live_filter() -> Condition {
    Condition::all()
        .add(stories::Column::Status.eq(StoryStatus::Approved.as_str()))
        .add(stories::Column::IsPublished.eq(true))
}

/// The latest consent record of the story agrees to the widget (`docs/decisions/privacy.md`).
const WIDGET_CONSENT: &str = "EXISTS (SELECT 1 FROM story_consents c WHERE c.story_id = stories.id \
     AND c.widget AND c.id = (SELECT MAX(l.id) FROM story_consents l WHERE l.story_id = stories.id))";

/// The visible filter of a list's scope.
pub(crate) fn scope_filter(scope: AudienceScope) -> Condition {
    match scope {
        AudienceScope::Public => public_filter(),
        AudienceScope::Members => live_filter(),
        AudienceScope::Widget => public_filter().add(Expr::cust(WIDGET_CONSENT)),
    }
}

/// A stored byline and audience.
pub(crate) fn privacy(byline: &str, audience: &str) -> Result<Privacy, StoreError> {
    Ok(Privacy {
        byline: byline
            .parse::<Byline>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        audience: audience
            .parse::<Audience>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
    })
}
pub(super) fn status(s: &str) -> Result<StoryStatus, StoreError> {
    s.parse::<StoryStatus>()
        .map_err(|e| StoreError::Unknown(e.into()))
}

pub(crate) fn to_domain(m: stories::Model) -> Result<Story, StoreError> {
    Ok(Story {
        id: StoryId(m.id),
        title: m.title,
        source: m.source.unwrap_or_else(|| to_source(&m.content)),
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
        privacy: privacy(&m.byline, &m.audience)?,
    })
}

/// The columns a card needs: everything but the content.
#[derive(sea_orm::FromQueryResult)]
pub(super) struct SummaryRow {
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
    byline: String,
    audience: String,
}

/// The card columns of `stories`, and the start of the content for the preview.
pub(super) fn summary_select() -> Select<stories::Entity> {
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
            C::Byline,
            C::Audience,
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
            source: m.source.unwrap_or_else(|| to_source(&m.content)),
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
    pub(super) async fn pending_revisions(
        &self,
        ids: Vec<i64>,
    ) -> Result<HashMap<i64, Revision>, StoreError> {
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
    pub(super) async fn summaries(
        &self,
        rows: Vec<SummaryRow>,
        with_private: bool,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let authors = self
            .authors(rows.iter().map(|r| r.author_id.clone()))
            .await?;
        let mut cited = super::passages::of_stories(&self.db, rows.iter().map(|r| r.id)).await?;
        let pending = if with_private {
            self.pending_revisions(rows.iter().map(|r| r.id).collect())
                .await?
        } else {
            HashMap::new()
        };
        rows.into_iter()
            .map(|r| {
                Ok(StorySummary {
                    passages: cited.remove(&StoryId(r.id)).unwrap_or_default(),
                    author: authors.get(&r.author_id).cloned().unwrap_or_default(),
                    has_pending_revision: pending.contains_key(&r.id),
                    privacy: privacy(&r.byline, &r.audience)?,
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
