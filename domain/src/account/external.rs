//! Signing in with Google: an identity an OpenID Connect provider vouched for, linked to
//! an account or turned into a new pending member.

use super::service::AccountService;
use crate::StoreError;
use crate::user::ports::ExternalIdentity;
use crate::user::{AuthProvider, NewUser, Role, User};
use chrono::{DateTime, Utc};

#[derive(Debug, thiserror::Error)]
pub enum ExternalSignInError {
    #[error("Your Google e-mail address is not verified")]
    UnverifiedEmail,
    /// A local account has this e-mail but had not proved it owns it when this sign-in
    /// began: linking would hand a pre-registered account (and whoever set its password) to
    /// the Google user.
    #[error("An account with this e-mail address already exists")]
    AccountExists,
    #[error("Your account is suspended: {0}")]
    Suspended(String),
    /// The super admin signs in at `/admin-login` with its own password only: a Google
    /// account linked to it would be a second, weaker door to every power of the site.
    #[error("The super admin signs in at the Administrator Portal only")]
    SuperAdmin,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// Signs in with an identity an OpenID Connect provider vouched for, in a sign-in that
    /// `began` at that time: the linked account, else the local account with the same e-mail
    /// when that account proved it owns the address before the sign-in began (linked now),
    /// else a new pending member.
    ///
    /// # Errors
    /// [`ExternalSignInError::UnverifiedEmail`] when the provider did not verify the e-mail,
    /// [`ExternalSignInError::AccountExists`] when a local account has the e-mail but had not
    /// verified it when the sign-in began (linking would hand that account, and whoever set
    /// its password, to the Google user; a proof that arrives during someone's sign-in, say
    /// a link the owner was tricked into opening, does not count for that sign-in).
    pub async fn sign_in_external(
        &self,
        id: ExternalIdentity,
        began: DateTime<Utc>,
    ) -> Result<User, ExternalSignInError> {
        if let Some(user) = self.p.users.find_by_google_id(&id.subject).await? {
            if user.role == Role::SuperAdmin {
                return Err(ExternalSignInError::SuperAdmin);
            }
            return match user.suspended_reason {
                Some(reason) => Err(ExternalSignInError::Suspended(reason)),
                None => Ok(user),
            };
        }
        if !id.email_verified {
            return Err(ExternalSignInError::UnverifiedEmail);
        }
        if let Some(user) = self.p.users.find_by_email(&id.email).await? {
            if user.role == Role::SuperAdmin {
                return Err(ExternalSignInError::SuperAdmin);
            }
            if !proved_before(&user, began) {
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

/// Whether the account had proved its e-mail address before `began`.
fn proved_before(user: &User, began: DateTime<Utc>) -> bool {
    user.email_verified && user.email_verified_at.is_some_and(|at| at < began)
}

#[cfg(test)]
#[path = "external_tests.rs"]
mod tests;
