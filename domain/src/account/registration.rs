//! Sign-up: a pending member with a local password.

use crate::StoreError;
use crate::user::{AuthProvider, NewUser, Role, User};
use crate::validation::{Email, FieldErrors, FirstName, LastName, Password, Username};

use super::service::AccountService;

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

impl AccountService {
    /// Creates a pending member with a local password, together with the link that
    /// verifies its e-mail address and the mail carrying it: one unit of work, so an
    /// account never exists without its verification mail (a crash half-way leaves
    /// nothing).
    ///
    /// # Errors
    /// [`RegisterError::Invalid`] listing every refused field, [`RegisterError::Taken`].
    pub async fn register(&self, form: Registration) -> Result<User, RegisterError> {
        let mut errors = FieldErrors::new();
        let email = errors
            .check("email", Email::parse(&form.email))
            .filter(|email| {
                let placeholder = email
                    .as_str()
                    .eq_ignore_ascii_case(crate::user::FORMER_MEMBER_EMAIL);
                if placeholder {
                    errors.push("email", "This e-mail address cannot be used");
                }
                !placeholder
            });
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
            .map_err(|e| RegisterError::Store(e.into()))?;
        let work = self.p.work.begin().await.map_err(RegisterError::Store)?;
        let user = work
            .users()
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
        self.send_verification_in(work.as_ref(), &user)
            .await
            .map_err(RegisterError::Store)?;
        work.commit().await.map_err(RegisterError::Store)?;
        Ok(user)
    }
}

#[cfg(test)]
#[path = "registration_tests.rs"]
mod tests;
