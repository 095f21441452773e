//! Help-centre messages sent to the administrator.

use chrono::{DateTime, Utc};
use std::str::FromStr;

use crate::user::UserId;
use crate::validation::{Email, HelpMessageBody, HelpSubject};

pub mod ports;
pub mod service;

pub use ports::{HelpMessageRepository, HelpWork};
pub use service::{
    HelpForm, HelpInboxError, HelpPorts, HelpService, INBOX_PAGE_DEFAULT, INBOX_PAGE_MAX,
    SendHelpError,
};

/// The help categories of docs/product.md#limits, with their labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HelpCategory {
    #[default]
    General,
    Technical,
    Content,
    Account,
    Feature,
    Bug,
}

impl HelpCategory {
    pub const ALL: [HelpCategory; 6] = [
        HelpCategory::General,
        HelpCategory::Technical,
        HelpCategory::Content,
        HelpCategory::Account,
        HelpCategory::Feature,
        HelpCategory::Bug,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            HelpCategory::General => "general",
            HelpCategory::Technical => "technical",
            HelpCategory::Content => "content",
            HelpCategory::Account => "account",
            HelpCategory::Feature => "feature",
            HelpCategory::Bug => "bug",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            HelpCategory::General => "General Question",
            HelpCategory::Technical => "Technical Support",
            HelpCategory::Content => "Content Issues",
            HelpCategory::Account => "Account Help",
            HelpCategory::Feature => "Feature Request",
            HelpCategory::Bug => "Bug Report",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown help category '{0}'")]
pub struct UnknownHelpCategory(pub String);

impl FromStr for HelpCategory {
    type Err = UnknownHelpCategory;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HelpCategory::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| UnknownHelpCategory(s.to_owned()))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct HelpMessage {
    pub id: i64,
    pub subject: String,
    pub category: HelpCategory,
    pub message: String,
    pub contact_email: String,
    pub user_id: Option<UserId>,
    pub created_at: DateTime<Utc>,
    /// When a super admin marked it handled; `None` while it is open.
    pub handled_at: Option<DateTime<Utc>>,
    pub handled_by: Option<UserId>,
}

/// Which part of the inbox to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InboxStatus {
    /// Waiting for an answer, oldest first.
    #[default]
    Open,
    /// Answered, most recently handled first.
    Handled,
}

/// A validated help message to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewHelpMessage {
    pub subject: HelpSubject,
    pub category: HelpCategory,
    pub message: HelpMessageBody,
    pub contact_email: Email,
    pub user_id: Option<UserId>,
}
