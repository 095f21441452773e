//! Signing in: local and the super admin's own sign-in, and the lock after repeated
//! wrong passwords. The super admin's password change is in `admin_password.rs`.

use crate::StoreError;
use crate::user::lockout::{self, Attempt, Source};
use crate::user::{Role, User, UserId};
use crate::validation::{Email, FieldErrors, Password, messages};

use super::service::{AccountService, WRONG_ADMIN_CREDENTIALS, WRONG_CREDENTIALS};

#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error("{}", WRONG_CREDENTIALS)]
    WrongCredentials,
    /// Too many wrong passwords for this account: try again after this many seconds.
    #[error("{}", ACCOUNT_LOCKED)]
    Locked { retry_after_secs: u64 },
    /// The right password for a suspended account; the reason.
    #[error("Your account is suspended: {0}")]
    Suspended(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

use super::checks::ACCOUNT_LOCKED;

#[derive(Debug, thiserror::Error)]
pub enum AdminSignInError {
    #[error("{}", messages::ADMIN_LOGIN_REQUIRED)]
    Missing,
    #[error("{}", WRONG_ADMIN_CREDENTIALS)]
    WrongCredentials,
    #[error("{}", ACCOUNT_LOCKED)]
    Locked { retry_after_secs: u64 },
    #[error("Your account is suspended: {0}")]
    Suspended(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// What failures of a sign-in by `identifier` count for: the account, or for an
    /// identifier without one a digest of it (so unknown ones are answered alike).
    pub(super) fn subject_of(&self, account: Option<&UserId>, identifier: &str) -> String {
        match account {
            Some(id) => id.as_str().to_owned(),
            None => {
                let digest = self.p.minter.hash(&identifier.trim().to_lowercase());
                format!("unknown:{digest}").chars().take(100).collect()
            }
        }
    }

    /// Seconds to wait when `subject` may not be tried from `source` now: its lock for that
    /// source, or (for a network) the delay after the subject's latest failure.
    pub(super) async fn refusal(
        &self,
        subject: &str,
        source: &Source,
    ) -> Result<Option<u64>, StoreError> {
        let now = self.now();
        let state = self
            .p
            .failures
            .state(subject, &source.key(), now, now - lockout::failure_window())
            .await?;
        if let Some(until) = state.locked_until {
            return Ok(Some(lockout::seconds_until(now, until)));
        }
        if let (Source::Network(_), Some(last)) = (source, state.last_failure_at) {
            let ready = last + lockout::delay_after(state.total);
            if ready > now {
                return Ok(Some(lockout::seconds_until(now, ready)));
            }
        }
        Ok(None)
    }

    /// Counts a wrong password for `subject` from `source`; the fifth from one source
    /// within the window locks the subject for that source, and the owner (`owner`) is
    /// mailed for the first lock that holds.
    pub(super) async fn count_failure(
        &self,
        subject: &str,
        source: &Source,
        owner: Option<&User>,
    ) -> Result<(), StoreError> {
        let now = self.now();
        let key = source.key();
        let counted = self
            .p
            .failures
            .record(subject, &key, now, now - lockout::failure_window())
            .await?;
        if counted.from_source < lockout::MAX_FAILED_SIGN_INS {
            return Ok(());
        }
        // The lock and its mail, together: a locked account's owner always hears of it.
        let work = self.p.work.begin().await?;
        let Some(locks) = work
            .sign_in_failures()
            .lock(subject, &key, now + lockout::lock_duration(), now)
            .await?
        else {
            return Ok(());
        };
        if let (1, Some(user)) = (locks, owner) {
            let site = &self.p.site;
            self.mail_person_via(
                work.mailer(),
                user,
                format!("Sign-in to your {} account was paused", site.name),
                format!(
                    "Someone entered a wrong password for your {} account {} times within {} minutes from one place, so signing in to it from there is paused for {} minutes. Browsers you have signed in with before are not affected.\n\nIf this was you, wait a little and try again, or choose a new password:\n{}/auth\n\nIf it was not you, your password kept them out. Choosing a new, longer password makes guessing harder still.",
                    site.name,
                    lockout::MAX_FAILED_SIGN_INS,
                    lockout::FAILURE_WINDOW_MINUTES,
                    lockout::LOCK_MINUTES,
                    site.public_url,
                ),
            )
            .await?;
        }
        work.commit().await?;
        Ok(())
    }

    /// Checks an e-mail/password pair from `attempt`. Unknown e-mails cost the same
    /// hashing time as known ones, are counted and locked alike, and get the same answers.
    ///
    /// # Errors
    /// [`SignInError::Invalid`] for a malformed form, [`SignInError::Locked`] while the
    /// e-mail is locked for this source or must wait, else
    /// [`SignInError::WrongCredentials`].
    pub async fn sign_in(
        &self,
        email: &str,
        password: &str,
        attempt: &Attempt,
    ) -> Result<User, SignInError> {
        let mut errors = FieldErrors::new();
        let email = errors.check("email", Email::parse(email));
        let password = errors.check("password", Password::parse(password));
        let (Some(email), Some(password)) = (email, password) else {
            return Err(SignInError::Invalid(errors));
        };
        let found = self.p.users.find_credentials(email.as_str()).await?;
        let account = found.as_ref().map(|(user, _)| user.id.clone());
        let subject = self.subject_of(account.as_ref(), email.as_str());
        let source = attempt.source_for(account.as_ref());
        if let Some(retry_after_secs) = self.refusal(&subject, &source).await? {
            return Err(SignInError::Locked { retry_after_secs });
        }
        let hash = found.as_ref().and_then(|(_, h)| h.as_deref());
        let matches = self
            .p
            .hasher
            .verify(password.expose(), hash)
            .await
            .map_err(StoreError::from)?;
        match found {
            Some((user, _)) if matches => {
                self.p
                    .failures
                    .clear_source(&subject, &source.key())
                    .await?;
                match user.suspended_reason {
                    Some(reason) => Err(SignInError::Suspended(reason)),
                    None => Ok(user),
                }
            }
            found => {
                let owner = found.map(|(user, _)| user);
                self.count_failure(&subject, &source, owner.as_ref())
                    .await?;
                Err(SignInError::WrongCredentials)
            }
        }
    }

    /// The super admin's separate sign-in by username, from `attempt` (counted and locked
    /// like [`Self::sign_in`]).
    ///
    /// # Errors
    /// [`AdminSignInError::Missing`] for blank fields, [`AdminSignInError::Locked`], else
    /// [`AdminSignInError::WrongCredentials`] (also for accounts that are no longer super
    /// admins).
    pub async fn admin_sign_in(
        &self,
        username: &str,
        password: &str,
        attempt: &Attempt,
    ) -> Result<User, AdminSignInError> {
        if username.trim().is_empty() || password.is_empty() {
            return Err(AdminSignInError::Missing);
        }
        let credential = self.p.credentials.find_by_username(username.trim()).await?;
        let account = credential.as_ref().map(|c| c.user_id.clone());
        let subject = self.subject_of(account.as_ref(), &format!("admin:{}", username.trim()));
        let source = attempt.source_for(account.as_ref());
        if let Some(retry_after_secs) = self.refusal(&subject, &source).await? {
            return Err(AdminSignInError::Locked { retry_after_secs });
        }
        let matches = self
            .p
            .hasher
            .verify(
                password,
                credential.as_ref().map(|c| c.password_hash.as_str()),
            )
            .await
            .map_err(StoreError::from)?;
        let user = match &credential {
            Some(c) => self.p.users.find(&c.user_id).await?,
            None => None,
        };
        match user {
            Some(user) if matches && user.role == Role::SuperAdmin => {
                self.p
                    .failures
                    .clear_source(&subject, &source.key())
                    .await?;
                match user.suspended_reason {
                    Some(reason) => Err(AdminSignInError::Suspended(reason)),
                    None => Ok(user),
                }
            }
            Some(_) if matches => Err(AdminSignInError::WrongCredentials),
            user => {
                self.count_failure(&subject, &source, user.as_ref()).await?;
                Err(AdminSignInError::WrongCredentials)
            }
        }
    }
}

#[cfg(test)]
#[path = "sign_in_tests.rs"]
mod tests;
