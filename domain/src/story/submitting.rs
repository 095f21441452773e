//! Submitting a story for review (or publishing it, for admin authors) and the consent
//! that goes with it (`docs/decisions/privacy.md`): required, with the site, whenever a
//! story goes to review or onto the site; each confirmation is a record.

use chrono::{DateTime, Utc};

use super::StoryWork;
use super::draft::StoryDraft;
use super::lifecycle::{self, StoryAction};
use super::service::StoryService;
use super::write_error::WriteStoryError;
use super::{StoryFields, StoryId, StoryWithAuthor};
use crate::permissions::{Ability, Caller};
use crate::story::consent::{self, ConsentKind, ConsentUses, NewConsent};
use crate::user::UserId;
use crate::validation::FieldErrors;

impl StoryService {
    /// The form's fields and its consent, every refused field named at once.
    pub(super) async fn checked(
        &self,
        draft: &StoryDraft,
        submits: bool,
    ) -> Result<(StoryFields, Option<ConsentUses>), WriteStoryError> {
        let mut consent_errors = FieldErrors::new();
        let consent = consent::check_form(draft.consent, submits, &mut consent_errors);
        match self.fields(draft).await {
            Ok(fields) => {
                consent_errors.finish().map_err(WriteStoryError::Invalid)?;
                Ok((fields, consent))
            }
            Err(WriteStoryError::Invalid(mut errors)) => {
                for e in consent_errors.into_vec() {
                    errors.push(e.field, e.message);
                }
                Err(WriteStoryError::Invalid(errors))
            }
            Err(other) => Err(other),
        }
    }

    /// Stores what the author says the story touches, when the form says it.
    pub(super) async fn record_sensitivity(
        work: &dyn StoryWork,
        story: StoryId,
        topics: Option<&[crate::story::consent::SensitiveTopic]>,
    ) -> Result<(), WriteStoryError> {
        if let Some(topics) = topics {
            work.consents().set_sensitivity(story, topics).await?;
        }
        Ok(())
    }

    /// Records the author's confirmation (under the statement they read now) in `work`.
    pub(super) async fn record_consent(
        work: &dyn StoryWork,
        story: StoryId,
        author: &UserId,
        consent: Option<ConsentUses>,
        at: DateTime<Utc>,
    ) -> Result<(), WriteStoryError> {
        let Some(uses) = consent else {
            return Ok(());
        };
        let statement = work.consents().current_statement().await?;
        work.consents()
            .record(&NewConsent {
                story,
                person: author.clone(),
                statement_version: statement.version,
                uses,
                kind: ConsentKind::Given,
                recorded_by: author.clone(),
                reason: None,
                at,
            })
            .await?;
        Ok(())
    }

    /// Records the author's confirmation in a work of its own.
    pub(super) async fn record_consent_alone(
        &self,
        story: StoryId,
        author: &UserId,
        consent: Option<ConsentUses>,
        sensitive: Option<&[crate::story::consent::SensitiveTopic]>,
    ) -> Result<(), WriteStoryError> {
        if consent.is_none() && sensitive.is_none() {
            return Ok(());
        }
        let now = self.ports.clock.now();
        let work = self.ports.work.begin().await?;
        Self::record_consent(work.as_ref(), story, author, consent, now).await?;
        Self::record_sensitivity(work.as_ref(), story, sensitive).await?;
        work.commit().await?;
        Ok(())
    }

    /// The Publish action on the caller's own draft or rejected story, with the author's
    /// consent (required, naming `consent`).
    ///
    /// # Errors
    /// Refusal, missing story, missing consent, a story already pending or published.
    pub async fn publish(
        &self,
        caller: &Caller,
        id: StoryId,
        consent: Option<ConsentUses>,
    ) -> Result<StoryWithAuthor, WriteStoryError> {
        let (found, state) = self.load_own(caller, id).await?;
        let me = caller.require(Ability::WriteStories)?.clone();
        let submitted = lifecycle::next(state, StoryAction::Submit { author: me.role })?;
        let mut errors = FieldErrors::new();
        let consent = consent::check_form(consent, true, &mut errors);
        errors.finish().map_err(WriteStoryError::Invalid)?;
        self.record_consent_alone(id, &me.id, consent, None).await?;
        let mut story = found.story;
        story.updated_at = self.ports.clock.now();
        if submitted.publishes() {
            story.mark_live(&me.id, self.ports.clock.now());
            self.save_with_version(&story, &me.id).await?;
        } else {
            story.status = submitted.status();
            self.save_alone(&story).await?;
        }
        self.reload(id).await
    }
}
