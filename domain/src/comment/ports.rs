//! The port for storing comments.

use async_trait::async_trait;

use super::{Comment, CommentId, NewComment, QueuedComment};
use crate::StoreError;
use crate::audit::AuditWork;
use crate::story::StoryId;

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
    ) -> Result<crate::paging::Page<Comment>, StoreError>;

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
    ) -> Result<crate::paging::Page<QueuedComment>, StoreError>;

    /// Approves these comments in one statement; answers how many it changed.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn approve_many(&self, ids: &[CommentId]) -> Result<u64, StoreError>;

    /// These comments (missing ones left out), in one query.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_many(&self, ids: &[CommentId]) -> Result<Vec<Comment>, StoreError>;

    /// Deletes these comments in one statement; answers how many it removed.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_many(&self, ids: &[CommentId]) -> Result<u64, StoreError>;
}

/// What a comment's moderation writes: the comments and the activity log.
pub trait CommentWork: AuditWork {
    fn comments(&self) -> &dyn CommentRepository;
}
