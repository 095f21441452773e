//! Sensitive content (`docs/decisions/privacy.md`): what the author says a story touches,
//! and the checklist a reviewer confirms before approving such a story.

use domain::story::consent::{Checklist, SensitiveTopic};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a story touches, in the author's words.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SensitiveDto {
    /// It names another person.
    NamesPerson,
    /// It mentions a child.
    MentionsChild,
    /// It describes health, addiction or abuse.
    HealthAddictionAbuse,
}

impl From<SensitiveDto> for SensitiveTopic {
    fn from(d: SensitiveDto) -> Self {
        match d {
            SensitiveDto::NamesPerson => SensitiveTopic::NamesPerson,
            SensitiveDto::MentionsChild => SensitiveTopic::MentionsChild,
            SensitiveDto::HealthAddictionAbuse => SensitiveTopic::HealthAddictionAbuse,
        }
    }
}

impl From<SensitiveTopic> for SensitiveDto {
    fn from(t: SensitiveTopic) -> Self {
        match t {
            SensitiveTopic::NamesPerson => SensitiveDto::NamesPerson,
            SensitiveTopic::MentionsChild => SensitiveDto::MentionsChild,
            SensitiveTopic::HealthAddictionAbuse => SensitiveDto::HealthAddictionAbuse,
        }
    }
}

/// The reviewer's checklist for a sensitive story: both must be `true`.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistDto {
    /// "Other people named have agreed, or are not identifiable."
    pub others_agreed_or_unidentifiable: bool,
    /// "No child is identifiable."
    pub no_child_identifiable: bool,
}

impl From<ChecklistDto> for Checklist {
    fn from(d: ChecklistDto) -> Self {
        Checklist {
            others_agreed_or_unidentifiable: d.others_agreed_or_unidentifiable,
            no_child_identifiable: d.no_child_identifiable,
        }
    }
}

/// Approving a story: the checklist, required when its author marked it sensitive.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveRequest {
    pub checklist: Option<ChecklistDto>,
}
