//! Checking a signed-in person's password again (a password change, leaving, the super
//! admin's password): counted like a sign-in (`lockout.rs`), one check per account at a
//! time, so a single account cannot take every hashing slot of the server
//! (`docs/decisions/account-safety.md`).

use super::checks::CheckRefused;
use super::checks::REAUTHENTICATION_MINUTES;
use super::service::AccountService;
use crate::StoreError;
use crate::user::User;
use crate::user::confirmed::IdentityConfirmed;
use crate::user::lockout::Attempt;

impl AccountService {
    /// Whether `password` matches `hash`, the stored hash of `me`, asked from `attempt`.
    /// Refused while `me` is locked for that source or another check of `me` runs; a wrong
    /// password counts towards the lock, the right one clears its source.
    ///
    /// # Errors
    /// The store's error (a busy hasher is [`StoreError::Busy`]).
    pub(super) async fn check_own_password(
        &self,
        me: &User,
        password: &str,
        hash: Option<&str>,
        attempt: &Attempt,
    ) -> Result<Result<bool, CheckRefused>, StoreError> {
        let subject = me.id.as_str();
        // First, before any query: a burst of checks for one account costs nothing more.
        let Some(_running) = self.checks.enter(subject) else {
            return Ok(Err(CheckRefused::InProgress));
        };
        let source = attempt.source_for(Some(&me.id));
        if let Some(retry_after_secs) = self.refusal(subject, &source).await? {
            return Ok(Err(CheckRefused::Locked { retry_after_secs }));
        }
        let matches = !password.is_empty() && self.p.hasher.verify(password, hash).await?;
        if matches {
            self.p.failures.clear_source(subject, &source.key()).await?;
        } else {
            self.count_failure(subject, &source, Some(me)).await?;
        }
        Ok(Ok(matches))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfirmError {
    #[error(transparent)]
    Refused(#[from] crate::permissions::Refusal),
    #[error("Enter your password to confirm")]
    PasswordRequired,
    #[error("Password is incorrect")]
    WrongPassword,
    #[error("Please sign in again, then try within 10 minutes")]
    ReauthenticationRequired,
    #[error(transparent)]
    Check(#[from] CheckRefused),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// Confirms that the caller is the signed-in person: their password (checked and
    /// counted like a sign-in from `attempt`), or without one a sign-in within the last
    /// [`REAUTHENTICATION_MINUTES`].
    ///
    /// # Errors
    /// Not signed in; a missing or wrong password; a sign-in too old for an account
    /// without a password; a lock.
    pub async fn confirm_identity(
        &self,
        caller: &crate::permissions::Caller,
        password: Option<&str>,
        signed_in_at: Option<chrono::DateTime<chrono::Utc>>,
        attempt: &Attempt,
    ) -> Result<IdentityConfirmed, ConfirmError> {
        let me = caller.require(crate::permissions::Ability::ManageOwnAccount)?;
        let confirmed = || IdentityConfirmed::new(&me.id);
        let recent = signed_in_at.is_some_and(|at| {
            self.now() - at <= chrono::Duration::minutes(REAUTHENTICATION_MINUTES)
        });
        let hash = self
            .p
            .users
            .find_credentials(&me.email)
            .await?
            .and_then(|(_, hash)| hash);
        // A password that is sent is checked, even an empty one (the screens leave the
        // field out when it is blank), and even for an account without one (which must
        // leave it out): only a missing one may lean on a recent sign-in.
        match (password, hash) {
            (Some(given), hash) => {
                if self
                    .check_own_password(me, given, hash.as_deref(), attempt)
                    .await??
                {
                    Ok(confirmed())
                } else {
                    Err(ConfirmError::WrongPassword)
                }
            }
            _ if recent => Ok(confirmed()),
            (_, Some(_)) => Err(ConfirmError::PasswordRequired),
            (_, None) => Err(ConfirmError::ReauthenticationRequired),
        }
    }
}

#[cfg(test)]
#[path = "reauth_tests.rs"]
mod tests;
