//! Stories: articles and videos, their review lifecycle, and the ports that store them.

pub mod archive;
pub mod consent;
pub mod content;
mod draft;
pub mod lifecycle;
pub mod pictures;
pub mod ports;
pub mod privacy;
pub mod review;
mod revision;
pub mod samples;
pub mod service;
mod submitting;
mod takedown;
pub mod versions;
mod write_error;
pub mod writing;

use chrono::{DateTime, Utc};
use std::fmt;
use std::str::FromStr;

use crate::scripture::Passage;
use crate::user::{AuthorSummary, UserId};

pub use draft::StoryDraft;
pub use lifecycle::{StoryAction, StoryState, TransitionError};
pub use ports::{HtmlSanitizer, PictureUses, SiteCounts, StoryArchive, StoryRepository, StoryWork};
pub use privacy::{
    Audience, AudienceScope, Byline, Privacy, ShownAuthor, sees_writer, shown_author,
};
pub use review::ReviewError;
pub use revision::{ReviewItem, ReviewKind, Revision, RevisionStatus};
pub use service::{GetStoryError, ListStoriesError, StoryService};
pub use write_error::WriteStoryError;

/// A story id (integer, assigned by the store).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StoryId(pub i64);

impl fmt::Display for StoryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Review status of a story (docs/product.md#lifecycles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoryStatus {
    Draft,
    PendingApproval,
    Approved,
    Rejected,
}

impl StoryStatus {
    pub const ALL: [StoryStatus; 4] = [
        StoryStatus::Draft,
        StoryStatus::PendingApproval,
        StoryStatus::Approved,
        StoryStatus::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StoryStatus::Draft => "draft",
            StoryStatus::PendingApproval => "pending_approval",
            StoryStatus::Approved => "approved",
            StoryStatus::Rejected => "rejected",
        }
    }
}

/// A status name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown story status '{0}'")]
pub struct UnknownStatus(pub String);

impl FromStr for StoryStatus {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        StoryStatus::ALL
            .into_iter()
            .find(|st| st.as_str() == s)
            .ok_or_else(|| UnknownStatus(s.to_owned()))
    }
}

/// A whole story as stored (the live version).
#[derive(Debug, Clone, PartialEq)]
pub struct Story {
    pub id: StoryId,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    /// What the author typed (plain text with `![alt](address)` pictures, or HTML), which
    /// became `content`: the edit form shows it as written.
    pub source: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: UserId,
    pub status: StoryStatus,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub approved_by: Option<UserId>,
    pub approved_at: Option<DateTime<Utc>>,
    pub rejection_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// How it names its author and who may read it once published.
    pub privacy: Privacy,
}

impl Story {
    /// Whether it is live: approved and published (readable by its audience).
    pub fn is_public(&self) -> bool {
        self.is_published && self.status == StoryStatus::Approved
    }

    /// Live and for everyone: what every public output (feed, sitemap, previews, widget,
    /// social posts) may carry.
    pub fn is_open_to_all(&self) -> bool {
        self.is_public() && self.privacy.audience == Audience::Public
    }

    /// Approved and published by `by` at `now` (its first publication date is kept), with
    /// any earlier refusal's reason cleared: the one way a story goes live.
    pub fn mark_live(&mut self, by: &UserId, now: DateTime<Utc>) {
        self.status = StoryStatus::Approved;
        self.is_published = true;
        self.published_at.get_or_insert(now);
        self.approved_by = Some(by.clone());
        self.approved_at = Some(now);
        self.rejection_reason = None;
    }
}

/// A story with its author, as the detail page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoryWithAuthor {
    pub story: Story,
    pub author: AuthorSummary,
    /// The scripture passages its live title, excerpt and text cite, in order.
    pub passages: Vec<Passage>,
}

/// The fields a story card shows: everything but the content.
#[derive(Debug, Clone, PartialEq)]
pub struct StorySummary {
    pub id: StoryId,
    pub title: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: UserId,
    pub status: StoryStatus,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorSummary,
    /// Why a reviewer last refused it (shown to its author).
    pub rejection_reason: Option<String>,
    /// Whether an edit of this live story waits for review.
    pub has_pending_revision: bool,
    /// The start of the content as plain text, for a card without an excerpt.
    pub preview: String,
    /// The scripture passages its live title, excerpt and text cite, in order.
    pub passages: Vec<Passage>,
    pub privacy: Privacy,
}

/// Filter of the public story list (its `limit` and `offset` are checked against
/// [`service::STORY_PAGES`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryQuery {
    /// Words searched in title, excerpt and content; `None` or blank for all.
    pub search: Option<String>,
    /// Exact category name; `None` for all.
    pub category: Option<String>,
    /// Only stories citing a verse of one of these passages (empty for all).
    pub passages: Vec<Passage>,
    /// Whether members-only stories are listed too.
    pub scope: AudienceScope,
}

/// What a new story is stored with (already validated and sanitised).
#[derive(Debug, Clone, PartialEq)]
pub struct NewStory {
    pub fields: StoryFields,
    /// The passages the fields cite ([`StoryService::passages_of`]).
    pub passages: Vec<Passage>,
    pub author_id: UserId,
    pub status: StoryStatus,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub approved_by: Option<UserId>,
    pub approved_at: Option<DateTime<Utc>>,
    pub privacy: Privacy,
}

/// The editable content of a story, validated and sanitised.
#[derive(Debug, Clone, PartialEq)]
pub struct StoryFields {
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    /// What the author typed for `content`.
    pub source: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
}

impl StoryFields {
    /// The fields of a stored story.
    pub fn of(story: &Story) -> Self {
        Self {
            title: story.title.clone(),
            content: story.content.clone(),
            source: story.source.clone(),
            excerpt: story.excerpt.clone(),
            video_url: story.video_url.clone(),
            thumbnail_url: story.thumbnail_url.clone(),
            category: story.category.clone(),
        }
    }

    /// Copies these fields onto a story.
    pub fn apply_to(self, story: &mut Story) {
        story.title = self.title;
        story.content = self.content;
        story.source = self.source;
        story.excerpt = self.excerpt;
        story.video_url = self.video_url;
        story.thumbnail_url = self.thumbnail_url;
        story.category = self.category;
    }

    /// The camelCase names of the fields that differ from `other`.
    pub fn changed_from(&self, other: &StoryFields) -> Vec<&'static str> {
        let mut changed = Vec::new();
        if self.title != other.title {
            changed.push("title");
        }
        if self.content != other.content {
            changed.push("content");
        }
        if self.excerpt != other.excerpt {
            changed.push("excerpt");
        }
        if self.video_url != other.video_url {
            changed.push("videoUrl");
        }
        if self.thumbnail_url != other.thumbnail_url {
            changed.push("thumbnailUrl");
        }
        if self.category != other.category {
            changed.push("category");
        }
        changed
    }
}
