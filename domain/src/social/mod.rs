//! Exporting published stories to social platforms: an export queues one post per platform,
//! and a delivery worker posts the queued ones through one publisher per platform.

use std::str::FromStr;

use chrono::Duration;

use crate::story::StoryId;

pub mod admin;
mod deleting;
pub mod delivery;
pub mod ports;
mod removal;
pub mod service;
mod text;

pub use admin::{POSTS_PAGE_MAX, SocialAdminError};
pub use delivery::{SocialDelivery, SocialDeliveryPorts};
pub use ports::{SocialPostRepository, SocialPublisher, SocialWork};
pub use removal::{ClaimedDeletion, DeletionId, DeletionRecord, DeletionStatus, NewDeletion};
pub use service::{ExportError, ExportReport, Handling, SocialPorts, SocialService};
pub use text::{LINKEDIN_TEXT_LIMIT, TWEET_LIMIT, TWEET_LINK_WEIGHT, tweet_weight};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Platform {
    Twitter,
    LinkedIn,
    Instagram,
}

impl Platform {
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Twitter => "twitter",
            Platform::LinkedIn => "linkedin",
            Platform::Instagram => "instagram",
        }
    }

    /// The name people know it by.
    pub fn label(self) -> &'static str {
        match self {
            Platform::Twitter => "Twitter",
            Platform::LinkedIn => "LinkedIn",
            Platform::Instagram => "Instagram",
        }
    }

    /// Whether the platform's API can publish our post: title, excerpt and a link. Instagram's
    /// cannot publish a post without an image, so its posts wait for someone to share them by
    /// hand.
    pub fn takes_text_posts(self) -> bool {
        match self {
            Platform::Twitter | Platform::LinkedIn => true,
            Platform::Instagram => false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown platform '{0}'")]
pub struct UnknownPlatform(pub String);

impl FromStr for Platform {
    type Err = UnknownPlatform;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "twitter" => Ok(Platform::Twitter),
            "linkedin" => Ok(Platform::LinkedIn),
            "instagram" => Ok(Platform::Instagram),
            other => Err(UnknownPlatform(other.to_owned())),
        }
    }
}

/// What an exported post holds: title, excerpt, backlink and site name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialPost {
    pub title: String,
    pub excerpt: Option<String>,
    pub backlink: String,
    pub site_name: String,
}

impl SocialPost {
    /// The post of a story: its title and excerpt, `{public_url}/stories/{id}` and the site's
    /// name.
    pub fn of_story(
        id: StoryId,
        title: &str,
        excerpt: Option<&str>,
        public_url: &str,
        site_name: &str,
    ) -> Self {
        Self {
            title: title.to_owned(),
            excerpt: excerpt
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .map(str::to_owned),
            backlink: format!("{}/stories/{}", public_url.trim_end_matches('/'), id),
            site_name: site_name.to_owned(),
        }
    }
}

/// A row of the `social_posts` table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SocialPostId(pub i64);

/// Where a recorded post stands: `queued` → `posted` | `failed` | `cancelled` (a failed
/// post can be queued again by the super admin); `posted` → `deleted` once its platform
/// deleted it after its author withdrew consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostStatus {
    /// Waiting: for the delivery worker (maybe for a retry), for credentials, or for someone
    /// to share it by hand.
    Queued,
    /// The platform accepted it.
    Posted,
    /// The platform refused it, or the worker gave up after [`MAX_PUBLISH_ATTEMPTS`].
    Failed,
    /// The super admin withdrew it before it went out.
    Cancelled,
    /// Deleted on its platform by the site, after its author withdrew consent.
    Deleted,
}

impl PostStatus {
    pub const ALL: [PostStatus; 5] = [
        PostStatus::Queued,
        PostStatus::Posted,
        PostStatus::Failed,
        PostStatus::Cancelled,
        PostStatus::Deleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PostStatus::Queued => "queued",
            PostStatus::Posted => "posted",
            PostStatus::Failed => "failed",
            PostStatus::Cancelled => "cancelled",
            PostStatus::Deleted => "deleted",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

/// A recorded post as the super admin sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialPostRecord {
    pub id: SocialPostId,
    pub story: StoryId,
    /// The story's title now (`None` when it was deleted since).
    pub story_title: Option<String>,
    pub platform: Platform,
    pub status: PostStatus,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub posted_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Where the post can be seen, when the platform said.
    pub external_url: Option<String>,
    /// Its deletion on the platform, once its author withdrew consent.
    pub deletion: Option<DeletionRecord>,
}

/// A queued post the delivery worker claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedPost {
    pub id: SocialPostId,
    pub story: StoryId,
    pub platform: Platform,
    /// Tries so far, this one included.
    pub attempts: u32,
}

/// What the platform said when it took a post.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Published {
    /// The platform's id of the post (a tweet id, a LinkedIn share URN), when it said.
    pub external_id: Option<String>,
    /// Where the post can be seen, when known.
    pub url: Option<String>,
}

/// Why a platform did not take a post.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublishError {
    /// Refused for good (wrong or expired credentials, missing permission, a post the
    /// platform rejects): trying again would not help.
    #[error("{0}")]
    Refused(String),
    /// Not now (rate limited, the platform is down or unreachable): try again later, not
    /// before `retry_after` when the platform said so.
    #[error("{message}")]
    Unavailable {
        message: String,
        retry_after: Option<Duration>,
    },
}

/// How many times the delivery worker tries one post before it gives up (with the backoff of
/// [`crate::delivery::retry_delay`], about four hours).
pub const MAX_PUBLISH_ATTEMPTS: u32 = 10;

/// How long a worker holds the posts it claimed before another may take them over (a worker
/// that died mid-batch). Must exceed the time a whole batch can take: [`PUBLISH_BATCH`]
/// requests, each bounded by the publishers' timeout.
pub const PUBLISH_LEASE_SECONDS: i64 = 300;

/// Posts claimed per statement.
pub const PUBLISH_BATCH: u32 = 10;
