//! JSON shapes of stories, their authors and categories.

use chrono::{DateTime, Utc};
use domain::category::CategoryWithCount;
use domain::story::{StorySummary, StoryWithAuthor};
use domain::user::AuthorSummary;
use serde::Serialize;
use utoipa::ToSchema;

/// The author part of a story, as cards and the detail page show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorDto {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
}

impl From<AuthorSummary> for AuthorDto {
    fn from(a: AuthorSummary) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            profile_image_url: a.profile_image_url,
        }
    }
}

/// Review status of a story.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum StoryStatusDto {
    Draft,
    PendingApproval,
    Approved,
    Rejected,
}

impl From<domain::story::StoryStatus> for StoryStatusDto {
    fn from(s: domain::story::StoryStatus) -> Self {
        use domain::story::StoryStatus as S;
        match s {
            S::Draft => Self::Draft,
            S::PendingApproval => Self::PendingApproval,
            S::Approved => Self::Approved,
            S::Rejected => Self::Rejected,
        }
    }
}

/// A story as a card shows it (no content).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorySummaryDto {
    pub id: i64,
    pub title: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
    /// Why a reviewer last refused it; only in an author's own list.
    pub rejection_reason: Option<String>,
    /// An edit of this live story waits for review; only in an author's own list.
    pub has_pending_revision: bool,
    /// The start of the content as plain text (at most 200 characters; may be empty), for
    /// a card without an excerpt.
    pub preview: String,
    /// The scripture passages its title, excerpt and text cite, in order.
    pub scripture_refs: Vec<super::scripture::ScriptureRefDto>,
}

impl From<StorySummary> for StorySummaryDto {
    fn from(s: StorySummary) -> Self {
        Self {
            id: s.id.0,
            title: s.title,
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id.to_string(),
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: s.author.into(),
            rejection_reason: s.rejection_reason,
            has_pending_revision: s.has_pending_revision,
            scripture_refs: super::scripture::refs(&s.passages),
            preview: s.preview,
        }
    }
}

/// A whole story with its author.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryDto {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    /// The text as its author typed it (plain text with `![alt](address)` pictures, or
    /// HTML), for the edit form: only for its author and reviewers, else null.
    pub source: Option<String>,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    /// Why a reviewer rejected it; shown to its author.
    pub rejection_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
    /// The scripture passages its title, excerpt and text cite, in order.
    pub scripture_refs: Vec<super::scripture::ScriptureRefDto>,
}

impl From<StoryWithAuthor> for StoryDto {
    fn from(sw: StoryWithAuthor) -> Self {
        let scripture_refs = super::scripture::refs(&sw.passages);
        let s = sw.story;
        Self {
            scripture_refs,
            id: s.id.0,
            title: s.title,
            content: s.content,
            source: (!s.source.is_empty()).then_some(s.source),
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id.to_string(),
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            approved_by: s.approved_by.map(|u| u.to_string()),
            approved_at: s.approved_at,
            rejection_reason: s.rejection_reason,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: sw.author.into(),
        }
    }
}

/// A category with the number of its published stories.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub icon: Option<String>,
    pub created_at: DateTime<Utc>,
    pub story_count: u64,
}

impl From<CategoryWithCount> for CategoryDto {
    fn from(c: CategoryWithCount) -> Self {
        Self {
            id: c.category.id,
            name: c.category.name,
            description: c.category.description,
            icon: c.category.icon,
            created_at: c.category.created_at,
            story_count: c.story_count,
        }
    }
}
