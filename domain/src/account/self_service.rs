//! What a person does with their own account: change their profile and password. Resetting
//! a forgotten password is in `password_reset.rs`, proving their e-mail address in
//! `verification.rs`, seeing and ending their sessions in `sessions.rs`.
//!
//! A password change ends the person's other sessions, and revokes their API tokens when
//! the person asks.

use super::checks::CheckRefused;
use super::service::AccountService;
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::lockout::Attempt;
use crate::user::{ProfileChanges, User};
use crate::validation::{FieldErrors, FirstName, LastName, Password, ProfileImageUrl, Username};

#[derive(Debug, thiserror::Error)]
pub enum UpdateProfileError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{0}")]
    Invalid(FieldErrors),
    /// The camelCase field whose value is taken (`username`).
    #[error("An account with this {0} already exists")]
    Taken(String),
    #[error(transparent)]
    Store(StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ChangeOwnPasswordError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Field errors, including a wrong current password (`currentPassword`).
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(
        "Your account has no password yet. Use 'Forgot password?' on the sign-in page to set one."
    )]
    NoPassword,
    #[error(transparent)]
    Check(#[from] CheckRefused),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A profile edit as submitted: `None` leaves a field as it is; an empty profile image
/// removes the picture.
#[derive(Debug, Clone, Default)]
pub struct ProfileForm {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub profile_image_url: Option<String>,
}

impl AccountService {
    /// Changes the signed-in person's name, username or picture.
    ///
    /// # Errors
    /// Not signed in, refused fields, a username that is taken.
    pub async fn update_profile(
        &self,
        caller: &Caller,
        form: ProfileForm,
    ) -> Result<User, UpdateProfileError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        let mut errors = FieldErrors::new();
        let first_name = form
            .first_name
            .as_deref()
            .and_then(|v| errors.check("firstName", FirstName::parse(v)))
            .map(FirstName::into_inner);
        let last_name = form
            .last_name
            .as_deref()
            .and_then(|v| errors.check("lastName", LastName::parse(v)))
            .map(LastName::into_inner);
        let username = form
            .username
            .as_deref()
            .and_then(|v| errors.check("username", Username::parse(v)))
            .map(Username::into_inner);
        let profile_image_url = match form.profile_image_url.as_deref() {
            None => None,
            Some(v) => errors
                .check(
                    "profileImageUrl",
                    ProfileImageUrl::parse_on_site(Some(v), &self.p.site.public_url),
                )
                .map(|url| url.map(ProfileImageUrl::into_inner)),
        };
        if !errors.is_empty() {
            return Err(UpdateProfileError::Invalid(errors));
        }
        self.p
            .users
            .update_profile(
                &me.id,
                ProfileChanges {
                    first_name,
                    last_name,
                    username,
                    profile_image_url,
                },
            )
            .await
            .map_err(|e| match e {
                StoreError::Conflict(field) => UpdateProfileError::Taken(field),
                other => UpdateProfileError::Store(other),
            })?
            .ok_or(UpdateProfileError::Refused(Refusal::NotSignedIn))
    }

    /// Changes the signed-in person's password after checking the current one (counted
    /// like a sign-in from `attempt`), and ends their other sessions (all but
    /// `keep_session`, the handle of the one asking); with `revoke_tokens`, their API
    /// tokens too.
    ///
    /// # Errors
    /// Not signed in; field errors (`currentPassword` wrong, `newPassword` refused);
    /// [`ChangeOwnPasswordError::NoPassword`] for an account without a local password.
    pub async fn change_own_password(
        &self,
        caller: &Caller,
        current: &str,
        new: &str,
        keep_session: Option<&str>,
        attempt: &Attempt,
        revoke_tokens: bool,
    ) -> Result<(), ChangeOwnPasswordError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        let mut errors = FieldErrors::new();
        if current.is_empty() {
            errors.push("currentPassword", "Current password is required");
        }
        let new = errors.check("newPassword", Password::parse(new));
        let (Some(new), true) = (new, errors.is_empty()) else {
            return Err(ChangeOwnPasswordError::Invalid(errors));
        };
        let stored = self.p.users.find_credentials(&me.email).await?;
        let Some(hash) = stored.and_then(|(_, hash)| hash) else {
            return Err(ChangeOwnPasswordError::NoPassword);
        };
        if !self
            .check_own_password(me, current, Some(&hash), attempt)
            .await??
        {
            let mut errors = FieldErrors::new();
            errors.push("currentPassword", "Current password is incorrect");
            return Err(ChangeOwnPasswordError::Invalid(errors));
        }
        let new_hash = self
            .p
            .hasher
            .hash(new.expose())
            .await
            .map_err(StoreError::from)?;
        // The new password and the end of the other sessions, together.
        let work = self.p.work.begin().await?;
        work.users().set_password_hash(&me.id, &new_hash).await?;
        work.sessions()
            .delete_for_user(me.id.as_str(), keep_session)
            .await?;
        if revoke_tokens {
            work.api_tokens().delete_for_user(&me.id).await?;
        }
        work.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
#[path = "self_service_tests.rs"]
mod tests;
