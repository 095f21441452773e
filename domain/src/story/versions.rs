//! A story's versions: the edit waiting for review (read by its author and reviewers,
//! withdrawn by its author) and every approved version with who wrote and approved it.

use super::review::WITHDRAWN;
use super::service::StoryService;
use super::write_error::WriteStoryError;
use super::{RevisionStatus, StoryId, StoryWithAuthor};
use crate::permissions::{Ability, Caller};

/// One approved version of a story, with the names of who wrote and who approved it
/// (`None` for someone who left, or a version approved on publish by its admin author).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    pub revision: super::Revision,
    pub written_by: Option<String>,
    pub approved_by: Option<String>,
}

impl StoryService {
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
            return Err(if Self::visible_to(caller, &found) {
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
        Self::require_author(caller, &found)?;
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
            return Err(if Self::visible_to(caller, &found) {
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
}
