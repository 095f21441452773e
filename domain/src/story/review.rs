//! Reviewing stories: the queue, approval and rejection (of new stories and of staged
//! edits), with the author told by mail.

use super::lifecycle::{self, Effect, StoryAction, StoryState};
use super::service::StoryService;
use super::writing::WriteStoryError;
use super::{ReviewItem, RevisionStatus, StoryFields, StoryId, StoryStatus, StoryWithAuthor};
use crate::audit::{AuditAction, NewAuditEntry};
use crate::mail::OutgoingMail;
use crate::permissions::{Ability, Caller};
use crate::work::{Work, log_and_commit};

/// One approved version of a story, with the names of who wrote and who approved it
/// (`None` for someone who left, or a version approved on publish by its admin author).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    pub revision: super::Revision,
    pub written_by: Option<String>,
    pub approved_by: Option<String>,
}

/// The most stories one page of the review queue holds.
pub const REVIEW_PAGE_MAX: u64 = 100;

/// What a withdrawn edit's revision records as the reason it closed.
pub const WITHDRAWN: &str = "Withdrawn by its author";

/// Longest rejection reason kept.
pub const MAX_REASON_CHARS: usize = 2_000;

impl StoryService {
    /// Stories waiting for review, oldest first, each with its staged revision if any.
    ///
    /// # Errors
    /// Refusal or the store's error.
    pub async fn review_queue(
        &self,
        caller: &Caller,
        kind: Option<super::ReviewKind>,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<super::Page<ReviewItem>, WriteStoryError> {
        caller.require(Ability::ReviewStories)?;
        let limit = limit.unwrap_or(20);
        let offset = offset.unwrap_or(0);
        if !(1..=REVIEW_PAGE_MAX).contains(&limit) || offset > super::StoryQuery::MAX_OFFSET {
            return Err(WriteStoryError::InvalidPage);
        }
        Ok(self.ports.stories.review_queue(kind, limit, offset).await?)
    }

    /// The edit of a live story that waits for review, with the live story (for its author
    /// reopening it, and for reviewers comparing the two).
    ///
    /// # Errors
    /// Refusal, a missing story (or one the caller may not see), no waiting edit.
    pub async fn pending_edit(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<(StoryWithAuthor, super::Revision), WriteStoryError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        let found = self.reload(id).await?;
        if found.story.author_id != me.id && !caller.can(Ability::ReviewStories) {
            return Err(if found.story.is_public() {
                crate::permissions::Refusal::Forbidden.into()
            } else {
                WriteStoryError::NotFound
            });
        }
        let revision = self
            .ports
            .stories
            .pending_revision(id)
            .await?
            .ok_or(WriteStoryError::NoPendingEdit)?;
        Ok((found, revision))
    }

    /// The author takes back their edit before a reviewer decides; the live text stays.
    ///
    /// # Errors
    /// Refusal (not the author), a missing story, no waiting edit.
    pub async fn withdraw_edit(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<StoryWithAuthor, WriteStoryError> {
        let me = caller.require(Ability::WriteStories)?;
        let found = self.reload(id).await?;
        if found.story.author_id != me.id {
            return Err(if StoryService::visible_to(caller, &found) {
                crate::permissions::Refusal::Forbidden.into()
            } else {
                WriteStoryError::NotFound
            });
        }
        let revision = self
            .ports
            .stories
            .pending_revision(id)
            .await?
            .ok_or(WriteStoryError::NoPendingEdit)?;
        self.ports
            .stories
            .close_revision(
                revision.id,
                RevisionStatus::Rejected,
                &me.id,
                Some(WITHDRAWN),
                self.ports.clock.now(),
            )
            .await?;
        self.reload(id).await
    }

    async fn load_for_review(
        &self,
        id: StoryId,
    ) -> Result<(StoryWithAuthor, Option<super::Revision>), WriteStoryError> {
        let found = self
            .ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(WriteStoryError::NotFound)?;
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
    ) -> Result<StoryWithAuthor, WriteStoryError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let (found, revision) = self.load_for_review(id).await?;
        let state = StoryState::new(found.story.status, revision.is_some());
        let transition = lifecycle::next(state, StoryAction::Approve)?;
        let now = self.ports.clock.now();
        let mut story = found.story;
        let work = self.ports.work.begin().await?;
        let action = if let (Effect::RevisionApplied, Some(rev)) = (transition.effect, revision) {
            work.stories()
                .close_revision(rev.id, RevisionStatus::Approved, &reviewer.id, None, now)
                .await?;
            rev.fields.apply_to(&mut story);
            AuditAction::EditApproved
        } else {
            story.status = StoryStatus::Approved;
            story.is_published = true;
            story.published_at.get_or_insert(now);
            work.stories()
                .add_revision(
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
        story.rejection_reason = None;
        story.approved_by = Some(reviewer.id.clone());
        story.approved_at = Some(now);
        story.updated_at = now;
        work.stories().update(&story).await?;
        let subject = format!("Your story \"{}\" is live", story.title);
        let body = format!(
            "Good news: a reviewer approved your story \"{}\". Read it at {}/stories/{}\n",
            story.title, self.ports.public_url, story.id
        );
        self.notify_author(work.as_ref(), &story.author_id, subject, body)
            .await?;
        let entry = NewAuditEntry::by(&reviewer, action, story.id, Some(&story.title), now);
        log_and_commit(work, entry).await?;
        self.reload(id).await
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
    ) -> Result<StoryWithAuthor, WriteStoryError> {
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
        work.stories().update(&story).await?;
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
        self.reload(id).await
    }

    /// Takes a live story off the site (a reviewer, with a reason the author sees and
    /// receives by mail): it becomes `rejected`, and an edit waiting for review goes with
    /// it. The author can edit it and submit it again.
    ///
    /// # Errors
    /// Refusal, missing story, a blank reason ([`WriteStoryError::Invalid`] on `reason`), a
    /// story that is not live.
    pub async fn take_down(
        &self,
        caller: &Caller,
        id: StoryId,
        reason: &str,
    ) -> Result<StoryWithAuthor, WriteStoryError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let reason: String = reason.trim().chars().take(MAX_REASON_CHARS).collect();
        if reason.is_empty() {
            let mut errors = crate::validation::FieldErrors::new();
            errors.push("reason", "Please say why the story is taken down");
            return Err(WriteStoryError::Invalid(errors));
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
        work.stories().update(&story).await?;
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
        self.reload(id).await
    }

    /// Every approved version of a story, newest first, with who wrote and who approved
    /// each (for its author and reviewers).
    ///
    /// # Errors
    /// Not signed in; [`WriteStoryError::NotFound`] for a missing story or one the caller
    /// may not see; refused for someone else's public story.
    pub async fn history(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<Vec<HistoryEntry>, WriteStoryError> {
        // Any signed-in person; whether they may see this story's history is decided below.
        let me = caller.require(Ability::ManageOwnAccount)?;
        let found = self.reload(id).await?;
        let allowed = found.story.author_id == me.id || caller.can(Ability::ReviewStories);
        if !allowed {
            return Err(if found.story.is_public() {
                crate::permissions::Refusal::Forbidden.into()
            } else {
                WriteStoryError::NotFound
            });
        }
        let versions: Vec<super::Revision> = self
            .ports
            .stories
            .revisions(id)
            .await?
            .into_iter()
            .filter(|r| r.status == RevisionStatus::Approved)
            .collect();
        let ids: Vec<crate::user::UserId> = versions
            .iter()
            .flat_map(|r| [r.created_by.clone(), r.reviewed_by.clone()])
            .flatten()
            .collect();
        let people = self.ports.stories.people(&ids).await?;
        let name = |id: &Option<crate::user::UserId>| {
            id.as_ref()
                .and_then(|id| people.get(id))
                .map(|a| {
                    [a.first_name.as_deref(), a.last_name.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .filter(|n| !n.is_empty())
        };
        Ok(versions
            .into_iter()
            .map(|revision| HistoryEntry {
                written_by: name(&revision.created_by),
                approved_by: name(&revision.reviewed_by),
                revision,
            })
            .collect())
    }

    /// Deletes a story from the review screens.
    ///
    /// # Errors
    /// Refusal, missing story.
    pub async fn delete_as_reviewer(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<(), WriteStoryError> {
        let reviewer = caller.require(Ability::ReviewStories)?.clone();
        let found = self.reload(id).await?;
        self.delete_logged(&reviewer, &found.story).await
    }

    /// Deletes a story with its activity-log entry, in one unit of work.
    pub(super) async fn delete_logged(
        &self,
        by: &crate::user::User,
        story: &super::Story,
    ) -> Result<(), WriteStoryError> {
        let work = self.ports.work.begin().await?;
        if !work.stories().delete(story.id).await? {
            return Err(WriteStoryError::NotFound);
        }
        let entry = NewAuditEntry::by(
            by,
            AuditAction::StoryDeleted,
            story.id,
            Some(&story.title),
            self.ports.clock.now(),
        );
        log_and_commit(work, entry).await?;
        Ok(())
    }

    async fn notify_author(
        &self,
        work: &dyn Work,
        author: &crate::user::UserId,
        subject: String,
        body: String,
    ) -> Result<(), WriteStoryError> {
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
                })
                .await?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
