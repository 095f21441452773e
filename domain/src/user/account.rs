//! Account use cases: sign-up, sign-in (local, Google, super admin) and the super admin's
//! password. The people administration is in `people.rs`, what a person does with their
//! own account in `self_service.rs`, and leaving in `leaving.rs`.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::lockout::{self, SignInFailures};
use super::ports::ExternalIdentity;
use super::tokens::{AccountTokenRepository, TokenMinter, TokenPurpose};
use super::{
    AccountDataSource, AdminCredentialRepository, AuthProvider, NewUser, PasswordHasher, Role,
    User, UserId, UserRepository,
};
use crate::StoreError;
use crate::clock::Clock;
use crate::mail::{Mailer, OutgoingMail};
use crate::permissions::{Ability, Caller, Refusal};
use crate::session::SessionRepository;
use crate::validation::{Email, FieldErrors, FirstName, LastName, Password, Username, messages};

/// The one answer to any wrong e-mail/password pair, so accounts cannot be enumerated.
pub const WRONG_CREDENTIALS: &str = "Invalid email or password";
/// The admin sign-in's answer to any wrong username/password pair.
pub const WRONG_ADMIN_CREDENTIALS: &str = "Invalid credentials";

/// How the site names itself in mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteIdentity {
    pub name: String,
    pub public_url: String,
}

/// A sign-up form as submitted.
#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub email: String,
    pub username: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("{0}")]
    Invalid(FieldErrors),
    /// The camelCase field whose value is taken (`email` or `username`).
    #[error("An account with this {0} already exists")]
    Taken(String),
    #[error(transparent)]
    Store(StoreError),
}

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

