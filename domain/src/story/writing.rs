//! Writing stories: create, edit (staged for live stories), publish and delete. The form
//! and its checks are in `draft.rs`.

use super::draft::StoryDraft;
use super::lifecycle::{self, EditOutcome, Effect, StoryAction, StoryState};
use super::pictures::{add_version, create_story, save_story};
use super::service::StoryService;
use super::write_error::WriteStoryError;
use super::{NewStory, RevisionStatus, StoryFields, StoryId, StoryWithAuthor};
use crate::permissions::{Ability, Caller};
use crate::user::UserId;

/// What an edit did.
#[derive(Debug, Clone, PartialEq)]
pub struct EditResult {
    pub story: StoryWithAuthor,
    /// The edit of a live story waits for review; the published text is unchanged.
    pub staged: bool,
    /// The story was live before the edit: with [`EditResult::story`], whether visitors
    /// may see a difference (a live story's consent, byline and audience apply at once).
    pub was_public: bool,
}

impl StoryService {
    pub(super) async fn load_own(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<(StoryWithAuthor, StoryState), WriteStoryError> {
        caller.require(Ability::WriteStories)?;
        let found = self
            .ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(WriteStoryError::NotFound)?;
        Self::require_author(caller, &found)?;
        let pending = self.ports.stories.pending_revision(id).await?.is_some();
        let state = StoryState::new(found.story.status, pending);
        Ok((found, state))
    }

    pub(super) async fn reload(&self, id: StoryId) -> Result<StoryWithAuthor, WriteStoryError> {
        self.ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(WriteStoryError::NotFound)
    }

    /// Creates a story for the caller: a draft, or submitted for review (live at once for
    /// admin authors).
    ///
    /// # Errors
    /// Refusal (not signed in, pending approval), invalid fields.
    pub async fn create(
        &self,
        caller: &Caller,
        draft: StoryDraft,
    ) -> Result<StoryWithAuthor, WriteStoryError> {
        let me = caller.require(Ability::WriteStories)?.clone();
        let (fields, consent) = self.checked(&draft, draft.publish == Some(true)).await?;
        let state = lifecycle::initial_state(draft.publish == Some(true), me.role);
        let now = self.ports.clock.now();
        let live = state.is_published();
        let work = self.ports.work.begin().await?;
        let created = create_story(
            work.as_ref(),
            NewStory {
                passages: self.passages_of(
                    &fields.title,
                    fields.excerpt.as_deref(),
                    &fields.content,
                ),
                fields: fields.clone(),
                author_id: me.id.clone(),
                status: state.status(),
                is_published: live,
                published_at: live.then_some(now),
                approved_by: live.then(|| me.id.clone()),
                approved_at: live.then_some(now),
                privacy: draft.privacy_over(super::Privacy::default()),
            },
        )
        .await?;
        if live {
            add_version(
                work.as_ref(),
                created.id,
                &fields,
                RevisionStatus::Approved,
                &me.id,
                now,
            )
            .await?;
        }
        Self::record_consent(work.as_ref(), created.id, &me.id, consent, now).await?;
        Self::record_sensitivity(work.as_ref(), created.id, draft.sensitive.as_deref()).await?;
        work.commit().await?;
        self.reload(created.id).await
    }

    /// Edits the caller's own story. Drafts and rejected stories change in place (and are
    /// submitted when `publish` is chosen); a live story's edit is staged for review (applied
    /// at once for admin authors).
    ///
    /// # Errors
    /// Refusal, missing story, invalid fields, a story waiting for review.
    pub async fn update(
        &self,
        caller: &Caller,
        id: StoryId,
        draft: StoryDraft,
    ) -> Result<EditResult, WriteStoryError> {
        let (found, state) = self.load_own(caller, id).await?;
        let was_public = found.story.is_public();
        let me = caller.require(Ability::WriteStories)?.clone();
        let submits = draft.publish == Some(true) && !state.is_published();
        let (fields, consent) = self.checked(&draft, submits).await?;
        let now = self.ports.clock.now();
        let mut story = found.story;
        // The naming and audience choices are the author's and apply at once, even while an
        // edit of the text waits for review (see docs/decisions/privacy.md).
        let privacy = draft.privacy_over(story.privacy);
        let privacy_changed = privacy != story.privacy;
        story.privacy = privacy;
        if draft.publish == Some(false) && state.is_published() {
            // "Save as Draft" on a live story: the author takes it off the site; the text
            // they saved is the draft's.
            lifecycle::next(state, StoryAction::Withdraw)?;
            fields.apply_to(&mut story);
            story.status = super::StoryStatus::Draft;
            story.is_published = false;
            story.rejection_reason = None;
            story.updated_at = now;
            self.save_alone(&story).await?;
            return Ok(EditResult {
                story: self.reload(id).await?,
                staged: false,
                was_public,
            });
        }
        let edit = lifecycle::next(state, StoryAction::Edit { author: me.role })?;
        // The confirmation is kept before the story moves: a failure after it leaves the
        // record of a consent the author did give, never a story submitted without one.
        self.record_consent_alone(id, &me.id, consent, draft.sensitive.as_deref())
            .await?;
        match edit.effect {
            Effect::Edited(EditOutcome::StageRevision) => {
                let work = self.ports.work.begin().await?;
                add_version(
                    work.as_ref(),
                    id,
                    &fields,
                    RevisionStatus::Pending,
                    &me.id,
                    now,
                )
                .await?;
                if privacy_changed {
                    story.updated_at = now;
                    save_story(work.as_ref(), &story, &self.cited_by(&story)).await?;
                }
                work.commit().await?;
                return Ok(EditResult {
                    story: self.reload(id).await?,
                    staged: true,
                    was_public,
                });
            }
            Effect::Edited(EditOutcome::ApplyLive) => {
                let work = self.ports.work.begin().await?;
                add_version(
                    work.as_ref(),
                    id,
                    &fields,
                    RevisionStatus::Approved,
                    &me.id,
                    now,
                )
                .await?;
                fields.apply_to(&mut story);
                story.updated_at = now;
                save_story(work.as_ref(), &story, &self.cited_by(&story)).await?;
                work.commit().await?;
                return Ok(EditResult {
                    story: self.reload(id).await?,
                    staged: false,
                    was_public,
                });
            }
            _ => {
                fields.apply_to(&mut story);
                if draft.publish == Some(true) {
                    let submitted =
                        lifecycle::next(edit.to, StoryAction::Submit { author: me.role })?;
                    if submitted.publishes() {
                        story.mark_live(&me.id, self.ports.clock.now());
                        story.updated_at = now;
                        self.save_with_version(&story, &me.id).await?;
                        return Ok(EditResult {
                            story: self.reload(id).await?,
                            staged: false,
                            was_public,
                        });
                    } else {
                        story.status = submitted.status();
                        story.rejection_reason = None;
                    }
                }
            }
        }
        story.updated_at = now;
        self.save_alone(&story).await?;
        Ok(EditResult {
            story: self.reload(id).await?,
            staged: false,
            was_public,
        })
    }

    /// Saves a story that goes live by its author's hand together with the approved
    /// version its history keeps, in one unit of work.
    pub(super) async fn save_with_version(
        &self,
        story: &super::Story,
        by: &UserId,
    ) -> Result<(), WriteStoryError> {
        let work = self.ports.work.begin().await?;
        add_version(
            work.as_ref(),
            story.id,
            &StoryFields::of(story),
            RevisionStatus::Approved,
            by,
            story.updated_at,
        )
        .await?;
        save_story(work.as_ref(), story, &self.cited_by(story)).await?;
        work.commit().await?;
        Ok(())
    }

    /// Deletes a story: its author, or anyone who may delete any story. Answers the story
    /// as it was (whether it was live says whether visitors lose it).
    ///
    /// # Errors
    /// Refusal, missing story.
    pub async fn delete(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<super::Story, WriteStoryError> {
        if !caller.can(Ability::DeleteAnyStory) {
            let (found, _) = self.load_own(caller, id).await?;
            return if self.delete_alone(id).await? {
                Ok(found.story)
            } else {
                Err(WriteStoryError::NotFound)
            };
        }
        // A moderator deleting someone else's story is on the activity log.
        let found = self.reload(id).await?;
        let me = caller.require(Ability::DeleteAnyStory)?;
        if found.story.author_id == me.id {
            return if self.delete_alone(id).await? {
                Ok(found.story)
            } else {
                Err(WriteStoryError::NotFound)
            };
        }
        if self.delete_logged(me, &found.story).await? {
            Ok(found.story)
        } else {
            Err(WriteStoryError::NotFound)
        }
    }
}

#[cfg(test)]
#[path = "writing_tests.rs"]
mod tests;
