//! Ports for accounts: storage and a person's data here; password hashing and the admin
//! credential in `passwords.rs`; the external identity provider in `identity.rs`.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::lockout::SignInFailures;
use super::tokens::AccountTokenRepository;
use super::{NewUser, Role, User, UserId};
use crate::StoreError;
use crate::work::Commit;

mod identity;
mod passwords;
pub use identity::{AuthorizationRequest, ExternalIdentity, IdentityError, IdentityProvider};
pub use passwords::{AdminCredential, AdminCredentialRepository, HashError, PasswordHasher};

/// A profile change: `None` leaves a field as it is; `profile_image_url: Some(None)`
/// removes the picture.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub profile_image_url: Option<Option<String>>,
}

/// Stores accounts.
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// Creates an account and returns it.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] naming `email`, `username` or `googleId` when that value is
    /// taken; [`StoreError::Unknown`] otherwise.
    async fn create(&self, new: NewUser) -> Result<User, StoreError>;

    /// The account with this id, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError>;

    /// The accounts with these ids that exist, in one query.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_many(&self, ids: &[UserId]) -> Result<Vec<User>, StoreError>;

    /// The account with this e-mail (compared case-insensitively), or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_by_email(&self, email: &str) -> Result<Option<User>, StoreError>;

    /// The account linked to this Google subject, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_by_google_id(&self, google_id: &str) -> Result<Option<User>, StoreError>;

    /// Links an existing account to a Google subject; `None` when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the subject is linked to another account.
    async fn link_google(&self, id: &UserId, google_id: &str) -> Result<Option<User>, StoreError>;

    /// The account and its password hash, for sign-in. `None` when no such e-mail.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_credentials(
        &self,
        email: &str,
    ) -> Result<Option<(User, Option<String>)>, StoreError>;

    /// Every account, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list(&self) -> Result<Vec<User>, StoreError>;

    /// A page of the accounts waiting for approval (not suspended), oldest first, with how
    /// many wait in all.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_pending(
        &self,
        limit: u64,
        offset: u64,
    ) -> Result<crate::paging::Page<User>, StoreError>;

    /// Sets role and approval; returns the updated account, `None` when it does not exist.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn set_role(
        &self,
        id: &UserId,
        role: Role,
        is_approved: bool,
    ) -> Result<Option<User>, StoreError>;

    /// Deletes the account; `false` when it did not exist. Its remaining stories (with
    /// their comments, versions and picture uses), schedule, one-time tokens, counted
    /// sign-in failures and admin credential go with it.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete(&self, id: &UserId) -> Result<bool, StoreError>;

    /// Changes the profile fields that are `Some`; `None` when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] naming `username` when it is taken.
    async fn update_profile(
        &self,
        id: &UserId,
        changes: ProfileChanges,
    ) -> Result<Option<User>, StoreError>;

    /// Replaces the local password hash; `false` when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn set_password_hash(&self, id: &UserId, hash: &str) -> Result<bool, StoreError>;

    /// Marks the e-mail address verified, proved `at` unless it was proved earlier; `None`
    /// when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn mark_email_verified(
        &self,
        id: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<User>, StoreError>;

    /// Creates the [`FORMER_MEMBER_ID`](super::FORMER_MEMBER_ID) account, which keeps the
    /// stories of people who left, unless it exists.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn ensure_former_member(&self) -> Result<(), StoreError>;

    /// Suspends the account with `Some(reason)` (approval off), or reinstates it with
    /// `None` (approval on); `None` when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn set_suspension(
        &self,
        id: &UserId,
        reason: Option<String>,
    ) -> Result<Option<User>, StoreError>;

    /// How many accounts hold this role.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn count_with_role(&self, role: Role) -> Result<u64, StoreError>;
}

/// What leaving needs of the subscriptions' store (declared here, beside its one user, so the
/// unit of work need not know the subscription module).
#[async_trait]
pub trait SubscriptionsOfAccount: Send + Sync {
    /// Deletes the subscriptions made by this member while signed in, or for this address
    /// (lower-cased), consent records included: nothing is mailed to a person who left
    /// (docs/decisions/subscriptions.md).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn delete_of_account(&self, user_id: &UserId, email: &str) -> Result<(), StoreError>;
}

/// What the account actions write about people: the accounts, their one-time tokens,
/// failed sign-ins and the lock, the super admin's credentials and, when an account goes,
/// its subscriptions.
pub trait UserWork: Commit {
    fn users(&self) -> &dyn UserRepository;
    fn tokens(&self) -> &dyn AccountTokenRepository;
    fn sign_in_failures(&self) -> &dyn SignInFailures;
    fn admin_credentials(&self) -> &dyn AdminCredentialRepository;
    fn account_subscriptions(&self) -> &dyn SubscriptionsOfAccount;
}
