//! Comments on stories: posted by anyone, held until a moderator approves them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::StoreError;
use crate::story::StoryId;

pub mod service;

pub use service::{
    BulkAction, CommentForm, CommentService, ListCommentsError, ModerateCommentError,
    PostCommentError, QUEUE_PAGE_MAX,
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
/// A comment in the moderators' queue, with the story it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct QueuedComment {
    pub comment: Comment,
    pub story_title: String,
}

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

    /// A page of the comments waiting for approval on every story, oldest first, with the
    /// story titles (a fixed number of queries) and how many wait in all.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn pending(
        &self,
        limit: u64,
        offset: u64,
    ) -> Result<crate::story::Page<QueuedComment>, StoreError>;

    /// Approves these comments in one statement; answers how many it changed.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn approve_many(&self, ids: &[CommentId]) -> Result<u64, StoreError>;

    /// Deletes these comments in one statement; answers how many it removed.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_many(&self, ids: &[CommentId]) -> Result<u64, StoreError>;
}
