//! The super admin's people administration: list, approve with a role, change a role,
//! delete. Nobody changes their own role here, and the last super admin always stays.

use super::service::AccountService;
use crate::StoreError;
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::paging::{InvalidPage, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::{Role, User, UserId};

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
    #[error("{0}")]
    Invalid(crate::validation::FieldErrors),
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The most (and, unless asked for fewer, the number of) pending accounts one page holds.
pub const PENDING_PAGE_MAX: u64 = 100;
/// The pending people's pages: oldest first, a whole page unless asked.
pub const PENDING_PAGES: PageBounds = PageBounds {
    default_limit: PENDING_PAGE_MAX,
    max_limit: PENDING_PAGE_MAX,
    max_offset: 1_000_000,
};

/// The longest suspension reason.
pub const MAX_SUSPENSION_REASON_CHARS: usize = 500;

impl AccountService {
    /// Suspends a person: approval off, every session ended at once, the reason mailed to
    /// them. Their stories stay. Nobody suspends themself, and the last super admin stays.
    ///
    /// # Errors
    /// Refusal, own account, the last super admin, a missing user, a blank or too long
    /// reason (`reason`).
    pub async fn suspend(
        &self,
        caller: &Caller,
        target: &UserId,
        reason: &str,
    ) -> Result<User, PeopleError> {
        let me = caller.require(Ability::ManageUsers)?;
        let reason = reason.trim();
        let mut errors = crate::validation::FieldErrors::new();
        if reason.is_empty() {
            errors.push("reason", "Please give a reason");
        } else if reason.chars().count() > MAX_SUSPENSION_REASON_CHARS {
            errors.push("reason", "The reason must be at most 500 characters");
        }
        if !errors.is_empty() {
            return Err(PeopleError::Invalid(errors));
        }
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
            && self.p.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(PeopleError::LastSuperAdmin);
        }
        let work = self.p.work.begin().await?;
        let after = work
            .users()
            .set_suspension(target, Some(reason.to_owned()))
            .await?
            .ok_or(PeopleError::NotFound)?;
        let site = &self.p.site;
        self.mail_person_via(
            work.mailer(),
            &after,
            format!("Your {} account has been suspended", site.name),
            format!(
                "An administrator of {} has suspended your account for this reason:\n\n{reason}\n\nYou cannot sign in while it is suspended; your stories stay as they are. If you think this is a mistake, reply to this message.",
                site.name
            ),
        )
        .await?;
        let entry = self
            .person_entry(me, AuditAction::PersonSuspended, &after)
            .because(Some(reason));
        work.sessions()
            .delete_for_user(target.as_str(), None)
            .await?;
        log_and_commit(work, entry).await?;
        Ok(after)
    }

    fn person_entry(&self, me: &User, action: AuditAction, person: &User) -> NewAuditEntry {
        NewAuditEntry::by(
            me,
            action,
            person.id.as_str(),
            Some(&person.display_name()),
            self.p.clock.now(),
        )
    }

    /// Lifts a suspension: approval on, and the person is mailed.
    ///
    /// # Errors
    /// Refusal, own account, a missing user.
    pub async fn reinstate(&self, caller: &Caller, target: &UserId) -> Result<User, PeopleError> {
        let me = caller.require(Ability::ManageUsers)?;
        if &me.id == target {
            return Err(PeopleError::OwnAccount);
        }
        let work = self.p.work.begin().await?;
        let after = work
            .users()
            .set_suspension(target, None)
            .await?
            .ok_or(PeopleError::NotFound)?;
        let site = &self.p.site;
        self.mail_person_via(
            work.mailer(),
            &after,
            format!("Your {} account is active again", site.name),
            format!(
                "Your account on {} is no longer suspended. You can sign in again:\n{}/auth",
                site.name, site.public_url
            ),
        )
        .await?;
        let entry = self.person_entry(me, AuditAction::PersonReinstated, &after);
        log_and_commit(work, entry).await?;
        Ok(after)
    }

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
    pub async fn list_pending(
        &self,
        caller: &Caller,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<crate::paging::Page<User>, PeopleError> {
        caller.require(Ability::ManageUsers)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, PENDING_PAGES)?;
        Ok(self.p.users.list_pending(limit, offset).await?)
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
        let work = self.p.work.begin().await?;
        let after = work
            .users()
            .set_role(target, role, approved)
            .await?
            .ok_or(PeopleError::NotFound)?;
        let approving = approved && !before.is_approved;
        if approving {
            let site = &self.p.site;
            self.mail_person_via(
                work.mailer(),
                &after,
                format!("Your {} account has been approved", site.name),
                format!(
                    "Your account on {} has been approved. You can now sign in and reach your dashboard:\n{}/dashboard",
                    site.name, site.public_url
                ),
            )
            .await?;
        }
        let action = if approving {
            AuditAction::PersonApproved
        } else {
            AuditAction::RoleChanged
        };
        let change = format!("{} → {}", before.role.as_str(), after.role.as_str());
        let entry = self.person_entry(me, action, &after).because(Some(&change));
        log_and_commit(work, entry).await?;
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
        let work = self.p.work.begin().await?;
        if !work.users().delete(target).await? {
            return Err(PeopleError::NotFound);
        }
        let entry = self.person_entry(me, AuditAction::PersonDeleted, &user);
        log_and_commit(work, entry).await?;
        Ok(())
    }
}

#[cfg(test)]
#[path = "people_tests.rs"]
mod tests;
