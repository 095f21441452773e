//! Taking a live story off the site with a reason, and deleting a story as a reviewer,
//! each with its activity-log entry in the same unit of work.

use super::lifecycle::{self, StoryAction, StoryState};
use super::pictures::{delete_story, save_story};
use super::review::MAX_REASON_CHARS;
use super::review::ReviewError;
use super::service::StoryService;
use super::{RevisionStatus, StoryId, StoryStatus, StoryWithAuthor};
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::permissions::{Ability, Caller};

impl StoryService {
    /// Takes a live story off the site (a reviewer, with a reason the author sees and
    /// receives by mail): it becomes `rejected`, and an edit waiting for review goes with
    /// it. The author can edit it and submit it again.
    ///
    /// # Errors
    /// Refusal, missing story, a blank reason ([`ReviewError::Invalid`] on `reason`), a
    /// story that is not live.
    pub async fn take_down(
        &self,
        caller: &Caller,
        id: StoryId,
        reason: &str,
    ) -> Result<StoryWithAuthor, ReviewError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let reason: String = reason.trim().chars().take(MAX_REASON_CHARS).collect();
        if reason.is_empty() {
            let mut errors = crate::validation::FieldErrors::new();
            errors.push("reason", "Please say why the story is taken down");
            return Err(ReviewError::Invalid(errors));
        }
        let (found, revision) = self.load_for_review(id).await?;
        let state = StoryState::new(found.story.status, revision.is_some());
        lifecycle::next(state, StoryAction::TakeDown)?;
        let now = self.ports.clock.now();
        let work = self.ports.work.begin().await?;
        if let Some(rev) = revision {
            work.stories()
                .close_revision(
                    rev.id,
                    RevisionStatus::Rejected,
                    &reviewer.id,
                    Some(&reason),
                    now,
                )
                .await?;
        }
        let mut story = found.story;
        story.status = StoryStatus::Rejected;
        story.is_published = false;
        story.rejection_reason = Some(reason.clone());
        story.updated_at = now;
        save_story(work.as_ref(), &story, &self.cited_by(&story)).await?;
        let subject = format!("A moderator took \"{}\" off the site", story.title);
        let body = format!(
            "A moderator took your story \"{}\" off the site.\n\nThe moderator wrote: {reason}\n\nYou can edit it and submit it again from your dashboard: {}/dashboard\n",
            story.title, self.ports.public_url
        );
        self.notify_author(work.as_ref(), &story.author_id, subject, body)
            .await?;
        let entry = NewAuditEntry::by(
            &reviewer,
            AuditAction::StoryUnpublished,
            story.id,
            Some(&story.title),
            now,
        )
        .because(Some(&reason));
        log_and_commit(work, entry).await?;
        self.reload_reviewed(id).await
    }

    /// Deletes a story from the review screens.
    ///
    /// # Errors
    /// Refusal, missing story.
    pub async fn delete_as_reviewer(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<(), ReviewError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let found = self.reload_reviewed(id).await?;
        if self.delete_logged(&reviewer, &found.story).await? {
            Ok(())
        } else {
            Err(ReviewError::NotFound)
        }
    }

    /// Deletes a story with its activity-log entry, in one unit of work.
    pub(super) async fn delete_logged(
        &self,
        by: &crate::user::User,
        story: &super::Story,
    ) -> Result<bool, crate::StoreError> {
        let now = self.ports.clock.now();
        let work = self.ports.work.begin().await?;
        if !delete_story(work.as_ref(), story.id, now).await? {
            return Ok(false);
        }
        let entry = NewAuditEntry::by(
            by,
            AuditAction::StoryDeleted,
            story.id,
            Some(&story.title),
            now,
        );
        log_and_commit(work, entry).await?;
        Ok(true)
    }
}
