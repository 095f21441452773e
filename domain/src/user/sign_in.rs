//! Signing in: local and the super admin's own sign-in, the lock after repeated
//! wrong passwords, and the super admin's password.

use super::lockout;
use super::{Role, User, UserId};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::validation::{Email, FieldErrors, Password, messages};

use super::account::{AccountService, WRONG_ADMIN_CREDENTIALS, WRONG_CREDENTIALS};

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

/// The answer while an account's sign-in is locked.
pub const ACCOUNT_LOCKED: &str =
    "Too many failed sign-ins for this account. Try again in 15 minutes or reset your password.";

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

#[derive(Debug, thiserror::Error)]
pub enum ChangePasswordError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{}", messages::PASSWORD_CHANGE_REQUIRED)]
    Missing,
    #[error("{0}")]
    WeakPassword(String),
    #[error("Current password is incorrect")]
    WrongCurrentPassword,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// Counts a wrong password for `user`; the fifth within the window locks the account
    /// and mails its owner (once per lock).
    async fn count_failure(&self, user: &User) -> Result<(), StoreError> {
        let now = self.now();
        let failures = self
            .p
            .failures
            .record(&user.id, now, now - lockout::failure_window())
            .await?;
        if failures < lockout::MAX_FAILED_SIGN_INS {
            return Ok(());
        }
        // The lock and its mail, together: a locked account's owner always hears of it.
        let work = self.p.work.begin().await?;
        if !work
            .sign_in_failures()
            .lock(&user.id, now + lockout::lock_duration(), now)
            .await?
        {
            return Ok(());
        }
        let site = &self.p.site;
        self.mail_person_via(
            work.mailer(),
            user,
            format!("Sign-in to your {} account was paused", site.name),
            format!(
                "Someone entered a wrong password for your {} account {} times within {} minutes, so signing in to it is paused for {} minutes.\n\nIf this was you, wait a little and try again, or choose a new password:\n{}/auth\n\nIf it was not you, your password kept them out. Choosing a new, longer password makes guessing harder still.",
                site.name,
                lockout::MAX_FAILED_SIGN_INS,
                lockout::FAILURE_WINDOW_MINUTES,
                lockout::LOCK_MINUTES,
                site.public_url,
            ),
        )
        .await?;
        work.commit().await?;
        Ok(())
    }

    /// Seconds left of the account's lock, if it is locked now.
    async fn lock_left(&self, user: &UserId) -> Result<Option<u64>, StoreError> {
        let now = self.now();
        Ok(self
            .p
            .failures
            .locked_until(user, now)
            .await?
            .map(|until| lockout::seconds_until(now, until)))
    }
    /// Checks an e-mail/password pair. Unknown e-mails cost the same hashing time as known
    /// ones and get the same answer.
    ///
    /// # Errors
    /// [`SignInError::Invalid`] for a malformed form, else [`SignInError::WrongCredentials`].
    pub async fn sign_in(&self, email: &str, password: &str) -> Result<User, SignInError> {
        let mut errors = FieldErrors::new();
        let email = errors.check("email", Email::parse(email));
        let password = errors.check("password", Password::parse(password));
        let (Some(email), Some(password)) = (email, password) else {
            return Err(SignInError::Invalid(errors));
        };
        let found = self.p.users.find_credentials(email.as_str()).await?;
        if let Some((user, _)) = &found
            && let Some(retry_after_secs) = self.lock_left(&user.id).await?
        {
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
                self.p.failures.clear(&user.id).await?;
                match user.suspended_reason {
                    Some(reason) => Err(SignInError::Suspended(reason)),
                    None => Ok(user),
                }
            }
            Some((user, _)) => {
                self.count_failure(&user).await?;
                Err(SignInError::WrongCredentials)
            }
            None => Err(SignInError::WrongCredentials),
        }
    }

    /// The super admin's separate sign-in by username.
    ///
    /// # Errors
    /// [`AdminSignInError::Missing`] for blank fields, else
    /// [`AdminSignInError::WrongCredentials`] (also for accounts that are no longer super admins).
    pub async fn admin_sign_in(
        &self,
        username: &str,
        password: &str,
    ) -> Result<User, AdminSignInError> {
        if username.trim().is_empty() || password.is_empty() {
            return Err(AdminSignInError::Missing);
        }
        let credential = self.p.credentials.find_by_username(username.trim()).await?;
        if let Some(c) = &credential
            && let Some(retry_after_secs) = self.lock_left(&c.user_id).await?
        {
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
        let Some(credential) = credential else {
            return Err(AdminSignInError::WrongCredentials);
        };
        let user = self.p.users.find(&credential.user_id).await?;
        match user {
            Some(user) if matches && user.role == Role::SuperAdmin => {
                self.p.failures.clear(&user.id).await?;
                match user.suspended_reason {
                    Some(reason) => Err(AdminSignInError::Suspended(reason)),
                    None => Ok(user),
                }
            }
            Some(user) if !matches => {
                self.count_failure(&user).await?;
                Err(AdminSignInError::WrongCredentials)
            }
            _ => Err(AdminSignInError::WrongCredentials),
        }
    }

    /// Changes the signed-in super admin's own admin password and signs the admin out
    /// everywhere but in the session `keep_session` (the handle of the one asking).
    ///
    /// # Errors
    /// Refusal, blank fields, a short new password, a wrong current password.
    pub async fn change_admin_password(
        &self,
        caller: &Caller,
        username: &str,
        current: &str,
        new: &str,
        keep_session: Option<&str>,
    ) -> Result<(), ChangePasswordError> {
        let me = caller.require(Ability::ChangeAdminPassword)?;
        if username.trim().is_empty() || current.is_empty() || new.is_empty() {
            return Err(ChangePasswordError::Missing);
        }
        let new =
            Password::parse(new).map_err(|e| ChangePasswordError::WeakPassword(e.to_string()))?;
        let credential = self.p.credentials.find_by_username(username.trim()).await?;
        let matches = self
            .p
            .hasher
            .verify(
                current,
                credential.as_ref().map(|c| c.password_hash.as_str()),
            )
            .await
            .map_err(StoreError::from)?;
        let Some(credential) = credential.filter(|c| matches && c.user_id == me.id) else {
            return Err(ChangePasswordError::WrongCurrentPassword);
        };
        let hash = self
            .p
            .hasher
            .hash(new.expose())
            .await
            .map_err(StoreError::from)?;
        // The new password and the end of the other sessions, together.
        let work = self.p.work.begin().await?;
        work.admin_credentials()
            .set_password_hash(&credential.username, &hash)
            .await?;
        work.sessions()
            .delete_for_user(me.id.as_str(), keep_session)
            .await?;
        work.commit().await?;
        Ok(())
    }
}
