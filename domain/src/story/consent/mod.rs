//! Recorded, provable consent to publish a testimony (`docs/decisions/privacy.md`).
//!
//! Here the records, the rules a story's submission applies and their store; a part of
//! the story, which its writing and review use. Reading a story's consent and withdrawing
//! it, which reach the social export too, are `crate::consent`.
//!
//! An author confirms, when a story goes to review or onto the site, that it may be shown
//! on the site (required) and, if they wish, shared on social media and shown in the
//! widget other sites embed. Each confirmation is a [`ConsentRecord`]: the story, the
//! person, the statement text they read (by version), the uses agreed to, and when.
//! Records are never changed; the latest one of a story decides what it may be used for.
//! Withdrawing consent is a record too (no use agreed). Stories from before consent was
//! recorded carry a `legacy` record: the site only.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::StoreError;
use crate::story::StoryId;
use crate::user::UserId;
use crate::validation::FieldErrors;

mod sensitive;

pub use sensitive::{Checklist, SensitiveTopic, check_checklist, join_topics, split_topics};

/// The uses of a story an author may agree to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConsentUses {
    /// Shown on this site (required to submit or publish).
    pub site: bool,
    /// Shared on social media.
    pub social: bool,
    /// Shown in the widget other sites embed.
    pub widget: bool,
}

/// One use, for asking whether the latest consent covers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConsentUse {
    Site,
    Social,
    Widget,
}

impl ConsentUses {
    pub fn covers(self, used: ConsentUse) -> bool {
        match used {
            ConsentUse::Site => self.site,
            ConsentUse::Social => self.site && self.social,
            ConsentUse::Widget => self.site && self.widget,
        }
    }
}

/// How a record came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConsentKind {
    /// The author ticked the boxes.
    Given,
    /// The story was submitted before consent was recorded: the site only.
    Legacy,
    /// Consent was withdrawn (no use agreed).
    Withdrawn,
}

impl ConsentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ConsentKind::Given => "given",
            ConsentKind::Legacy => "legacy",
            ConsentKind::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Self::Given, Self::Legacy, Self::Withdrawn]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// One version of the consent statement the author reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub version: i64,
    pub text: String,
    /// The version standing for stories submitted before consent was recorded.
    pub legacy: bool,
    /// When the super admin wrote it (`None` for those the migration made).
    pub created_at: Option<DateTime<Utc>>,
}

/// A record to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewConsent {
    pub story: StoryId,
    /// The author, whose consent it is.
    pub person: UserId,
    pub statement_version: i64,
    pub uses: ConsentUses,
    pub kind: ConsentKind,
    /// Who recorded it: the author, or a moderator withdrawing on their behalf.
    pub recorded_by: UserId,
    /// A moderator's reason for withdrawing on the author's behalf.
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

/// A stored record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsentRecord {
    pub id: i64,
    pub consent: NewConsent,
    /// The story's title now, for lists of a person's records.
    pub story_title: String,
}

/// Whether the latest record of a story allows `used` (no record: nothing allowed).
pub fn allows(latest: Option<&ConsentRecord>, used: ConsentUse) -> bool {
    latest.is_some_and(|r| r.consent.uses.covers(used))
}

/// The longest statement text.
pub const MAX_STATEMENT_CHARS: usize = 5_000;

/// Checks the consent a story form carries: required (with the site ticked) when the form
/// submits the story for review or publishes it; optional otherwise, but never without the
/// site (the other uses are on the site's pages too). Errors name `consent` or
/// `consent.site`.
pub fn check_form(
    consent: Option<ConsentUses>,
    submits: bool,
    errors: &mut FieldErrors,
) -> Option<ConsentUses> {
    match consent {
        None if submits => {
            errors.push(
                "consent",
                "Please confirm your consent before submitting your story",
            );
            None
        }
        None => None,
        Some(uses) if !uses.site => {
            errors.push(
                "consent.site",
                "You must agree to your story being shown on this site",
            );
            None
        }
        Some(uses) => Some(uses),
    }
}

/// Checks a statement text the super admin writes.
///
/// # Errors
/// The field error naming `text`.
pub fn check_statement(text: &str) -> Result<String, FieldErrors> {
    use crate::validation::text::{Lines, TextRule, clean};
    let mut errors = FieldErrors::new();
    match clean(text, MAX_STATEMENT_CHARS, Lines::Multi) {
        Ok(text) => return Ok(text.to_owned()),
        Err(TextRule::Required) => errors.push("text", "The statement is required"),
        Err(TextRule::TooLong) => errors.push(
            "text",
            format!("The statement must be at most {MAX_STATEMENT_CHARS} characters"),
        ),
        Err(TextRule::ControlCharacters) => {
            errors.push("text", "The statement must not contain control characters");
        }
    }
    Err(errors)
}

/// Stores statements and records.
#[async_trait]
pub trait ConsentRepository: Send + Sync {
    /// The statement authors read now (the newest that is not the legacy one).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn current_statement(&self) -> Result<Statement, StoreError>;

    /// Every statement version, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn statements(&self) -> Result<Vec<Statement>, StoreError>;

    /// Adds a statement version (older ones never change).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn add_statement(&self, text: &str, at: DateTime<Utc>) -> Result<Statement, StoreError>;

    /// Appends a record.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(&self, consent: &NewConsent) -> Result<(), StoreError>;

    /// A story's records, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn of_story(&self, story: StoryId) -> Result<Vec<ConsentRecord>, StoreError>;

    /// A person's records over all their stories, oldest first (one query).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn of_person(&self, person: &UserId) -> Result<Vec<ConsentRecord>, StoreError>;

    /// What the author said the story touches (empty when nothing, or never said).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn sensitivity(&self, story: StoryId) -> Result<Vec<SensitiveTopic>, StoreError>;

    /// Replaces what the author says the story touches.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn set_sensitivity(
        &self,
        story: StoryId,
        topics: &[SensitiveTopic],
    ) -> Result<(), StoreError>;

    /// The topics of these stories, in one query (stories without any are left out).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn sensitivity_of(
        &self,
        stories: &[StoryId],
    ) -> Result<std::collections::HashMap<StoryId, Vec<SensitiveTopic>>, StoreError>;
}

/// The part of a unit of work that keeps consent records, with the story change or the
/// social export they go with.
pub trait ConsentRecordWork: crate::work::Commit {
    fn consents(&self) -> &dyn ConsentRepository;
}

#[cfg(test)]
mod tests;
