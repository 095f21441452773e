//! Leaving, with one's data: everything the site holds about a person as one document,
//! and deleting the account.
//!
//! Deleting asks for the password again (an account without one: a sign-in within the
//! last ten minutes), ends every session, and removes the account with its schedule and
//! tokens. The person chooses what happens to their stories: deleted too, or the published
//! ones kept, anonymous (drafts and stories in review go either way). The last
//! super admin cannot leave, so the site always keeps someone who can administer it.

use chrono::{DateTime, Duration, Utc};

use super::account::AccountService;
use super::checks::CheckRefused;
use super::lockout::Attempt;
use super::{AccountData, Role, User};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};

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
        self.p
            .users
            .delete_account(&me.id, !departure.delete_stories)
            .await?;
        Ok(())
    }
}
