//! Comment use cases for readers and commenters: the list under a story, and posting (held
//! for moderation). Approving, deleting and the moderators' queue are in `moderation.rs`.

use std::sync::Arc;

use super::CommentWork;
use super::{Comment, CommentRepository, NewComment};
use crate::StoreError;
use crate::clock::Clock;
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller};
use crate::story::{Story, StoryId, StoryRepository};
use crate::validation::{
    CommentAuthorEmail, CommentAuthorName, CommentContent, FieldErrors, messages,
};
use crate::work::UnitOfWork;

/// A story's comments: ten unless asked (docs/product.md#screens), at most 50 a page.
pub const COMMENT_PAGES: PageBounds = PageBounds {
    default_limit: 10,
    max_limit: 50,
    max_offset: 100_000,
};

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
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
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

/// Comment use cases on top of the ports.
#[derive(Clone)]
pub struct CommentService {
    pub(super) p: CommentPorts,
}

/// What the comment service talks to.
#[derive(Clone)]
pub struct CommentPorts {
    pub comments: Arc<dyn CommentRepository>,
    /// Whether a story exists and who may see it.
    pub stories: Arc<dyn StoryRepository>,
    /// Moderation writes and their activity-log entries run in one.
    pub work: Arc<dyn UnitOfWork<dyn CommentWork>>,
    pub clock: Arc<dyn Clock>,
}

impl CommentService {
    pub fn new(ports: CommentPorts) -> Self {
        Self { p: ports }
    }

    /// The comments of a story the caller may see, newest first: approved ones, plus
    /// pending ones for comment moderators. Commenters' e-mails are private: only
    /// moderators get them.
    ///
    /// # Errors
    /// [`ListCommentsError::StoryNotFound`] when the story is missing or hidden from the
    /// caller, [`ListCommentsError::InvalidPage`] outside [`COMMENT_PAGES`].
    pub async fn list(
        &self,
        caller: &Caller,
        story: StoryId,
        limit: Option<u32>,
        offset: Option<u64>,
    ) -> Result<Page<Comment>, ListCommentsError> {
        let page = PageRequest::parse(limit.map(u64::from), offset, COMMENT_PAGES)?;
        let (limit, offset) = (u32::try_from(page.limit).unwrap_or(u32::MAX), page.offset);
        let found = self
            .p
            .stories
            .find(story)
            .await?
            .ok_or(ListCommentsError::StoryNotFound)?;
        let visible = (found.is_public() && found.privacy.audience.admits(caller))
            || caller.user_id() == Some(&found.author_id)
            || caller.can(Ability::ReviewStories);
        if !visible {
            return Err(ListCommentsError::StoryNotFound);
        }
        let moderator = caller.can(Ability::ModerateComments);
        let page = self
            .p
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
        self.post_on(caller, story, None, form).await
    }

    /// [`Self::post`], given the story as a shared copy of live stories holds it (`known`,
    /// emptied whenever a story changes): a story known there is not read again from the
    /// store; `None` reads it. A story taken down on another instance within the last second
    /// may still be known here: the comment is stored pending, as when the story is taken
    /// down just after the check.
    ///
    /// # Errors
    /// As [`Self::post`].
    pub async fn post_on(
        &self,
        caller: &Caller,
        story: StoryId,
        known: Option<&Story>,
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
        let open = |found: &Story| found.is_public() && found.privacy.audience.admits(caller);
        let public = match known.filter(|known| known.id == story) {
            Some(known) => open(known),
            None => self.p.stories.find(story).await?.is_some_and(|f| open(&f)),
        };
        if !public {
            return Err(PostCommentError::StoryNotFound);
        }
        let stored = self
            .p
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
