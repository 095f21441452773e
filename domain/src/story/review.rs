//! Reviewing stories: the queue, approval and rejection (of new stories and of staged
//! edits), with the author told by mail. A story's versions are in `versions.rs`, taking
//! one down and deleting it in `takedown.rs`.

use super::StoryWork;
use super::lifecycle::TransitionError;
use super::lifecycle::{self, Effect, StoryAction, StoryState};
use super::pictures::{add_version, save_story};
use super::service::StoryService;
use super::{ReviewItem, RevisionStatus, StoryFields, StoryId, StoryStatus, StoryWithAuthor};
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::mail::OutgoingMail;
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller};

/// Pages of the review queue: 20 stories unless asked, at most 100; the offset's bound is
/// the story list's.
pub const REVIEW_PAGES: PageBounds = PageBounds {
    default_limit: 20,
    max_limit: 100,
    max_offset: super::service::STORY_PAGES.max_offset,
};

/// What a withdrawn edit's revision records as the reason it closed.
pub const WITHDRAWN: &str = "Withdrawn by its author";

/// Longest rejection reason kept.
pub const MAX_REASON_CHARS: usize = 2_000;

/// Why a review operation (the queue, approve, reject, take down, delete as reviewer)
/// did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error(transparent)]
    Refused(#[from] crate::permissions::Refusal),
    /// A reason that is required is blank (taking a live story down).
    #[error("{0}")]
    Invalid(crate::validation::FieldErrors),
    #[error("Story not found")]
    NotFound,
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    /// The story is not in a state the action applies to (not pending, not live).
    #[error(transparent)]
    Transition(#[from] TransitionError),
    #[error(transparent)]
    Store(#[from] crate::StoreError),
}

impl StoryService {
    /// The story as it is now, for a review operation.
    pub(super) async fn reload_reviewed(
        &self,
        id: StoryId,
    ) -> Result<StoryWithAuthor, ReviewError> {
        self.ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(ReviewError::NotFound)
    }

    /// Stories waiting for review, oldest first, each with its staged revision if any; one
    /// page of [`REVIEW_PAGES`].
    ///
    /// # Errors
    /// Refusal, [`ReviewError::InvalidPage`] for a `limit` or `offset` out of bounds, or the
    /// store's error.
    pub async fn review_queue(
        &self,
        caller: &Caller,
        kind: Option<super::ReviewKind>,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<ReviewItem>, ReviewError> {
        caller.require(Ability::ReviewStories)?;
        let page = PageRequest::parse(limit, offset, REVIEW_PAGES)?;
        Ok(self
            .ports
            .stories
            .review_queue(kind, page.limit, page.offset)
            .await?)
    }

    pub(super) async fn load_for_review(
        &self,
        id: StoryId,
    ) -> Result<(StoryWithAuthor, Option<super::Revision>), ReviewError> {
        let found = self
            .ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(ReviewError::NotFound)?;
        let revision = self.ports.stories.pending_revision(id).await?;
        Ok((found, revision))
    }

    /// Approves a pending story (it goes live) or its staged edit (it replaces the live text).
    ///
    /// # Errors
    /// Refusal, missing story, nothing pending.
    pub async fn approve(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<StoryWithAuthor, ReviewError> {
        self.approve_checked(caller, id, None).await
    }

    /// Approves, with the reviewer's checklist for a story its author marked sensitive
    /// (required then, naming `checklist`; the activity log keeps it).
    ///
    /// # Errors
    /// Refusal, missing story, nothing pending, a sensitive story without the checklist.
    pub async fn approve_checked(
        &self,
        caller: &Caller,
        id: StoryId,
        checklist: Option<crate::story::consent::Checklist>,
    ) -> Result<StoryWithAuthor, ReviewError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let (found, revision) = self.load_for_review(id).await?;
        let state = StoryState::new(found.story.status, revision.is_some());
        let transition = lifecycle::next(state, StoryAction::Approve)?;
        let now = self.ports.clock.now();
        let mut story = found.story;
        let work = self.ports.work.begin().await?;
        let topics = work.consents().sensitivity(id).await?;
        let note = crate::story::consent::check_checklist(&topics, checklist)
            .map_err(ReviewError::Invalid)?;
        let action = if let (Effect::RevisionApplied, Some(rev)) = (transition.effect, revision) {
            work.stories()
                .close_revision(rev.id, RevisionStatus::Approved, &reviewer.id, None, now)
                .await?;
            rev.fields.apply_to(&mut story);
            AuditAction::EditApproved
        } else {
            story.mark_live(&reviewer.id, now);
            add_version(
                work.as_ref(),
                id,
                &StoryFields::of(&story),
                RevisionStatus::Approved,
                &reviewer.id,
                now,
            )
            .await?;
            AuditAction::StoryApproved
        };
        // Also after an earlier edit was refused: the author must not see a stale reason.
        story.mark_live(&reviewer.id, now);
        story.updated_at = now;
        save_story(work.as_ref(), &story, &self.cited_by(&story)).await?;
        let subject = format!("Your story \"{}\" is live", story.title);
        let body = format!(
            "Good news: a reviewer approved your story \"{}\". Read it at {}/stories/{}\n",
            story.title, self.ports.public_url, story.id
        );
        self.notify_author(work.as_ref(), &story.author_id, subject, body)
            .await?;
        let entry = NewAuditEntry::by(&reviewer, action, story.id, Some(&story.title), now)
            .because(note.as_deref());
        log_and_commit(work, entry).await?;
        self.reload_reviewed(id).await
    }

    /// Rejects a pending story or its staged edit (the live text stays), with an optional
    /// reason that the author sees and receives by mail.
    ///
    /// # Errors
    /// Refusal, missing story, nothing pending.
    pub async fn reject(
        &self,
        caller: &Caller,
        id: StoryId,
        reason: Option<&str>,
    ) -> Result<StoryWithAuthor, ReviewError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let reason: Option<String> = reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| r.chars().take(MAX_REASON_CHARS).collect());
        let (found, revision) = self.load_for_review(id).await?;
        let state = StoryState::new(found.story.status, revision.is_some());
        let transition = lifecycle::next(state, StoryAction::Reject)?;
        let now = self.ports.clock.now();
        let mut story = found.story;
        let work = self.ports.work.begin().await?;
        let (what, action) =
            if let (Effect::RevisionDiscarded, Some(rev)) = (transition.effect, revision) {
                work.stories()
                    .close_revision(
                        rev.id,
                        RevisionStatus::Rejected,
                        &reviewer.id,
                        reason.as_deref(),
                        now,
                    )
                    .await?;
                story.rejection_reason = reason.clone();
                ("your edit of", AuditAction::EditRejected)
            } else {
                story.status = StoryStatus::Rejected;
                story.rejection_reason = reason.clone();
                ("your story", AuditAction::StoryRejected)
            };
        story.updated_at = now;
        save_story(work.as_ref(), &story, &self.cited_by(&story)).await?;
        let because = reason
            .as_deref()
            .map(|r| format!("\n\nThe reviewer wrote: {r}"))
            .unwrap_or_default();
        let subject = format!("A reviewer sent back \"{}\"", story.title);
        let body = format!(
            "A reviewer did not approve {what} \"{}\".{because}\n\nYou can edit it and submit it again from your dashboard: {}/dashboard\n",
            story.title, self.ports.public_url
        );
        self.notify_author(work.as_ref(), &story.author_id, subject, body)
            .await?;
        let entry = NewAuditEntry::by(&reviewer, action, story.id, Some(&story.title), now)
            .because(reason.as_deref());
        log_and_commit(work, entry).await?;
        self.reload_reviewed(id).await
    }

    pub(super) async fn notify_author(
        &self,
        work: &dyn StoryWork,
        author: &crate::user::UserId,
        subject: String,
        body: String,
    ) -> Result<(), ReviewError> {
        if let Some(user) = self.ports.users.find(author).await? {
            let body = format!(
                "Hello {},\n\n{body}\nGrace and peace,\nThe {} team\n",
                user.display_name(),
                self.ports.site_name
            );
            work.mailer()
                .send(OutgoingMail {
                    to: user.email,
                    subject,
                    body,
                    html: None,
                    unsubscribe: None,
                })
                .await?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
