//! Resetting a forgotten password by a mailed link. A reset ends the person's other
//! sessions, revokes their API tokens, proves the e-mail address (the link reached that
//! inbox) and lifts a sign-in lock.

use std::sync::Arc;

use super::service::AccountService;
use crate::StoreError;
use crate::rate_limit::{HitCounter, RateLimits, Verdict};
use crate::user::tokens::TokenPurpose;
use crate::user::{FORMER_MEMBER_ID, Role, User};
use crate::validation::{Email, FieldErrors, Password};

/// The answer to a used, expired or unknown reset link.
pub const INVALID_RESET_LINK: &str = "This reset link is invalid or has expired";

/// Password-reset requests for one address: at most this many...
pub const RESET_MAILS_PER_WINDOW: u32 = 3;
/// ...per this many seconds, so nobody floods someone's inbox from many networks.
pub const RESET_MAIL_WINDOW_SECONDS: i64 = 15 * 60;

/// The counter of reset requests per address: [`RESET_MAILS_PER_WINDOW`] per
/// [`RESET_MAIL_WINDOW_SECONDS`].
pub fn reset_mail_limits(counter: Arc<dyn HitCounter>) -> RateLimits {
    RateLimits::new(counter, RESET_MAILS_PER_WINDOW).with_window(RESET_MAIL_WINDOW_SECONDS)
}

#[derive(Debug, thiserror::Error)]
pub enum RequestResetError {
    #[error("{0}")]
    Invalid(FieldErrors),
    /// Too many requests for this address in the window.
    #[error("Too many requests: try again in {retry_after_secs} seconds")]
    Limited { retry_after_secs: u64 },
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

impl AccountService {
    /// Takes a reset request before it is answered: the address must be one, and it counts
    /// against [`reset_mail_limits`] whether or not an account has it. Answers the address
    /// to hand [`Self::request_password_reset`] after the answer has gone (so its timing
    /// says nothing of the account).
    ///
    /// # Errors
    /// [`RequestResetError::Invalid`] for a malformed address,
    /// [`RequestResetError::Limited`] past the limit, the store's error.
    pub async fn accept_reset_request(&self, email: &str) -> Result<String, RequestResetError> {
        let mut errors = FieldErrors::new();
        let Some(email) = errors.check("email", Email::parse(email)) else {
            return Err(RequestResetError::Invalid(errors));
        };
        let address = email.as_str().to_lowercase();
        // Counted by a digest of the address: an address may be 255 characters, and the
        // counter's key (group, address, window) must fit its 255-character column.
        let counted = self.p.minter.hash(&address);
        match self
            .p
            .reset_mails
            .check("password-reset-email", &counted, self.now())
            .await?
        {
            Verdict::Allowed => Ok(address),
            Verdict::Limited { retry_after_secs } => {
                Err(RequestResetError::Limited { retry_after_secs })
            }
        }
    }

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
            .mark_email_verified(&user, self.now())
            .await?
            .ok_or(ResetPasswordError::InvalidToken)?;
        work.commit().await?;
        match user.suspended_reason {
            Some(reason) => Err(ResetPasswordError::Suspended(reason)),
            None => Ok(user),
        }
    }
}

#[cfg(test)]
#[path = "password_reset_tests.rs"]
mod tests;
