//! Comment use cases: the list under a story, posting (held for moderation), approving and
//! deleting. The moderation queue across stories is in `queue.rs`.

use std::sync::Arc;

use super::queue::{BulkAction, QUEUE_PAGE_MAX};
use super::{Comment, CommentId, CommentRepository, NewComment};
use crate::StoreError;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::clock::Clock;
use crate::paging::Page;
use crate::permissions::{Ability, Caller, Refusal};
use crate::story::{StoryId, StoryRepository};
use crate::user::User;
use crate::validation::{
    CommentAuthorEmail, CommentAuthorName, CommentContent, FieldErrors, messages,
};
use crate::work::UnitOfWork;

/// How many comments a story's list holds when the caller does not say (docs/product.md#screens).
pub const DEFAULT_LIMIT: u32 = 10;
/// The most comments one list may hold.
pub const MAX_LIMIT: u32 = 50;
/// The furthest a list may start.
pub const MAX_OFFSET: u64 = 100_000;

/// A comment form as submitted.
#[derive(Debug, Clone, Default)]
pub struct CommentForm {
    pub author_name: String,
    pub author_email: Option<String>,
    pub content: String,
    /// The honeypot: a field people never see and so never fill in; bots do.
    pub website: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ListCommentsError {
    /// Missing, or not visible to this caller.
    #[error("Story not found")]
    StoryNotFound,
    #[error("limit must be between 1 and {MAX_LIMIT}, and offset at most {MAX_OFFSET}")]
    InvalidLimit,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum PostCommentError {
    /// Missing or not public (a draft cannot be commented on).
    #[error("Story not found")]
    StoryNotFound,
    /// A required field is blank; the list names every refused field.
    #[error("{}", messages::REQUIRED_FIELDS)]
    Incomplete(FieldErrors),
    /// Every field is filled in but one is not acceptable.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// The honeypot was filled in.
    #[error("Your comment could not be accepted")]
    Spam,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ModerateCommentError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Comment not found")]
    NotFound,
    #[error("Choose 1 to {QUEUE_PAGE_MAX} comments, and an offset in range")]
    InvalidPage,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Comment use cases on top of the ports.
#[derive(Clone)]
pub struct CommentService {
    pub(super) comments: Arc<dyn CommentRepository>,
    stories: Arc<dyn StoryRepository>,
    /// Moderation writes and their activity-log entries run in one.
    work: Arc<dyn UnitOfWork>,
    clock: Arc<dyn Clock>,
}

impl CommentService {
    pub fn new(
        comments: Arc<dyn CommentRepository>,
        stories: Arc<dyn StoryRepository>,
        work: Arc<dyn UnitOfWork>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            comments,
            stories,
            work,
            clock,
        }
    }

    /// The comments of a story the caller may see, newest first: approved ones, plus
    /// pending ones for comment moderators. Commenters' e-mails are private: only
    /// moderators get them.
    ///
    /// # Errors
    /// [`ListCommentsError::StoryNotFound`] when the story is missing or hidden from the
    /// caller, [`ListCommentsError::InvalidLimit`] outside 1 to [`MAX_LIMIT`] or an offset
    /// past [`MAX_OFFSET`].
    pub async fn list(
        &self,
        caller: &Caller,
        story: StoryId,
        limit: Option<u32>,
        offset: Option<u64>,
    ) -> Result<Page<Comment>, ListCommentsError> {
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        let offset = offset.unwrap_or(0);
        if !(1..=MAX_LIMIT).contains(&limit) || offset > MAX_OFFSET {
            return Err(ListCommentsError::InvalidLimit);
        }
        let found = self
            .stories
            .find_with_author(story)
            .await?
            .ok_or(ListCommentsError::StoryNotFound)?;
        let visible = found.story.is_public()
            || caller.user_id() == Some(&found.story.author_id)
            || caller.can(Ability::ReviewStories);
        if !visible {
            return Err(ListCommentsError::StoryNotFound);
        }
        let moderator = caller.can(Ability::ModerateComments);
        let page = self
            .comments
            .list_for_story(story, moderator, limit, offset)
            .await?;
        Ok(Page {
            total: page.total,
            items: page
                .items
                .into_iter()
                .map(|c| shown_to(caller, c))
                .collect(),
        })
    }

    /// Stores a comment on a public story, unapproved, from anyone.
    ///
    /// # Errors
    /// [`PostCommentError::Spam`] when the honeypot is filled in (nothing is stored),
    /// [`PostCommentError::Incomplete`] or [`PostCommentError::Invalid`] for refused
    /// fields, [`PostCommentError::StoryNotFound`] unless the story is public.
    pub async fn post(
        &self,
        caller: &Caller,
        story: StoryId,
        form: CommentForm,
    ) -> Result<Comment, PostCommentError> {
        if form
            .website
            .as_deref()
            .is_some_and(|w| !w.trim().is_empty())
        {
            return Err(PostCommentError::Spam);
        }
        let mut errors = FieldErrors::new();
        let name = errors.check("authorName", CommentAuthorName::parse(&form.author_name));
        let email = errors.check(
            "authorEmail",
            CommentAuthorEmail::parse(form.author_email.as_deref()),
        );
        let content = errors.check("content", CommentContent::parse(&form.content));
        let (Some(name), Some(email), Some(content)) = (name, email, content) else {
            let blank = form.author_name.trim().is_empty() || form.content.trim().is_empty();
            return Err(if blank {
                PostCommentError::Incomplete(errors)
            } else {
                PostCommentError::Invalid(errors)
            });
        };
        let public = self
            .stories
            .find_with_author(story)
            .await?
            .is_some_and(|found| found.story.is_public());
        if !public {
            return Err(PostCommentError::StoryNotFound);
        }
        let stored = self
            .comments
            .create(NewComment {
                story_id: story,
                author_name: name,
                author_email: email,
                content,
            })
            .await?;
        Ok(shown_to(caller, stored))
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
        self.comments
            .find_many(&[id])
            .await?
            .pop()
            .ok_or(ModerateCommentError::NotFound)
    }

    /// Deletes a comment.
    ///
    /// # Errors
    /// Refusal unless the caller may delete comments; [`ModerateCommentError::NotFound`].
    pub async fn delete(&self, caller: &Caller, id: CommentId) -> Result<(), ModerateCommentError> {
        let me = caller.require(Ability::DeleteComments)?;
        if self
            .moderate(me, BulkAction::Delete, &[id])
            .await?
            .is_empty()
        {
            Err(ModerateCommentError::NotFound)
        } else {
            Ok(())
        }
    }

    /// Approves or deletes the comments among `ids` that the action changes, with one
    /// activity-log entry each, in one unit of work; answers the comments it changed.
    pub(super) async fn moderate(
        &self,
        me: &User,
        action: BulkAction,
        ids: &[CommentId],
    ) -> Result<Vec<Comment>, ModerateCommentError> {
        let work = self.work.begin().await?;
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
        let now = self.clock.now();
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

/// The comment as this caller may see it: the commenter's e-mail only for moderators.
fn shown_to(caller: &Caller, mut comment: Comment) -> Comment {
    if !caller.can(Ability::ModerateComments) {
        comment.author_email = None;
    }
    comment
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
