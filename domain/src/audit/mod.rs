//! The activity log: who did which moderation or people action, to what, why and when.
//!
//! Entries are appended in the same unit of work as the action they record (see
//! [`crate::work`]), and never updated or deleted through the API. When a person leaves,
//! their name is taken out of the entries ([`AuditLog::forget_person`], a step of
//! `account::leaving`): the log keeps what happened, not who they were.
//!
//! Here the entries; the store's port in `ports.rs`, the super admin's reading in
//! `service.rs`.

pub mod ports;
pub mod service;

use chrono::{DateTime, Utc};

use crate::user::{User, UserId};

pub use ports::{AuditLog, AuditWork, log_and_commit};
pub use service::{AuditLogError, AuditService};

/// What was done. The names are the log's stable vocabulary (stored and filtered on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuditAction {
    StoryApproved,
    StoryRejected,
    StoryUnpublished,
    StoryDeleted,
    EditApproved,
    EditRejected,
    CommentApproved,
    CommentDeleted,
    PersonApproved,
    RoleChanged,
    PersonDeleted,
    PersonSuspended,
    PersonReinstated,
    HelpHandled,
    HelpDeleted,
    MailRetried,
    SocialExported,
    SocialRetried,
    SocialCancelled,
    BackupDownloaded,
    ApiTokenCreated,
    /// Consent to a story withdrawn (by its author, or a moderator on their behalf).
    ConsentWithdrawn,
    /// A post already made deleted on its platform after consent was withdrawn (by the
    /// site, on behalf of whoever withdrew it).
    SocialPostDeleted,
    /// Deleting such a post given up: a person removes it by hand.
    SocialDeletionFailed,
    /// A subscription removed by the super admin (labelled with its address).
    SubscriberRemoved,
    /// A subscriber's address suspended by delivery-status reports of permanent failure.
    SubscriberSuspended,
    /// The frequency of sign-ups that name none changed (the reason says from what).
    SubscriptionDefaultChanged,
}

impl AuditAction {
    pub const ALL: [AuditAction; 27] = [
        AuditAction::StoryApproved,
        AuditAction::StoryRejected,
        AuditAction::StoryUnpublished,
        AuditAction::StoryDeleted,
        AuditAction::EditApproved,
        AuditAction::EditRejected,
        AuditAction::CommentApproved,
        AuditAction::CommentDeleted,
        AuditAction::PersonApproved,
        AuditAction::RoleChanged,
        AuditAction::PersonDeleted,
        AuditAction::PersonSuspended,
        AuditAction::PersonReinstated,
        AuditAction::HelpHandled,
        AuditAction::HelpDeleted,
        AuditAction::MailRetried,
        AuditAction::SocialExported,
        AuditAction::SocialRetried,
        AuditAction::SocialCancelled,
        AuditAction::BackupDownloaded,
        AuditAction::ApiTokenCreated,
        AuditAction::ConsentWithdrawn,
        AuditAction::SocialPostDeleted,
        AuditAction::SocialDeletionFailed,
        AuditAction::SubscriberRemoved,
        AuditAction::SubscriberSuspended,
        AuditAction::SubscriptionDefaultChanged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::StoryApproved => "story_approved",
            AuditAction::StoryRejected => "story_rejected",
            AuditAction::StoryUnpublished => "story_unpublished",
            AuditAction::StoryDeleted => "story_deleted",
            AuditAction::EditApproved => "edit_approved",
            AuditAction::EditRejected => "edit_rejected",
            AuditAction::CommentApproved => "comment_approved",
            AuditAction::CommentDeleted => "comment_deleted",
            AuditAction::PersonApproved => "person_approved",
            AuditAction::RoleChanged => "role_changed",
            AuditAction::PersonDeleted => "person_deleted",
            AuditAction::PersonSuspended => "person_suspended",
            AuditAction::PersonReinstated => "person_reinstated",
            AuditAction::HelpHandled => "help_handled",
            AuditAction::HelpDeleted => "help_deleted",
            AuditAction::MailRetried => "mail_retried",
            AuditAction::SocialExported => "social_exported",
            AuditAction::SocialRetried => "social_retried",
            AuditAction::SocialCancelled => "social_cancelled",
            AuditAction::BackupDownloaded => "backup_downloaded",
            AuditAction::ApiTokenCreated => "api_token_created",
            AuditAction::ConsentWithdrawn => "consent_withdrawn",
            AuditAction::SocialPostDeleted => "social_post_deleted",
            AuditAction::SocialDeletionFailed => "social_deletion_failed",
            AuditAction::SubscriberRemoved => "subscriber_removed",
            AuditAction::SubscriberSuspended => "subscriber_suspended",
            AuditAction::SubscriptionDefaultChanged => "subscription_default_changed",
        }
    }

    /// The action with this stored name.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == name)
    }

    /// The kind of thing the action is done to.
    pub fn target_kind(self) -> TargetKind {
        use AuditAction::*;
        match self {
            StoryApproved | StoryRejected | StoryUnpublished | StoryDeleted | EditApproved
            | EditRejected | SocialExported | ConsentWithdrawn => TargetKind::Story,
            CommentApproved | CommentDeleted => TargetKind::Comment,
            PersonApproved | RoleChanged | PersonDeleted | PersonSuspended | PersonReinstated => {
                TargetKind::Person
            }
            HelpHandled | HelpDeleted => TargetKind::HelpMessage,
            MailRetried => TargetKind::Mail,
            SocialRetried | SocialCancelled | SocialPostDeleted | SocialDeletionFailed => {
                TargetKind::SocialPost
            }
            BackupDownloaded => TargetKind::Backup,
            ApiTokenCreated => TargetKind::ApiToken,
            SubscriberRemoved | SubscriberSuspended => TargetKind::Subscription,
            SubscriptionDefaultChanged => TargetKind::Setting,
        }
    }
}

