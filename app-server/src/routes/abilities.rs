//! What the signed-in person may do, from the domain's permission table, so clients show
//! or hide actions by the server's own rules instead of copying them.

use domain::permissions::{Ability, abilities};
use domain::user::User;
use serde::Serialize;
use utoipa::ToSchema;

/// One ability of the permission table.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AbilityDto {
    /// Read published stories, categories and approved comments.
    ReadPublished,
    /// Post a comment (held for moderation).
    PostComment,
    /// Send a help message.
    SendHelpMessage,
    /// Create stories, edit and submit one's own.
    WriteStories,
    /// Keep one's own schedule.
    ManageOwnSchedule,
    /// See pending comments and approve them.
    ModerateComments,
    /// Delete comments.
    DeleteComments,
    /// Delete any story.
    DeleteAnyStory,
    /// Review stories: approve, reject, take down.
    ReviewStories,
    /// Manage people: approve, roles, suspension, deletion.
    ManageUsers,
    /// Read the help inbox and the mail outbox.
    ReadHelpInbox,
    /// Change the super admin's own sign-in password.
    ChangeAdminPassword,
    /// One's own account: profile, password, sessions, export, deletion.
    ManageOwnAccount,
    /// Read the activity log.
    ReadActivityLog,
    /// Create personal API tokens.
    UseApiTokens,
    /// See, start and download backups of the whole site.
    ManageBackups,
    /// Read published members-only stories.
    ReadMembersStories,
    /// The subscribers: counts, list, export, removal, reports, the default frequency.
    ManageSubscribers,
}

impl From<Ability> for AbilityDto {
    fn from(a: Ability) -> Self {
        match a {
            Ability::ReadPublished => Self::ReadPublished,
            Ability::PostComment => Self::PostComment,
            Ability::SendHelpMessage => Self::SendHelpMessage,
            Ability::WriteStories => Self::WriteStories,
            Ability::ManageOwnSchedule => Self::ManageOwnSchedule,
            Ability::ModerateComments => Self::ModerateComments,
            Ability::DeleteComments => Self::DeleteComments,
            Ability::DeleteAnyStory => Self::DeleteAnyStory,
            Ability::ReviewStories => Self::ReviewStories,
            Ability::ManageUsers => Self::ManageUsers,
            Ability::ReadHelpInbox => Self::ReadHelpInbox,
            Ability::ChangeAdminPassword => Self::ChangeAdminPassword,
            Ability::ManageOwnAccount => Self::ManageOwnAccount,
            Ability::ReadActivityLog => Self::ReadActivityLog,
            Ability::UseApiTokens => Self::UseApiTokens,
            Ability::ManageBackups => Self::ManageBackups,
            Ability::ReadMembersStories => Self::ReadMembersStories,
            Ability::ManageSubscribers => Self::ManageSubscribers,
        }
    }
}

/// Every ability `user` has now (by role and approval).
pub fn abilities_of(user: &User) -> Vec<AbilityDto> {
    abilities(Some(user.role), user.is_approved)
        .into_iter()
        .map(AbilityDto::from)
        .collect()
}
