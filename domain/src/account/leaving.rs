//! Leaving, with one's data: everything the site holds about a person as one document,
//! and deleting the account.
//!
//! Deleting asks for the password again (an account without one: a sign-in within the
//! last ten minutes), ends every session, and removes the account with its schedule and
//! tokens. The person chooses what happens to their stories: deleted too, or the published
//! ones kept, anonymous, under the "Former member" placeholder (drafts, stories in review
//! and edits waiting for review go either way). The activity log forgets their name, their
//! subscriptions go, and so do their pictures no kept story uses. The last super admin
//! cannot leave, so the site always keeps someone who can administer it.

use chrono::{DateTime, Duration, Utc};

use super::checks::CheckRefused;
use super::ports::AccountData;
use super::service::AccountService;
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::story::Byline;
use crate::user::lockout::Attempt;
use crate::user::{FORMER_MEMBER_ID, FORMER_MEMBER_NAME, Role, User, UserId};

use super::checks::REAUTHENTICATION_MINUTES;

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum DeleteAccountError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Password is incorrect")]
    WrongPassword,
    #[error("Please sign in with Google again, then delete your account within 10 minutes")]
    ReauthenticationRequired,
    #[error("The last super admin cannot delete their account")]
    LastSuperAdmin,
    #[error(transparent)]
    Check(#[from] CheckRefused),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How a person confirms that they want to leave.
#[derive(Debug, Clone)]
pub struct Departure {
    /// The account's password; required when it has one.
    pub password: Option<String>,
    /// When the asking session signed in (for accounts without a password).
    pub signed_in_at: Option<DateTime<Utc>>,
    /// Delete the stories too, instead of keeping the published ones, anonymous.
    pub delete_stories: bool,
    /// Where the request comes from: the password check counts like a sign-in.
    pub attempt: Attempt,
}

impl AccountService {
    /// Everything the site holds about the signed-in person.
    ///
    /// # Errors
    /// Not signed in, or the store's error.
    pub async fn export(&self, caller: &Caller) -> Result<(User, AccountData), ExportError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        let mut data = self.p.data.collect(me).await?;
        // Comments are matched by the e-mail typed with them, which anyone may type: they
        // are the person's only once the address is proved theirs (else signing up with
        // someone's address would hand over what that person wrote).
        if !me.email_verified {
            data.comments.clear();
        }
        Ok((me.clone(), data))
    }

    /// Deletes the signed-in person's account (see the module doc).
    ///
    /// # Errors
    /// Not signed in, a wrong or missing password, a sign-in that is too old for an
    /// account without a password, the last super admin.
    pub async fn delete_account(
        &self,
        caller: &Caller,
        departure: Departure,
    ) -> Result<(), DeleteAccountError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        if me.role == Role::SuperAdmin && self.p.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(DeleteAccountError::LastSuperAdmin);
        }
        let stored = self
            .p
            .users
            .find_credentials(&me.email)
            .await?
            .and_then(|(_, hash)| hash);
        match stored {
            Some(hash) => {
                let given = departure.password.unwrap_or_default();
                if !self
                    .check_own_password(me, &given, Some(&hash), &departure.attempt)
                    .await??
                {
                    return Err(DeleteAccountError::WrongPassword);
                }
            }
            None => {
                let recent = departure.signed_in_at.is_some_and(|at| {
                    self.now() - at <= Duration::minutes(REAUTHENTICATION_MINUTES)
                });
                if !recent {
                    return Err(DeleteAccountError::ReauthenticationRequired);
                }
            }
        }
        self.leave(me, !departure.delete_stories).await?;
        Ok(())
    }

    /// Removes `me` in one unit of work, step by step (the order matters: the subscriptions
    /// are found by the address on the account, the pictures by the stories that remain).
    async fn leave(&self, me: &User, keep_published: bool) -> Result<(), StoreError> {
        let now = self.now();
        let former = UserId::new(FORMER_MEMBER_ID);
        let work = self.p.work.begin().await?;
        if keep_published {
            work.users().ensure_former_member().await?;
            // Kept stories name nobody: never a placeholder person (docs/decisions/privacy.md).
            work.stories()
                .hand_over_published(&me.id, &former, Byline::Anonymous)
                .await?;
            // An edit the person left waiting for review goes with them: nobody could
            // answer a reviewer's question about it any more.
            work.stories().delete_pending_revisions_by(&me.id).await?;
        }
        work.sessions()
            .delete_for_user(me.id.as_str(), None)
            .await?;
        // The activity log keeps what was done, not the name of who left.
        work.audit()
            .forget_person(&me.id, FORMER_MEMBER_NAME)
            .await?;
        // Nothing is mailed to a person who asked to be forgotten.
        work.account_subscriptions()
            .delete_of_account(&me.id, &me.email)
            .await?;
        // The rest goes with the account: the stories not handed over (with their comments,
        // versions and picture uses), the schedule, tokens, sign-in failures.
        work.users().delete(&me.id).await?;
        // Their pictures no remaining story uses go; those in kept stories stay, with the
        // placeholder.
        work.pictures()
            .leave_with_owner(&me.id, &former, now)
            .await?;
        work.commit().await
    }
}

#[cfg(test)]
#[path = "leaving_tests.rs"]
mod tests;
