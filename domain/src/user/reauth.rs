//! Checking a signed-in person's password again (a password change, leaving, the super
//! admin's password): counted like a sign-in (`lockout.rs`), one check per account at a
//! time, so a single account cannot take every hashing slot of the server
//! (`docs/decisions/account-safety.md`).

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use super::User;
use super::account::AccountService;
use super::lockout::Attempt;
use super::sign_in::ACCOUNT_LOCKED;
use crate::StoreError;

/// Why a password was not even checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckRefused {
    /// Too many wrong passwords for this account from here: try again after this long.
    #[error("{}", ACCOUNT_LOCKED)]
    Locked { retry_after_secs: u64 },
    /// Another check of this account's password is running on this server.
    #[error("A password check for this account is already running; try again in a moment")]
    InProgress,
}

/// The accounts whose password is being checked now (on this server).
#[derive(Debug, Default, Clone)]
pub struct ChecksRunning(Arc<Mutex<HashSet<String>>>);

/// Holds an account's place in [`ChecksRunning`] until dropped.
struct Running {
    set: ChecksRunning,
    id: String,
}

impl ChecksRunning {
    fn enter(&self, id: &str) -> Option<Running> {
        let mut set = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        set.insert(id.to_owned()).then(|| Running {
            set: self.clone(),
            id: id.to_owned(),
        })
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.set
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}

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

/// That the signed-in person confirmed who they are just now: made only by
/// [`AccountService::confirm_identity`], asked for by actions that hand out lasting access
/// (a new API token).
#[derive(Debug)]
pub struct IdentityConfirmed {
    user: super::UserId,
}

impl IdentityConfirmed {
    /// A confirmation for the domain's own unit tests.
    #[cfg(test)]
    pub(crate) fn assumed(user: &super::UserId) -> Self {
        Self { user: user.clone() }
    }

    /// Whether the confirmation is `user`'s.
    pub fn is_for(&self, user: &super::UserId) -> bool {
        &self.user == user
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
    /// [`REAUTHENTICATION_MINUTES`](super::leaving::REAUTHENTICATION_MINUTES).
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
        let confirmed = || IdentityConfirmed {
            user: me.id.clone(),
        };
        let recent = signed_in_at.is_some_and(|at| {
            self.now() - at <= chrono::Duration::minutes(super::leaving::REAUTHENTICATION_MINUTES)
        });
        let hash = self
            .p
            .users
            .find_credentials(&me.email)
            .await?
            .and_then(|(_, hash)| hash);
        match (password.filter(|p| !p.is_empty()), hash) {
            (Some(given), Some(hash)) => {
                if self
                    .check_own_password(me, given, Some(&hash), attempt)
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
