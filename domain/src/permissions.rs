//! The permission table of docs/product.md#roles: one function from (role, approval) to abilities.
//!
//! Every server decision about who may act goes through [`abilities`]; handlers never
//! compare roles themselves.

use crate::user::{Role, User, UserId};

/// Something a caller may be allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ability {
    /// Read published stories, categories and approved comments.
    ReadPublished,
    /// Post a comment (held for moderation).
    PostComment,
    /// Send a help message.
    SendHelpMessage,
    /// Create stories, edit and submit one's own, list one's own.
    WriteStories,
    /// Keep one's own schedule.
    ManageOwnSchedule,
    /// See pending comments and approve them.
    ModerateComments,
    /// Delete comments.
    DeleteComments,
    /// Delete any story.
    DeleteAnyStory,
    /// The story review queue: approve, reject, delete pending stories.
    ReviewStories,
    /// List, approve, change the role of and delete users; schedule for others.
    ManageUsers,
    /// Read the help inbox and the mail outbox.
    ReadHelpInbox,
    /// Change the super admin's own sign-in password.
    ChangeAdminPassword,
    /// The signed-in person's own account: profile, password, sessions, export, deletion.
    ManageOwnAccount,
    /// Read the activity log of moderation and people actions.
    ReadActivityLog,
    /// Create personal API tokens (listing and revoking one's own is `ManageOwnAccount`).
    UseApiTokens,
    /// See, start and download backups of the whole site.
    ManageBackups,
    /// Read published members-only stories.
    ReadMembersStories,
    /// The subscribers to new stories: counts, list, export, removal, delivery-status
    /// reports and the site's default frequency.
    ManageSubscribers,
}

impl Ability {
    pub const ALL: [Ability; 18] = [
        Ability::ReadPublished,
        Ability::PostComment,
        Ability::SendHelpMessage,
        Ability::WriteStories,
        Ability::ManageOwnSchedule,
        Ability::ModerateComments,
        Ability::DeleteComments,
        Ability::DeleteAnyStory,
        Ability::ReviewStories,
        Ability::ManageUsers,
        Ability::ReadHelpInbox,
        Ability::ChangeAdminPassword,
        Ability::ManageOwnAccount,
        Ability::ReadActivityLog,
        Ability::UseApiTokens,
        Ability::ManageBackups,
        Ability::ReadMembersStories,
        Ability::ManageSubscribers,
    ];
}

/// Whether a caller with this role (`None` for a visitor) and approval flag has `ability`.
pub fn allows(role: Option<Role>, is_approved: bool, ability: Ability) -> bool {
    use Ability::*;
    let Some(role) = role else {
        return matches!(ability, ReadPublished | PostComment | SendHelpMessage);
    };
    let approved = is_approved || role.is_admin();
    match ability {
        ReadPublished | PostComment | SendHelpMessage | ManageOwnAccount => true,
        WriteStories | ManageOwnSchedule | UseApiTokens | ReadMembersStories => approved,
        ModerateComments => {
            matches!(
                role,
                Role::PrimaryContributor | Role::Admin | Role::SubAdmin | Role::SuperAdmin
            ) && approved
        }
        DeleteComments | DeleteAnyStory | ReviewStories => role.is_admin(),
        ManageUsers | ReadHelpInbox | ChangeAdminPassword | ReadActivityLog | ManageBackups
        | ManageSubscribers => role == Role::SuperAdmin,
    }
}

/// Every ability of this role and approval flag.
pub fn abilities(role: Option<Role>, is_approved: bool) -> Vec<Ability> {
    Ability::ALL
        .into_iter()
        .filter(|a| allows(role, is_approved, *a))
        .collect()
}

/// Who is making a request: a visitor, or a signed-in user.
#[derive(Debug, Clone, PartialEq)]
// One per request, moved rarely: boxing the user would cost an allocation for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Caller {
    Visitor,
    User(User),
}

/// Why a caller was refused an ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Not signed in: 401.
    #[error("Authentication required")]
    NotSignedIn,
    /// Signed in but waiting for approval: 403.
    #[error("Your account is pending approval")]
    PendingApproval,
    /// Signed in, approved, but the role does not allow it: 403.
    #[error("You do not have permission to do this")]
    Forbidden,
}

impl Caller {
    pub fn user(&self) -> Option<&User> {
        match self {
            Caller::Visitor => None,
            Caller::User(u) => Some(u),
        }
    }

    pub fn user_id(&self) -> Option<&UserId> {
        self.user().map(|u| &u.id)
    }

    pub fn role(&self) -> Option<Role> {
        self.user().map(|u| u.role)
    }

    /// Whether the permission table lets this caller do `ability`.
    pub fn can(&self, ability: Ability) -> bool {
        match self {
            Caller::Visitor => allows(None, false, ability),
            Caller::User(u) => allows(Some(u.role), u.is_approved, ability),
        }
    }

    /// The signed-in user if the table allows `ability`, else why not.
    ///
    /// # Errors
    /// [`Refusal::NotSignedIn`] for a visitor asking for a signed-in ability,
    /// [`Refusal::PendingApproval`] when approval would grant it, else [`Refusal::Forbidden`].
    pub fn require(&self, ability: Ability) -> Result<&User, Refusal> {
        match self {
            Caller::Visitor => Err(Refusal::NotSignedIn),
            Caller::User(u) if self.can(ability) => Ok(u),
            Caller::User(u) if !u.counts_as_approved() && allows(Some(u.role), true, ability) => {
                Err(Refusal::PendingApproval)
            }
            Caller::User(_) => Err(Refusal::Forbidden),
        }
    }
}

#[cfg(test)]
#[path = "permissions_tests.rs"]
mod tests;
