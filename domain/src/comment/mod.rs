//! Comments on stories: posted by anyone, held until a moderator approves them.

pub mod ports;

pub use ports::{CommentRepository, CommentWork};

use chrono::{DateTime, Utc};

use crate::story::StoryId;
use crate::validation::{CommentAuthorEmail, CommentAuthorName, CommentContent};

pub mod moderation;
pub mod service;

pub use moderation::{BulkAction, ModerateCommentError, QUEUE_PAGE_MAX};
pub use service::{CommentForm, CommentPorts, CommentService, ListCommentsError, PostCommentError};

/// The platform of comments posted on the site itself.
pub const DEFAULT_PLATFORM: &str = "website";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommentId(pub i64);

#[derive(Debug, Clone, PartialEq)]
pub struct Comment {
    pub id: CommentId,
    pub story_id: StoryId,
    pub author_name: String,
    pub author_email: Option<String>,
    pub content: String,
    pub platform: String,
    pub platform_id: Option<String>,
    pub is_visible: bool,
    pub is_approved: bool,
    pub created_at: DateTime<Utc>,
}

/// A validated comment to store (always unapproved).
/// A comment in the moderators' queue, with the story it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct QueuedComment {
    pub comment: Comment,
    pub story_title: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewComment {
    pub story_id: StoryId,
    pub author_name: CommentAuthorName,
    pub author_email: Option<CommentAuthorEmail>,
    pub content: CommentContent,
}
