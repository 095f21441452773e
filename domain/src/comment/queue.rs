//! The comment moderation queue across every story, and approving or deleting several
//! comments at once.

use super::service::{CommentService, MAX_OFFSET, ModerateCommentError};
use super::{CommentId, QueuedComment};
use crate::paging::Page;
use crate::permissions::{Ability, Caller};

/// The most comments one moderation page or bulk action takes.
pub const QUEUE_PAGE_MAX: u64 = 100;

/// What the moderators do with several comments at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BulkAction {
    Approve,
    Delete,
}

impl CommentService {
    /// Comments waiting for approval on every story, oldest first (comment moderators).
    ///
    /// # Errors
    /// Refusal, a page out of range ([`ModerateCommentError::InvalidPage`]), the store's error.
    pub async fn queue(
        &self,
        caller: &Caller,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<QueuedComment>, ModerateCommentError> {
        caller.require(Ability::ModerateComments)?;
        let limit = limit.unwrap_or(20);
        let offset = offset.unwrap_or(0);
        if !(1..=QUEUE_PAGE_MAX).contains(&limit) || offset > MAX_OFFSET * 10 {
            return Err(ModerateCommentError::InvalidPage);
        }
        Ok(self.comments.pending(limit, offset).await?)
    }

    /// Approves (comment moderators) or deletes (admins) several comments at once; answers
    /// how many changed (ids that no longer exist are skipped).
    ///
    /// # Errors
    /// Refusal; [`ModerateCommentError::InvalidPage`] for none or more than
    /// [`QUEUE_PAGE_MAX`] ids; the store's error.
    pub async fn bulk(
        &self,
        caller: &Caller,
        action: BulkAction,
        ids: &[CommentId],
    ) -> Result<u64, ModerateCommentError> {
        let me = caller.require(match action {
            BulkAction::Approve => Ability::ModerateComments,
            BulkAction::Delete => Ability::DeleteComments,
        })?;
        if ids.is_empty() || ids.len() as u64 > QUEUE_PAGE_MAX {
            return Err(ModerateCommentError::InvalidPage);
        }
        Ok(self.moderate(me, action, ids).await?.len() as u64)
    }
}