#[derive(Debug, thiserror::Error)]
pub enum ExternalSignInError {
    #[error("Your Google e-mail address is not verified")]
    UnverifiedEmail,
    /// A local account has this e-mail but never proved it owns it: linking would hand a
    /// pre-registered account (and whoever set its password) to the Google user.
    #[error("An account with this e-mail address already exists")]
    AccountExists,
    #[error("Your account is suspended: {0}")]
    Suspended(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the account use cases work with.
#[derive(Clone)]
pub struct AccountPorts {
    pub users: Arc<dyn UserRepository>,
    pub credentials: Arc<dyn AdminCredentialRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub mailer: Arc<dyn Mailer>,
    pub tokens: Arc<dyn AccountTokenRepository>,
    pub minter: Arc<dyn TokenMinter>,
    pub failures: Arc<dyn SignInFailures>,
    pub sessions: Arc<dyn SessionRepository>,
    pub data: Arc<dyn AccountDataSource>,
    pub clock: Arc<dyn Clock>,
    pub site: SiteIdentity,
    /// People actions (a role change and its mail and log entry) run in one.
    pub work: Arc<dyn crate::work::UnitOfWork>,
}

/// Account use cases on top of the ports.
#[derive(Clone)]
pub struct AccountService {
    pub(super) p: AccountPorts,
}

impl AccountService {
    pub fn new(ports: AccountPorts) -> Self {
        Self { p: ports }
    }

    pub(super) fn now(&self) -> DateTime<Utc> {
        self.p.clock.now()
    }

    /// Mints a one-time token for `user`, stores its hash and answers the link to mail.
    pub(super) async fn one_time_link(
        &self,
        user: &UserId,
        purpose: TokenPurpose,
    ) -> Result<String, StoreError> {
        let token = self.p.minter.mint();
        self.p
            .tokens
            .issue(user, purpose, &token.hash, self.now() + purpose.lifetime())
            .await?;
        Ok(format!(
            "{}{}?token={}",
            self.p.site.public_url,
            purpose.path(),
            token.secret
        ))
    }

    /// Counts a wrong password for `user`; the fifth within the window locks the account
    /// and mails its owner (once per lock).
    async fn count_failure(&self, user: &User) -> Result<(), StoreError> {
        let now = self.now();
        let failures = self
            .p
            .failures
            .record(&user.id, now, now - lockout::failure_window())
            .await?;
        if failures >= lockout::MAX_FAILED_SIGN_INS
            && self
                .p
                .failures
                .lock(&user.id, now + lockout::lock_duration(), now)
                .await?
        {
            let site = &self.p.site;
            self.mail_person(
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
        }
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

    /// Mails `user`: a greeting, `text`, and the site's sign-off.
    pub(super) async fn mail_person(
        &self,
        user: &User,
        subject: String,
        text: String,
    ) -> Result<(), StoreError> {
        self.mail_person_via(self.p.mailer.as_ref(), user, subject, text)
            .await
    }

    /// [`Self::mail_person`] through `mailer` (a unit of work's).
    pub(super) async fn mail_person_via(
        &self,
        mailer: &dyn Mailer,
        user: &User,
        subject: String,
        text: String,
    ) -> Result<(), StoreError> {
        mailer
            .send(OutgoingMail {
                to: user.email.clone(),
                subject,
                body: format!(
                    "Hello {},\n\n{text}\n\nGrace and peace,\nThe {} team\n",
                    user.display_name(),
                    self.p.site.name
                ),
            })
            .await
    }

    /// The account behind a session, if it still exists.
    ///
    /// # Errors
    /// The store's error.
    pub async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        self.p.users.find(id).await
    }

    /// Creates a pending member with a local password.
    ///
    /// # Errors
    /// [`RegisterError::Invalid`] listing every refused field, [`RegisterError::Taken`].
    pub async fn register(&self, form: Registration) -> Result<User, RegisterError> {
        let mut errors = FieldErrors::new();
        let email = errors.check("email", Email::parse(&form.email));
        let username = errors.check("username", Username::parse(&form.username));
        let password = errors.check("password", Password::parse(&form.password));
        let first = errors.check("firstName", FirstName::parse(&form.first_name));
        let last = errors.check("lastName", LastName::parse(&form.last_name));
        let (Some(email), Some(username), Some(password), Some(first), Some(last)) =
            (email, username, password, first, last)
        else {
            return Err(RegisterError::Invalid(errors));
        };
        let hash = self
            .p
            .hasher
            .hash(password.expose())
            .await
            .map_err(RegisterError::Store)?;
        let user = self
            .p
            .users
            .create(NewUser {
                email: email.into_inner(),
                username: Some(username.into_inner()),
                password_hash: Some(hash),
                first_name: Some(first.into_inner()),
                last_name: Some(last.into_inner()),
                profile_image_url: None,
                google_id: None,
                auth_provider: AuthProvider::Local,
                role: Role::Member,
                is_approved: false,
                email_verified: false,
            })
            .await
            .map_err(|e| match e {
                StoreError::Conflict(field) => RegisterError::Taken(field),
                other => RegisterError::Store(other),
            })?;
        self.send_verification(&user)
            .await
            .map_err(RegisterError::Store)?;
        Ok(user)
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
        let matches = self.p.hasher.verify(password.expose(), hash).await?;
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
            .await?;
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
            .await?;
        let Some(credential) = credential.filter(|c| matches && c.user_id == me.id) else {
            return Err(ChangePasswordError::WrongCurrentPassword);
        };
        let hash = self.p.hasher.hash(new.expose()).await?;
        self.p
            .credentials
            .set_password_hash(&credential.username, &hash)
            .await?;
        self.p
            .sessions
            .delete_for_user(me.id.as_str(), keep_session)
            .await?;
        Ok(())
    }

    /// Signs in with an identity an OpenID Connect provider vouched for: the linked account,
    /// else the local account with the same e-mail when that account proved it owns the
    /// address (linked now), else a new pending member.
    ///
    /// # Errors
    /// [`ExternalSignInError::UnverifiedEmail`] when the provider did not verify the e-mail,
    /// [`ExternalSignInError::AccountExists`] when a local account has the e-mail but never
    /// verified it (linking would hand that account, and whoever set its password, to the
    /// Google user).
    pub async fn sign_in_external(
        &self,
        id: ExternalIdentity,
    ) -> Result<User, ExternalSignInError> {
        if let Some(user) = self.p.users.find_by_google_id(&id.subject).await? {
            return match user.suspended_reason {
                Some(reason) => Err(ExternalSignInError::Suspended(reason)),
                None => Ok(user),
            };
        }
        if !id.email_verified {
            return Err(ExternalSignInError::UnverifiedEmail);
        }
        if let Some(user) = self.p.users.find_by_email(&id.email).await? {
            if !user.email_verified {
                return Err(ExternalSignInError::AccountExists);
            }
            if let Some(reason) = user.suspended_reason {
                return Err(ExternalSignInError::Suspended(reason));
            }
            return Ok(self
                .p
                .users
                .link_google(&user.id, &id.subject)
                .await?
                .unwrap_or(user));
        }
        Ok(self
            .p
            .users
            .create(NewUser {
                email: id.email.to_lowercase(),
                username: None,
                password_hash: None,
                first_name: id.first_name,
                last_name: id.last_name,
                profile_image_url: id.picture,
                google_id: Some(id.subject),
                auth_provider: AuthProvider::Google,
                role: Role::Member,
                is_approved: false,
                email_verified: true,
            })
            .await?)
    }
}
