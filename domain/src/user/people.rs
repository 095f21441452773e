//! The super admin's people administration: list, approve with a role, change a role,
//! delete. Nobody changes their own role here, and the last super admin always stays.

use super::account::AccountService;
use super::{Role, User, UserId};
use crate::StoreError;
use crate::mail::OutgoingMail;
use crate::permissions::{Ability, Caller, Refusal};

#[derive(Debug, thiserror::Error)]
pub enum PeopleError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("User not found")]
    NotFound,
    #[error("You cannot change or delete your own account here")]
    OwnAccount,
    #[error("The last super admin cannot be removed or demoted")]
    LastSuperAdmin,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// Every account (super admin only).
    ///
    /// # Errors
    /// Refusal or the store's error.
    pub async fn list_users(&self, caller: &Caller) -> Result<Vec<User>, PeopleError> {
        caller.require(Ability::ManageUsers)?;
        Ok(self.p.users.list().await?)
    }

    /// Accounts waiting for approval (super admin only).
    ///
    /// # Errors
    /// Refusal or the store's error.
    pub async fn list_pending(&self, caller: &Caller) -> Result<Vec<User>, PeopleError> {
        caller.require(Ability::ManageUsers)?;
        Ok(self.p.users.list_pending().await?)
    }

    /// Sets a user's role and approval. Approving e-mails the user.
    ///
    /// # Errors
    /// Refusal, own account, the last super admin, a missing user.
    pub async fn set_role(
        &self,
        caller: &Caller,
        target: &UserId,
        role: Role,
        approved: bool,
    ) -> Result<User, PeopleError> {
        let me = caller.require(Ability::ManageUsers)?;
        if &me.id == target {
            return Err(PeopleError::OwnAccount);
        }
        let before = self
            .p
            .users
            .find(target)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if before.role == Role::SuperAdmin
            && role != Role::SuperAdmin
            && self.p.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(PeopleError::LastSuperAdmin);
        }
        let after = self
            .p
            .users
            .set_role(target, role, approved)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if approved && !before.is_approved {
            self.p.mailer.send(self.approval_mail(&after)).await?;
        }
        Ok(after)
    }

    /// Deletes a user (their stories and schedule go with them).
    ///
    /// # Errors
    /// Refusal, own account, the last super admin, a missing user.
    pub async fn delete_user(&self, caller: &Caller, target: &UserId) -> Result<(), PeopleError> {
        let me = caller.require(Ability::ManageUsers)?;
        if &me.id == target {
            return Err(PeopleError::OwnAccount);
        }
        let user = self
            .p
            .users
            .find(target)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if user.role == Role::SuperAdmin
            && self.p.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(PeopleError::LastSuperAdmin);
        }
        if self.p.users.delete(target).await? {
            Ok(())
        } else {
            Err(PeopleError::NotFound)
        }
    }

    fn approval_mail(&self, user: &User) -> OutgoingMail {
        OutgoingMail {
            to: user.email.clone(),
            subject: format!("Your {} account has been approved", self.p.site.name),
            body: format!(
                "Hello {},\n\nYour account on {} has been approved. You can now sign in and reach your dashboard:\n{}/dashboard\n\nGrace and peace,\nThe {} team\n",
                user.display_name(),
                self.p.site.name,
                self.p.site.public_url,
                self.p.site.name
            ),
        }
    }
}
