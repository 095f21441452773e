//! Versions of a story: a revision's status, the revision itself, and a review queue item.

use chrono::{DateTime, Utc};
use std::str::FromStr;

use super::{StoryFields, StoryId, StoryWithAuthor, UnknownStatus};
use crate::user::UserId;

/// Where a revision stands. Approved revisions are the story's version history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RevisionStatus {
    Pending,
    Approved,
    Rejected,
}

impl RevisionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RevisionStatus::Pending => "pending",
            RevisionStatus::Approved => "approved",
            RevisionStatus::Rejected => "rejected",
        }
    }
}

impl FromStr for RevisionStatus {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "pending" => Ok(RevisionStatus::Pending),
            "approved" => Ok(RevisionStatus::Approved),
            "rejected" => Ok(RevisionStatus::Rejected),
            other => Err(UnknownStatus(other.to_owned())),
        }
    }
}

/// One version of a story: a staged edit, or an approved version kept as history.
#[derive(Debug, Clone, PartialEq)]
pub struct Revision {
    pub id: i64,
    pub story_id: StoryId,
    pub fields: StoryFields,
    pub status: RevisionStatus,
    pub created_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub reviewed_by: Option<UserId>,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub reason: Option<String>,
}

/// A story in the review queue: pending itself, or live with a staged revision.
/// Which part of the review queue: new stories, or edits of live ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewKind {
    NewStories,
    Edits,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReviewItem {
    pub story: StoryWithAuthor,
    pub revision: Option<Revision>,
}
