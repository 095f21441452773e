//! Deleting posts already made, once their story's author withdrew consent
//! (`docs/decisions/privacy.md`): the withdrawal queues one deletion per post on a platform
//! the site can delete from, and the delivery worker sends them with the queued posts.
//!
//! A deletion keeps what it needs on its own (platform, the platform's id of the post, its
//! address, the story's title, who asked), so it is carried out, and its outcome logged,
//! even when the story and its posts' rows are deleted meanwhile.

use chrono::{DateTime, Utc};

use super::{Platform, SocialPostId};
use crate::story::StoryId;
use crate::user::UserId;

/// A row of the deletion queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeletionId(pub i64);

/// Where a deletion stands: `queued` → `deleted` | `failed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeletionStatus {
    /// Waiting for the delivery worker (maybe for a retry).
    Queued,
    /// The platform deleted the post (or it was gone already).
    Deleted,
    /// The platform refused, or the worker gave up after
    /// [`super::MAX_PUBLISH_ATTEMPTS`]: a person removes the post by hand.
    Failed,
}

impl DeletionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DeletionStatus::Queued => "queued",
            DeletionStatus::Deleted => "deleted",
            DeletionStatus::Failed => "failed",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        [Self::Queued, Self::Deleted, Self::Failed]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
}

/// A post's deletion as the super admin sees it, next to the post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeletionRecord {
    pub status: DeletionStatus,
    pub attempts: u32,
    /// Why the last try failed (the platform's answer).
    pub last_error: Option<String>,
    /// When it was deleted.
    pub deleted_at: Option<DateTime<Utc>>,
}

/// A deletion to queue: everything the worker needs, kept with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDeletion {
    pub post: SocialPostId,
    pub story: StoryId,
    /// The story's title when consent was withdrawn (for the activity log).
    pub story_title: String,
    pub platform: Platform,
    /// The platform's id of the post (a tweet id, a LinkedIn share URN).
    pub external_id: String,
    pub external_url: Option<String>,
    /// Who withdrew consent: the deletion is done on their behalf.
    pub requested_by: UserId,
    pub requested_by_name: String,
    pub at: DateTime<Utc>,
}

/// A queued deletion the delivery worker claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedDeletion {
    pub id: DeletionId,
    pub deletion: NewDeletion,
    /// Tries so far, this one included.
    pub attempts: u32,
}

impl ClaimedDeletion {
    /// The post as a person finds it: its address, else the platform and its id.
    pub fn where_to_find(&self) -> String {
        let d = &self.deletion;
        match &d.external_url {
            Some(url) => format!("{} {url}", d.platform.label()),
            None => format!("{} post {}", d.platform.label(), d.external_id),
        }
    }
}
