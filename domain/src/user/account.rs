//! Account use cases: sign-up, sign-in (local, Google, super admin), the super admin's
//! password, and the people administration of the super admin.

use std::sync::Arc;

use super::ports::ExternalIdentity;
use super::{
    AdminCredentialRepository, AuthProvider, NewUser, PasswordHasher, Role, User, UserId,
    UserRepository,
};
use crate::StoreError;
use crate::mail::{Mailer, OutgoingMail};
use crate::permissions::{Ability, Caller, Refusal};
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
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum AdminSignInError {
    #[error("{}", messages::ADMIN_LOGIN_REQUIRED)]
    Missing,
    #[error("{}", WRONG_ADMIN_CREDENTIALS)]
    WrongCredentials,
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
    #[error(transparent)]
    Store(#[from] StoreError),
}

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

/// Account use cases on top of the ports.
#[derive(Clone)]
pub struct AccountService {
    users: Arc<dyn UserRepository>,
    credentials: Arc<dyn AdminCredentialRepository>,
    hasher: Arc<dyn PasswordHasher>,
    mailer: Arc<dyn Mailer>,
    site: SiteIdentity,
}

impl AccountService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        credentials: Arc<dyn AdminCredentialRepository>,
        hasher: Arc<dyn PasswordHasher>,
        mailer: Arc<dyn Mailer>,
        site: SiteIdentity,
    ) -> Self {
        Self {
            users,
            credentials,
            hasher,
            mailer,
            site,
        }
    }

    /// The account behind a session, if it still exists.
    ///
    /// # Errors
    /// The store's error.
    pub async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        self.users.find(id).await
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
            .hasher
            .hash(password.expose())
            .await
            .map_err(RegisterError::Store)?;
        self.users
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
            })
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
        let found = self.users.find_credentials(email.as_str()).await?;
        let hash = found.as_ref().and_then(|(_, h)| h.as_deref());
        let matches = self.hasher.verify(password.expose(), hash).await?;
        match found {
            Some((user, _)) if matches => Ok(user),
            _ => Err(SignInError::WrongCredentials),
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
        let credential = self.credentials.find_by_username(username.trim()).await?;
        let matches = self
            .hasher
            .verify(
                password,
                credential.as_ref().map(|c| c.password_hash.as_str()),
            )
            .await?;
        let Some(credential) = credential.filter(|_| matches) else {
            return Err(AdminSignInError::WrongCredentials);
        };
        match self.users.find(&credential.user_id).await? {
            Some(user) if user.role == Role::SuperAdmin => Ok(user),
            _ => Err(AdminSignInError::WrongCredentials),
        }
    }

    /// Changes the signed-in super admin's own admin password.
    ///
    /// # Errors
    /// Refusal, blank fields, a short new password, a wrong current password.
    pub async fn change_admin_password(
        &self,
        caller: &Caller,
        username: &str,
        current: &str,
        new: &str,
    ) -> Result<(), ChangePasswordError> {
        let me = caller.require(Ability::ChangeAdminPassword)?;
        if username.trim().is_empty() || current.is_empty() || new.is_empty() {
            return Err(ChangePasswordError::Missing);
        }
        let new =
            Password::parse(new).map_err(|e| ChangePasswordError::WeakPassword(e.to_string()))?;
        let credential = self.credentials.find_by_username(username.trim()).await?;
        let matches = self
            .hasher
            .verify(
                current,
                credential.as_ref().map(|c| c.password_hash.as_str()),
            )
            .await?;
        let Some(credential) = credential.filter(|c| matches && c.user_id == me.id) else {
            return Err(ChangePasswordError::WrongCurrentPassword);
        };
        let hash = self.hasher.hash(new.expose()).await?;
        self.credentials
            .set_password_hash(&credential.username, &hash)
            .await?;
        Ok(())
    }

    /// Signs in with an identity an OpenID Connect provider vouched for: the linked account,
    /// else the local account with the same verified e-mail (linked now), else a new
    /// pending member.
    ///
    /// # Errors
    /// [`ExternalSignInError::UnverifiedEmail`] when the provider did not verify the e-mail.
    pub async fn sign_in_external(
        &self,
        id: ExternalIdentity,
    ) -> Result<User, ExternalSignInError> {
        if let Some(user) = self.users.find_by_google_id(&id.subject).await? {
            return Ok(user);
        }
        if !id.email_verified {
            return Err(ExternalSignInError::UnverifiedEmail);
        }
        if let Some(user) = self.users.find_by_email(&id.email).await? {
            return Ok(self
                .users
                .link_google(&user.id, &id.subject)
                .await?
                .unwrap_or(user));
        }
        Ok(self
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

    /// Every account (super admin only).
    ///
    /// # Errors
    /// Refusal or the store's error.
    pub async fn list_users(&self, caller: &Caller) -> Result<Vec<User>, PeopleError> {
        caller.require(Ability::ManageUsers)?;
        Ok(self.users.list().await?)
    }

    /// Accounts waiting for approval (super admin only).
    ///
    /// # Errors
    /// Refusal or the store's error.
    pub async fn list_pending(&self, caller: &Caller) -> Result<Vec<User>, PeopleError> {
        caller.require(Ability::ManageUsers)?;
        Ok(self.users.list_pending().await?)
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
            .users
            .find(target)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if before.role == Role::SuperAdmin
            && role != Role::SuperAdmin
            && self.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(PeopleError::LastSuperAdmin);
        }
        let after = self
            .users
            .set_role(target, role, approved)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if approved && !before.is_approved {
            self.mailer.send(self.approval_mail(&after)).await?;
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
            .users
            .find(target)
            .await?
            .ok_or(PeopleError::NotFound)?;
        if user.role == Role::SuperAdmin && self.users.count_with_role(Role::SuperAdmin).await? <= 1
        {
            return Err(PeopleError::LastSuperAdmin);
        }
        if self.users.delete(target).await? {
            Ok(())
        } else {
            Err(PeopleError::NotFound)
        }
    }

    fn approval_mail(&self, user: &User) -> OutgoingMail {
        OutgoingMail {
            to: user.email.clone(),
            subject: format!("Your {} account has been approved", self.site.name),
            body: format!(
                "Hello {},\n\nYour account on {} has been approved. You can now sign in and reach your dashboard:\n{}/dashboard\n\nGrace and peace,\nThe {} team\n",
                user.display_name(),
                self.site.name,
                self.site.public_url,
                self.site.name
            ),
        }
    }
}
