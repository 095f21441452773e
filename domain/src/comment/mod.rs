//! Comments on stories: posted by anyone, held until a moderator approves them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::StoreError;
use crate::story::StoryId;

pub mod service;

pub use service::{
    CommentForm, CommentService, ListCommentsError, ModerateCommentError, PostCommentError,
};

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
#[derive(Debug, Clone, PartialEq)]
pub struct NewComment {
    pub story_id: StoryId,
    pub author_name: String,
    pub author_email: Option<String>,
    pub content: String,
}

/// Stores comments.
#[async_trait]
pub trait CommentRepository: Send + Sync {
    /// Newest first, at most `limit`; pending ones only when `include_pending`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_for_story(
        &self,
        story: StoryId,
        include_pending: bool,
        limit: u32,
        offset: u64,
    ) -> Result<crate::story::Page<Comment>, StoreError>;

    /// Stores a new, unapproved comment.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn create(&self, new: NewComment) -> Result<Comment, StoreError>;

    /// Marks the comment approved; `None` when it does not exist.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn approve(&self, id: CommentId) -> Result<Option<Comment>, StoreError>;

    /// Deletes the comment; `false` when it did not exist.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete(&self, id: CommentId) -> Result<bool, StoreError>;
}
