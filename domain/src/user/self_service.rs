//! What a person does with their own account: reset a forgotten password, change their
//! profile and password. Proving their e-mail address is in `verification.rs`, seeing and
//! ending their sessions in `sessions.rs`.
//!
//! A password change or reset ends the person's other sessions; a reset also revokes their
//! API tokens, proves the e-mail address (the link reached that inbox) and lifts a sign-in
//! lock. A password change revokes the tokens when the person asks.

use super::account::AccountService;
use super::checks::CheckRefused;
use super::lockout::Attempt;
use super::tokens::TokenPurpose;
use super::{FORMER_MEMBER_ID, ProfileChanges, Role, User};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::validation::{
    Email, FieldErrors, FirstName, LastName, Password, ProfileImageUrl, Username,
};

/// The answer to a used, expired or unknown reset link.
pub const INVALID_RESET_LINK: &str = "This reset link is invalid or has expired";
#[derive(Debug, thiserror::Error)]
pub enum RequestResetError {
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ResetPasswordError {
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error("{}", INVALID_RESET_LINK)]
    InvalidToken,
    /// The password was set, but a suspended account does not sign in.
    #[error("Your account is suspended: {0}")]
    Suspended(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

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
    /// Mails a reset link (valid 60 minutes) when an account has this address; answers the
    /// same whether or not one has.
    ///
    /// # Errors
    /// [`RequestResetError::Invalid`] for a malformed address.
    pub async fn request_password_reset(&self, email: &str) -> Result<(), RequestResetError> {
        let mut errors = FieldErrors::new();
        let Some(email) = errors.check("email", Email::parse(email)) else {
            return Err(RequestResetError::Invalid(errors));
        };
        let Some(user) = self.p.users.find_by_email(email.as_str()).await? else {
            return Ok(());
        };
        // The placeholder of departed authors has no inbox; the super admin signs in at
        // `/admin-login` with its own password, which a mailed link must not go around.
        if user.id.as_str() == FORMER_MEMBER_ID || user.role == Role::SuperAdmin {
            return Ok(());
        }
        // The new link's token (which retires the older ones) and its mail, together.
        let work = self.p.work.begin().await?;
        let link = self
            .one_time_link(work.tokens(), &user.id, TokenPurpose::PasswordReset)
            .await?;
        let site = &self.p.site;
        self.mail_person_via(
            work.mailer(),
            &user,
            format!("Reset your {} password", site.name),
            format!(
                "Someone (we hope you) asked to reset the password of your {} account. Open this link within 60 minutes to choose a new one:\n{link}\n\nThe link works once. If you did not ask for it, ignore this message: your password stays as it is.",
                site.name
            ),
        )
        .await?;
        work.commit().await?;
        Ok(())
    }

    /// Sets a new password with a reset link: the link is used up (and every other reset
    /// link of the account with it), the e-mail counts as verified, a sign-in lock is
    /// lifted, and every session of the account ends. Answers the account, for the new
    /// session the caller starts.
    ///
    /// # Errors
    /// [`ResetPasswordError::Invalid`] for a refused password (the link stays usable),
    /// [`ResetPasswordError::InvalidToken`] for a used, expired or unknown link.
    pub async fn reset_password(
        &self,
        token: &str,
        password: &str,
    ) -> Result<User, ResetPasswordError> {
        let mut errors = FieldErrors::new();
        let Some(password) = errors.check("password", Password::parse(password)) else {
            return Err(ResetPasswordError::Invalid(errors));
        };
        // A link that cannot work costs no hashing; the work below uses it up for good.
        let hash = self.p.minter.hash(token.trim());
        if !self
            .p
            .tokens
            .is_usable(TokenPurpose::PasswordReset, &hash, self.now())
            .await?
        {
            return Err(ResetPasswordError::InvalidToken);
        }
        let password_hash = self
            .p
            .hasher
            .hash(password.expose())
            .await
            .map_err(StoreError::from)?;
        // Using up the link, the new password, the lifted lock, the verified address and the
        // end of every session are one work: a crash leaves all of them or none.
        let work = self.p.work.begin().await?;
        let user = work
            .tokens()
            .consume(TokenPurpose::PasswordReset, &hash, self.now())
            .await?
            .ok_or(ResetPasswordError::InvalidToken)?;
        if !work
            .users()
            .set_password_hash(&user, &password_hash)
            .await?
        {
            return Err(ResetPasswordError::InvalidToken);
        }
        work.tokens()
            .revoke_all(&user, TokenPurpose::PasswordReset)
            .await?;
        work.sign_in_failures().clear(user.as_str()).await?;
        work.sessions().delete_for_user(user.as_str(), None).await?;
        work.api_tokens().delete_for_user(&user).await?;
        let user = work
            .users()
            .mark_email_verified(&user)
            .await?
            .ok_or(ResetPasswordError::InvalidToken)?;
        work.commit().await?;
        match user.suspended_reason {
            Some(reason) => Err(ResetPasswordError::Suspended(reason)),
            None => Ok(user),
        }
    }

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
