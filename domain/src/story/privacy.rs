//! How a story names its author and who may read it, and the one projection every output
//! (API answers, the story page and its link preview, the feed, the widget) uses to decide
//! what a viewer sees of the author. `docs/decisions/privacy.md` explains the choices.

use std::fmt;
use std::str::FromStr;

use crate::permissions::{Ability, Caller};
use crate::user::{AuthorSummary, UserId};

/// How a story names its author.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Byline {
    /// First and last name and picture.
    #[default]
    Full,
    /// First name only.
    First,
    /// First name and the initial of the last name ("Maria G.").
    FirstInitial,
    /// "A member of {site}", no picture.
    Anonymous,
}

/// Who may read a published story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Audience {
    /// Anyone, and every public output (feed, sitemap, previews, widget, social posts).
    #[default]
    Public,
    /// Signed-in approved members and moderators only; never in a public output.
    Members,
}

/// A story's naming and audience choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Privacy {
    pub byline: Byline,
    pub audience: Audience,
}

/// A byline or audience name that is not one of the known ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown value '{0}'")]
pub struct UnknownChoice(pub String);

impl Byline {
    pub const ALL: [Byline; 4] = [
        Byline::Full,
        Byline::First,
        Byline::FirstInitial,
        Byline::Anonymous,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Byline::Full => "full",
            Byline::First => "first",
            Byline::FirstInitial => "firstInitial",
            Byline::Anonymous => "anonymous",
        }
    }
}

impl FromStr for Byline {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Byline::ALL
            .into_iter()
            .find(|b| b.as_str() == s)
            .ok_or_else(|| UnknownChoice(s.to_owned()))
    }
}

impl fmt::Display for Byline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Audience {
    pub const ALL: [Audience; 2] = [Audience::Public, Audience::Members];

    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Members => "members",
        }
    }

    /// Whether this caller may read a published story with this audience.
    pub fn admits(self, caller: &Caller) -> bool {
        match self {
            Audience::Public => true,
            Audience::Members => caller.can(Ability::ReadMembersStories),
        }
    }
}

impl FromStr for Audience {
    type Err = UnknownChoice;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Audience::ALL
            .into_iter()
            .find(|a| a.as_str() == s)
            .ok_or_else(|| UnknownChoice(s.to_owned()))
    }
}

/// Which published stories a list holds for its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AudienceScope {
    /// Public stories only: visitors, and every output a visitor could reach.
    #[default]
    Public,
    /// Public and members-only stories: signed-in approved members and moderators.
    Members,
    /// Public stories whose author agreed to the widget (latest consent): the widget's
    /// list, whoever asks.
    Widget,
}

impl AudienceScope {
    /// The scope of this caller's lists.
    pub fn of(caller: &Caller) -> Self {
        if Audience::Members.admits(caller) {
            AudienceScope::Members
        } else {
            AudienceScope::Public
        }
    }
}

/// The person who wrote a story, for its author and reviewers only.
#[derive(Debug, Clone, PartialEq)]
pub struct Writer {
    pub id: UserId,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
}

/// What a viewer may see of a story's author: the name every output prints, the parts of
/// it a card shows, and (for the author and reviewers only) who wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownAuthor {
    pub byline: Byline,
    /// The display name: "Maria Garcia", "Maria", "Maria G." or "A member of {site}".
    pub name: String,
    pub first_name: Option<String>,
    /// The whole last name for `Full`, its initial ("G.") for `FirstInitial`, else `None`.
    pub last_name: Option<String>,
    /// Only for `Full`.
    pub profile_image_url: Option<String>,
    /// Only for `Full`, or for a viewer who sees the writer.
    pub author_id: Option<UserId>,
    /// The author's own identity: only for the author and reviewers.
    pub writer: Option<Writer>,
}

/// The name an anonymous story is signed with.
pub fn anonymous_name(site_name: &str) -> String {
    format!("A member of {site_name}")
}

/// Whether this caller sees who wrote a story whatever its byline: its author, and anyone
/// who reviews stories (moderators and administrators).
pub fn sees_writer(caller: &Caller, author_id: &UserId) -> bool {
    caller.user_id() == Some(author_id) || caller.can(Ability::ReviewStories)
}

/// The one projection of a story's author for a viewer (a visitor for every public output).
pub fn shown_author(
    byline: Byline,
    author_id: &UserId,
    author: &AuthorSummary,
    viewer: &Caller,
    site_name: &str,
) -> ShownAuthor {
    let trimmed = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let first = trimmed(&author.first_name);
    let last = trimmed(&author.last_name);
    let writer = sees_writer(viewer, author_id).then(|| Writer {
        id: author_id.clone(),
        first_name: author.first_name.clone(),
        last_name: author.last_name.clone(),
        profile_image_url: author.profile_image_url.clone(),
    });
    let author_id = (byline == Byline::Full || writer.is_some()).then(|| author_id.clone());
    let anonymous = |byline| ShownAuthor {
        byline,
        name: anonymous_name(site_name),
        first_name: None,
        last_name: None,
        profile_image_url: None,
        author_id: author_id.clone(),
        writer: writer.clone(),
    };
    match (byline, first) {
        (Byline::Full, _) => ShownAuthor {
            byline,
            name: author.name(),
            first_name: author.first_name.clone(),
            last_name: author.last_name.clone(),
            profile_image_url: author.profile_image_url.clone(),
            author_id,
            writer,
        },
        // Without a first name there is nothing these bylines may show.
        (Byline::Anonymous, _) | (Byline::First | Byline::FirstInitial, None) => anonymous(byline),
        (Byline::First, Some(first)) => ShownAuthor {
            byline,
            name: first.clone(),
            first_name: Some(first),
            last_name: None,
            profile_image_url: None,
            author_id,
            writer,
        },
        (Byline::FirstInitial, Some(first)) => {
            let initial = last.as_deref().and_then(initial);
            let name = match &initial {
                Some(i) => format!("{first} {i}"),
                None => first.clone(),
            };
            ShownAuthor {
                byline,
                name,
                first_name: Some(first),
                last_name: initial,
                profile_image_url: None,
                author_id,
                writer,
            }
        }
    }
}

/// "G." for "Garcia": the first letter, upper case, and a full stop.
fn initial(last: &str) -> Option<String> {
    let c = last.chars().find(|c| c.is_alphanumeric())?;
    Some(format!("{}.", c.to_uppercase()))
}

#[cfg(test)]
#[path = "privacy_tests.rs"]
mod tests;
