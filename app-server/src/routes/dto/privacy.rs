//! JSON shapes of a story's privacy choices and of its writer.

use domain::story::privacy::Writer;
use domain::story::{Audience, Byline};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who wrote a story whatever its byline: only in the answers of its author and of
/// reviewers and administrators.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriterDto {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
}

impl From<Writer> for WriterDto {
    fn from(w: Writer) -> Self {
        Self {
            id: w.id.to_string(),
            first_name: w.first_name,
            last_name: w.last_name,
            profile_image_url: w.profile_image_url,
        }
    }
}

/// How a story names its author.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum BylineDto {
    /// First and last name and picture.
    Full,
    /// First name only.
    First,
    /// First name and the initial of the last name ("Maria G.").
    FirstInitial,
    /// "A member of {site}", no picture.
    Anonymous,
}

impl From<Byline> for BylineDto {
    fn from(b: Byline) -> Self {
        match b {
            Byline::Full => Self::Full,
            Byline::First => Self::First,
            Byline::FirstInitial => Self::FirstInitial,
            Byline::Anonymous => Self::Anonymous,
        }
    }
}

impl From<BylineDto> for Byline {
    fn from(b: BylineDto) -> Self {
        match b {
            BylineDto::Full => Self::Full,
            BylineDto::First => Self::First,
            BylineDto::FirstInitial => Self::FirstInitial,
            BylineDto::Anonymous => Self::Anonymous,
        }
    }
}

/// Who may read a story once it is published.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum AudienceDto {
    /// Anyone, and every public output.
    Public,
    /// Signed-in approved members and moderators only.
    Members,
}

impl From<Audience> for AudienceDto {
    fn from(a: Audience) -> Self {
        match a {
            Audience::Public => Self::Public,
            Audience::Members => Self::Members,
        }
    }
}

impl From<AudienceDto> for Audience {
    fn from(a: AudienceDto) -> Self {
        match a {
            AudienceDto::Public => Self::Public,
            AudienceDto::Members => Self::Members,
        }
    }
}
