//! Proving an e-mail address: the link mailed on sign-up (and again on request) and its
//! use.

use super::service::AccountService;
use super::service::AccountWork;
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::User;
use crate::user::tokens::TokenPurpose;

/// The answer to a used, expired or unknown verification link.
pub const INVALID_VERIFICATION_LINK: &str = "This verification link is invalid or has expired";

#[derive(Debug, thiserror::Error)]
pub enum VerifyEmailError {
    #[error("{}", INVALID_VERIFICATION_LINK)]
    InvalidToken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ResendVerificationError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Your e-mail address is already verified")]
    AlreadyVerified,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// Mails `user` a link that proves their e-mail address (valid 48 hours): the link's
    /// token and the mail in one unit of work.
    ///
    /// # Errors
    /// The store's or mailer's error.
    pub async fn send_verification(&self, user: &User) -> Result<(), StoreError> {
        let work = self.p.work.begin().await?;
        self.send_verification_in(work.as_ref(), user).await?;
        work.commit().await
    }

    /// [`Self::send_verification`] inside `work` (sign-up's, which creates the account in
    /// the same unit of work).
    pub(super) async fn send_verification_in(
        &self,
        work: &dyn AccountWork,
        user: &User,
    ) -> Result<(), StoreError> {
        let link = self
            .one_time_link(work.tokens(), &user.id, TokenPurpose::VerifyEmail)
            .await?;
        let site = &self.p.site;
        self.mail_person_via(
            work.mailer(),
            user,
            format!("Confirm your e-mail address for {}", site.name),
            format!(
                "Please confirm that this is your e-mail address by opening this link within 48 hours:\n{link}\n\nIf you did not create an account on {}, you can ignore this message.",
                site.name
            ),
        )
        .await
    }

    /// Marks the address of the token's account verified.
    ///
    /// # Errors
    /// [`VerifyEmailError::InvalidToken`] for a used, expired or unknown token.
    pub async fn verify_email(&self, token: &str) -> Result<User, VerifyEmailError> {
        let hash = self.p.minter.hash(token.trim());
        let user = self
            .p
            .tokens
            .consume(TokenPurpose::VerifyEmail, &hash, self.now())
            .await?
            .ok_or(VerifyEmailError::InvalidToken)?;
        self.p
            .users
            .mark_email_verified(&user, self.now())
            .await?
            .ok_or(VerifyEmailError::InvalidToken)
    }

    /// Mails the signed-in person a new verification link.
    ///
    /// # Errors
    /// Not signed in, or the address is already verified.
    pub async fn resend_verification(
        &self,
        caller: &Caller,
    ) -> Result<User, ResendVerificationError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        if me.email_verified {
            return Err(ResendVerificationError::AlreadyVerified);
        }
        self.send_verification(me).await?;
        Ok(me.clone())
    }
}

#[cfg(test)]
#[path = "verification_tests.rs"]
mod tests;
