//! Moderating comments: approving and deleting one, the queue across every story, and
//! approving or deleting several at once, each change logged in the same unit of work.

use super::service::CommentService;
use super::{Comment, CommentId, QueuedComment};
use crate::StoreError;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::User;

/// The most comments one moderation page or bulk action takes.
pub const QUEUE_PAGE_MAX: u64 = 100;
/// The moderators' queue: oldest first, 20 unless asked.
pub const QUEUE_PAGES: PageBounds = PageBounds {
    default_limit: 20,
    max_limit: QUEUE_PAGE_MAX,
    max_offset: 1_000_000,
};

#[derive(Debug, thiserror::Error)]
pub enum ModerateCommentError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Comment not found")]
    NotFound,
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error("Choose 1 to {QUEUE_PAGE_MAX} comments")]
    InvalidSelection,
    #[error(transparent)]
    Store(#[from] StoreError),
}

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
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, QUEUE_PAGES)?;
        Ok(self.p.comments.pending(limit, offset).await?)
    }

    /// Approves (comment moderators) or deletes (admins) several comments at once; answers
    /// the comments it changed, as they were (ids that no longer exist are skipped).
    ///
    /// # Errors
    /// Refusal; [`ModerateCommentError::InvalidSelection`] for none or more than
    /// [`QUEUE_PAGE_MAX`] ids; the store's error.
    pub async fn bulk(
        &self,
        caller: &Caller,
        action: BulkAction,
        ids: &[CommentId],
    ) -> Result<Vec<Comment>, ModerateCommentError> {
        let me = caller.require(match action {
            BulkAction::Approve => Ability::ModerateComments,
            BulkAction::Delete => Ability::DeleteComments,
        })?;
        if ids.is_empty() || ids.len() as u64 > QUEUE_PAGE_MAX {
            return Err(ModerateCommentError::InvalidSelection);
        }
        self.moderate(me, action, ids).await
    }

    /// Approves a comment so that everyone sees it.
    ///
    /// # Errors
    /// Refusal unless the caller moderates comments; [`ModerateCommentError::NotFound`].
    pub async fn approve(
        &self,
        caller: &Caller,
        id: CommentId,
    ) -> Result<Comment, ModerateCommentError> {
        let me = caller.require(Ability::ModerateComments)?;
        let mut changed = self.moderate(me, BulkAction::Approve, &[id]).await?;
        if let Some(mut comment) = changed.pop() {
            comment.is_approved = true;
            return Ok(comment);
        }
        // Nothing changed: approved already, or missing.
        self.p
            .comments
            .find_many(&[id])
            .await?
            .pop()
            .ok_or(ModerateCommentError::NotFound)
    }

    /// Deletes a comment.
    ///
    /// # Errors
    /// Refusal unless the caller may delete comments; [`ModerateCommentError::NotFound`].
    pub async fn delete(
        &self,
        caller: &Caller,
        id: CommentId,
    ) -> Result<Comment, ModerateCommentError> {
        let me = caller.require(Ability::DeleteComments)?;
        self.moderate(me, BulkAction::Delete, &[id])
            .await?
            .pop()
            .ok_or(ModerateCommentError::NotFound)
    }

    /// Approves or deletes the comments among `ids` that the action changes, with one
    /// activity-log entry each, in one unit of work; answers the comments it changed.
    pub(super) async fn moderate(
        &self,
        me: &User,
        action: BulkAction,
        ids: &[CommentId],
    ) -> Result<Vec<Comment>, ModerateCommentError> {
        let work = self.p.work.begin().await?;
        let mut found = work.comments().find_many(ids).await?;
        if action == BulkAction::Approve {
            found.retain(|c| !c.is_approved);
        }
        if found.is_empty() {
            return Ok(found);
        }
        let changed: Vec<CommentId> = found.iter().map(|c| c.id).collect();
        let audit = match action {
            BulkAction::Approve => {
                work.comments().approve_many(&changed).await?;
                AuditAction::CommentApproved
            }
            BulkAction::Delete => {
                work.comments().delete_many(&changed).await?;
                AuditAction::CommentDeleted
            }
        };
        let now = self.p.clock.now();
        let entries: Vec<NewAuditEntry> = found
            .iter()
            .map(|c| NewAuditEntry::by(me, audit, c.id.0, Some(&label(c)), now))
            .collect();
        work.audit().record(&entries).await?;
        work.commit().await?;
        Ok(found)
    }
}

/// How the activity log names a comment: its author and how it begins.
fn label(comment: &Comment) -> String {
    let start: String = comment.content.chars().take(80).collect();
    format!("{}: {start}", comment.author_name)
}