/// What an entry is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetKind {
    Story,
    Comment,
    Person,
    HelpMessage,
    Mail,
    SocialPost,
    /// A backup archive, by file name.
    Backup,
    ApiToken,
    /// A subscription to new stories by e-mail, by id (labelled with its address).
    Subscription,
    /// A site setting, by name.
    Setting,
}

impl TargetKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TargetKind::Story => "story",
            TargetKind::Comment => "comment",
            TargetKind::Person => "person",
            TargetKind::HelpMessage => "help_message",
            TargetKind::Mail => "mail",
            TargetKind::SocialPost => "social_post",
            TargetKind::Backup => "backup",
            TargetKind::ApiToken => "api_token",
            TargetKind::Subscription => "subscription",
            TargetKind::Setting => "setting",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        [
            TargetKind::Story,
            TargetKind::Comment,
            TargetKind::Person,
            TargetKind::HelpMessage,
            TargetKind::Mail,
            TargetKind::SocialPost,
            TargetKind::Backup,
            TargetKind::ApiToken,
            TargetKind::Subscription,
            TargetKind::Setting,
        ]
        .into_iter()
        .find(|k| k.as_str() == name)
    }
}

/// Longest target label kept (a story title, a person's name, a mail subject).
pub const MAX_LABEL_CHARS: usize = 255;

/// One entry to append.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuditEntry {
    pub actor_id: UserId,
    pub actor_name: String,
    pub action: AuditAction,
    /// The target's id as text (a story or comment number, a user id).
    pub target_id: String,
    /// What the target was called when the action happened.
    pub target_label: Option<String>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

impl NewAuditEntry {
    /// An entry by `actor`, with the label cut to [`MAX_LABEL_CHARS`].
    pub fn by(
        actor: &User,
        action: AuditAction,
        target_id: impl ToString,
        target_label: Option<&str>,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            actor_id: actor.id.clone(),
            actor_name: actor.display_name(),
            action,
            target_id: target_id.to_string(),
            target_label: target_label.map(|l| l.chars().take(MAX_LABEL_CHARS).collect()),
            reason: None,
            at,
        }
    }

    pub fn because(mut self, reason: Option<&str>) -> Self {
        self.reason = reason.map(str::to_owned);
        self
    }
}

/// A stored entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    pub entry: NewAuditEntry,
}

/// Which entries to list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    pub actor: Option<UserId>,
    pub action: Option<AuditAction>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_name_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for a in AuditAction::ALL {
            assert_eq!(AuditAction::parse(a.as_str()), Some(a));
            assert!(seen.insert(a.as_str()));
            assert_eq!(
                TargetKind::parse(a.target_kind().as_str()),
                Some(a.target_kind())
            );
        }
        assert_eq!(AuditAction::parse("story_published"), None);
    }
}
