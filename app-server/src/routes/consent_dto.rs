//! The answers and bodies of the consent routes (`routes/consent.rs`).

use chrono::{DateTime, Utc};
use domain::story::consent::{ConsentKind, ConsentRecord, ConsentUses, Statement};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The uses of a story its author agrees to.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentDto {
    /// Shown on this site: must be `true`.
    pub site: bool,
    /// Shared on social media (left out: `false`).
    #[serde(default)]
    pub social: bool,
    /// Shown in the widget other sites embed (left out: `false`).
    #[serde(default)]
    pub widget: bool,
}

impl From<ConsentDto> for ConsentUses {
    fn from(d: ConsentDto) -> Self {
        ConsentUses {
            site: d.site,
            social: d.social,
            widget: d.widget,
        }
    }
}

/// How a record came to be.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ConsentKindDto {
    /// The author ticked the boxes.
    Given,
    /// Submitted before consent was recorded: the site only.
    Legacy,
    /// Consent withdrawn.
    Withdrawn,
}

/// One confirmation (or withdrawal) of consent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentRecordDto {
    pub id: i64,
    pub story_id: i64,
    /// The story's title now.
    pub story_title: String,
    /// The author, whose consent it is.
    pub person_id: String,
    /// Who recorded it: the author, or a moderator withdrawing on their behalf.
    pub recorded_by: String,
    /// The version of the statement the author read.
    pub statement_version: i64,
    pub kind: ConsentKindDto,
    pub site: bool,
    pub social: bool,
    pub widget: bool,
    /// A moderator's reason for withdrawing on the author's behalf.
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

impl From<ConsentRecord> for ConsentRecordDto {
    fn from(r: ConsentRecord) -> Self {
        let c = r.consent;
        Self {
            id: r.id,
            story_id: c.story.0,
            story_title: r.story_title,
            person_id: c.person.as_str().to_owned(),
            recorded_by: c.recorded_by.as_str().to_owned(),
            statement_version: c.statement_version,
            kind: match c.kind {
                ConsentKind::Given => ConsentKindDto::Given,
                ConsentKind::Legacy => ConsentKindDto::Legacy,
                ConsentKind::Withdrawn => ConsentKindDto::Withdrawn,
            },
            site: c.uses.site,
            social: c.uses.social,
            widget: c.uses.widget,
            reason: c.reason,
            at: c.at,
        }
    }
}

/// A version of the consent statement.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentStatementDto {
    pub version: i64,
    pub text: String,
    /// The version standing for stories submitted before consent was recorded.
    pub legacy: bool,
    /// When the super admin wrote it (null for the texts the site started with).
    pub created_at: Option<DateTime<Utc>>,
}

impl From<Statement> for ConsentStatementDto {
    fn from(s: Statement) -> Self {
        Self {
            version: s.version,
            text: s.text,
            legacy: s.legacy,
            created_at: s.created_at,
        }
    }
}

/// A new statement text.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConsentStatementInput {
    #[schema(min_length = 1, max_length = 5000)]
    pub text: String,
}
