//! Reading consent (a story's records, a person's records, the statement) and changing the
//! statement text.

use std::sync::Arc;

use super::WithdrawalWork;
use crate::StoreError;
use crate::clock::Clock;
use crate::permissions::{Ability, Caller, Refusal};
use crate::story::consent::{ConsentRecord, ConsentRepository, Statement, check_statement};
use crate::story::{StoryId, StoryRepository, StoryWithAuthor};
use crate::user::Role;
use crate::validation::FieldErrors;
use crate::work::UnitOfWork;

#[derive(Debug, thiserror::Error)]
pub enum ConsentError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error("Story not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Consent use cases; withdrawal is in `withdrawal.rs`.
#[derive(Clone)]
pub struct ConsentService {
    pub(super) consents: Arc<dyn ConsentRepository>,
    pub(super) stories: Arc<dyn StoryRepository>,
    pub(super) work: Arc<dyn UnitOfWork<dyn WithdrawalWork>>,
    pub(super) clock: Arc<dyn Clock>,
    /// The platforms the site can delete posts from (those with credentials).
    pub(super) deleting_on: Vec<crate::social::Platform>,
}

impl ConsentService {
    pub fn new(
        consents: Arc<dyn ConsentRepository>,
        stories: Arc<dyn StoryRepository>,
        work: Arc<dyn UnitOfWork<dyn WithdrawalWork>>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            consents,
            stories,
            work,
            clock,
            deleting_on: Vec::new(),
        }
    }

    /// The same service, deleting posts already made on `platforms` when consent is
    /// withdrawn (posts on others are listed for a person to remove).
    #[must_use]
    pub fn deleting_on(mut self, platforms: Vec<crate::social::Platform>) -> Self {
        self.deleting_on = platforms;
        self
    }

    /// The story, when the caller is its author or a reviewer. Someone else's story is
    /// forbidden when public, missing otherwise (its existence is not revealed).
    pub(super) async fn story_for(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<(StoryWithAuthor, bool), ConsentError> {
        let me = caller.require(Ability::WriteStories)?;
        let found = self
            .stories
            .find_with_author(id)
            .await?
            .ok_or(ConsentError::NotFound)?;
        let mine = found.story.author_id == me.id;
        if !mine && !caller.can(Ability::ReviewStories) {
            return Err(if found.story.is_open_to_all() {
                Refusal::Forbidden.into()
            } else {
                ConsentError::NotFound
            });
        }
        Ok((found, mine))
    }

    /// A story's records, oldest first: its author and reviewers.
    ///
    /// # Errors
    /// Refusal, missing story.
    pub async fn of_story(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<Vec<ConsentRecord>, ConsentError> {
        self.story_for(caller, id).await?;
        Ok(self.consents.of_story(id).await?)
    }

    /// The signed-in person's records over all their stories, oldest first.
    ///
    /// # Errors
    /// Not signed in, or the store's error.
    pub async fn mine(&self, caller: &Caller) -> Result<Vec<ConsentRecord>, ConsentError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        Ok(self.consents.of_person(&me.id).await?)
    }

    /// The statement authors read now: anyone signed in.
    ///
    /// # Errors
    /// Not signed in, or the store's error.
    pub async fn statement(&self, caller: &Caller) -> Result<Statement, ConsentError> {
        caller.require(Ability::ManageOwnAccount)?;
        Ok(self.consents.current_statement().await?)
    }

    /// Every statement version, newest first: the super admin.
    ///
    /// # Errors
    /// Refusal, or the store's error.
    pub async fn statements(&self, caller: &Caller) -> Result<Vec<Statement>, ConsentError> {
        Self::require_super_admin(caller)?;
        Ok(self.consents.statements().await?)
    }

    /// A new statement text (a new version; records keep the version they were given
    /// under): the super admin.
    ///
    /// # Errors
    /// Refusal, an empty or too long text (naming `text`).
    pub async fn change_statement(
        &self,
        caller: &Caller,
        text: &str,
    ) -> Result<Statement, ConsentError> {
        Self::require_super_admin(caller)?;
        let text = check_statement(text).map_err(ConsentError::Invalid)?;
        Ok(self.consents.add_statement(&text, self.clock.now()).await?)
    }

    /// What the authors of these stories say they touch: reviewers.
    ///
    /// # Errors
    /// Refusal, or the store's error.
    pub async fn sensitivity_of(
        &self,
        caller: &Caller,
        stories: &[StoryId],
    ) -> Result<
        std::collections::HashMap<StoryId, Vec<crate::story::consent::SensitiveTopic>>,
        ConsentError,
    > {
        caller.require(Ability::ReviewStories)?;
        Ok(self.consents.sensitivity_of(stories).await?)
    }

    fn require_super_admin(caller: &Caller) -> Result<(), Refusal> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        if me.role == Role::SuperAdmin {
            Ok(())
        } else {
            Err(Refusal::Forbidden)
        }
    }
}
