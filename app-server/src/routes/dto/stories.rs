//! JSON shapes of stories, their authors and categories. Every story answer names its
//! author through the one projection, `domain::story::shown_author`, for its viewer.

use chrono::{DateTime, Utc};
use domain::category::CategoryWithCount;
use domain::permissions::Caller;
use domain::story::content::reading_minutes;
use domain::story::{ShownAuthor, StorySummary, StoryWithAuthor, shown_author};
use domain::user::AuthorSummary;
use serde::Serialize;

use super::privacy::{AudienceDto, BylineDto, WriterDto};
use utoipa::ToSchema;

/// The author part of a story, as cards and the detail page show it: only what the story's
/// byline lets this viewer see.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorDto {
    /// The name to print: "Maria Garcia", "Maria", "Maria G." or "A member of {site}".
    pub name: String,
    /// Null for an anonymous byline.
    pub first_name: Option<String>,
    /// The whole last name for a `full` byline, only its initial ("G.") for `firstInitial`,
    /// else null.
    pub last_name: Option<String>,
    /// Only for a `full` byline.
    pub profile_image_url: Option<String>,
}

impl From<AuthorSummary> for AuthorDto {
    fn from(a: AuthorSummary) -> Self {
        Self {
            name: a.name(),
            first_name: a.first_name,
            last_name: a.last_name,
            profile_image_url: a.profile_image_url,
        }
    }
}

/// The author fields every story answer carries, from the projection.
struct Shown {
    author_id: Option<String>,
    author: AuthorDto,
    writer: Option<WriterDto>,
}

impl From<ShownAuthor> for Shown {
    fn from(a: ShownAuthor) -> Self {
        Self {
            author_id: a.author_id.map(|id| id.to_string()),
            author: AuthorDto {
                name: a.name,
                first_name: a.first_name,
                last_name: a.last_name,
                profile_image_url: a.profile_image_url,
            },
            writer: a.writer.map(Into::into),
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
    /// Left out when the byline hides the author, unless the viewer is the author or a
    /// reviewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_id: Option<String>,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
    pub byline: BylineDto,
    pub audience: AudienceDto,
    /// Who wrote it: only for its author, reviewers and administrators.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub writer: Option<WriterDto>,
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

impl StorySummaryDto {
    /// The card as `viewer` may see it.
    pub fn shown_to(s: StorySummary, viewer: &Caller, site_name: &str) -> Self {
        let shown = Shown::from(shown_author(
            s.privacy.byline,
            &s.author_id,
            &s.author,
            viewer,
            site_name,
        ));
        Self {
            id: s.id.0,
            title: s.title,
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: shown.author_id,
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: shown.author,
            byline: s.privacy.byline.into(),
            audience: s.privacy.audience.into(),
            writer: shown.writer,
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
    /// Minutes to read it: the length of its visible text / 200, rounded up.
    #[schema(minimum = 0)]
    pub reading_minutes: u32,
    /// The text as its author typed it (plain text with `![alt](address)` pictures, or
    /// HTML), for the edit form: only for its author and reviewers, else null.
    pub source: Option<String>,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    /// Left out when the byline hides the author, unless the viewer is the author or a
    /// reviewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_id: Option<String>,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    /// Who approved it: left out (null) wherever `authorId` is.
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    /// Why a reviewer rejected it; shown to its author.
    pub rejection_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
    pub byline: BylineDto,
    pub audience: AudienceDto,
    /// Who wrote it: only for its author, reviewers and administrators.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub writer: Option<WriterDto>,
    /// The scripture passages its title, excerpt and text cite, in order.
    pub scripture_refs: Vec<super::scripture::ScriptureRefDto>,
}

impl StoryDto {
    /// The story as `viewer` may see it.
    pub fn shown_to(sw: StoryWithAuthor, viewer: &Caller, site_name: &str) -> Self {
        let scripture_refs = super::scripture::refs(&sw.passages);
        let s = sw.story;
        let shown = Shown::from(shown_author(
            s.privacy.byline,
            &s.author_id,
            &sw.author,
            viewer,
            site_name,
        ));
        // An administrator who published their own story approved it themselves: their id
        // goes wherever the author's may.
        let approved_by = shown
            .author_id
            .as_ref()
            .and(s.approved_by.map(|u| u.to_string()));
        Self {
            id: s.id.0,
            title: s.title,
            reading_minutes: reading_minutes(&s.content),
            content: s.content,
            source: (!s.source.is_empty()).then_some(s.source),
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: shown.author_id,
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            approved_by,
            approved_at: s.approved_at,
            rejection_reason: s.rejection_reason,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: shown.author,
            byline: s.privacy.byline.into(),
            audience: s.privacy.audience.into(),
            writer: shown.writer,
            scripture_refs,
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
