//! Ports for accounts: storage, password hashing, ids and the external identity provider.

use async_trait::async_trait;

use super::{NewUser, Role, User, UserId};
use crate::StoreError;
use crate::comment::Comment;
use crate::help::HelpMessage;
use crate::schedule::Schedule;
use crate::story::{Revision, Story};

/// A profile change: `None` leaves a field as it is; `profile_image_url: Some(None)`
/// removes the picture.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub profile_image_url: Option<Option<String>>,
}

/// Everything the site holds about one person besides the account itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountData {
    /// Their stories, each with every stored version (approved, waiting, rejected).
    pub stories: Vec<(Story, Vec<Revision>)>,
    pub schedules: Vec<Schedule>,
    /// Help messages sent while signed in.
    pub help_messages: Vec<HelpMessage>,
    /// Comments left with the account's e-mail address.
    pub comments: Vec<Comment>,
    /// Pictures they uploaded (those not yet deleted).
    pub pictures: Vec<crate::media::Media>,
}

/// Reads a person's data for their export, in a fixed number of queries.
#[async_trait]
pub trait AccountDataSource: Send + Sync {
    /// What the site holds about `user`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn collect(&self, user: &User) -> Result<AccountData, StoreError>;
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

    /// Deletes the account; `false` when it did not exist.
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

    /// Marks the e-mail address verified; `None` when the account is gone.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn mark_email_verified(&self, id: &UserId) -> Result<Option<User>, StoreError>;

    /// Deletes the account with its sessions, schedule and tokens in one transaction. With
    /// `keep_published`, its published stories first move to the
    /// [`FORMER_MEMBER_ID`](super::FORMER_MEMBER_ID) account (created when missing) and
    /// become anonymous (they name nobody); its other stories go with it. `false` when the account did not exist.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails (nothing is changed then).
    async fn delete_account(&self, id: &UserId, keep_published: bool) -> Result<bool, StoreError>;

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

/// The password hasher could not run (argon2 refused its parameters, a stored hash is not
/// a PHC string, its worker thread died). Not a store error: logged as what it is.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("password hashing failed")]
    Failed(#[source] anyhow::Error),
    /// Every hashing slot stayed taken for the whole wait: the server is busy checking
    /// passwords, and the caller should try again in a moment.
    #[error("every password hashing slot is taken")]
    Busy,
}

/// A service whose errors carry store errors reports a hashing failure as an unexpected one
/// (a 500 with the cause chain in the log), and a busy hasher as [`StoreError::Busy`] (503).
impl From<HashError> for StoreError {
    fn from(e: HashError) -> Self {
        match e {
            HashError::Busy => StoreError::Busy(
                "The server is checking many passwords right now; please try again in a moment"
                    .to_owned(),
            ),
            failed => StoreError::Unknown(anyhow::Error::new(failed)),
        }
    }
}

/// Hashes and verifies passwords (argon2id in production).
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// A PHC string for this password.
    ///
    /// # Errors
    /// [`HashError`] when hashing fails.
    async fn hash(&self, password: &str) -> Result<String, HashError>;

    /// Whether `password` matches `hash`. With `hash = None` it still spends the time of a
    /// verification (against a dummy hash) and returns `false`, so that timing does not
    /// reveal whether an account exists.
    ///
    /// # Errors
    /// [`HashError`] when verification cannot run.
    async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, HashError>;
}

/// A person as an external OpenID Connect provider vouches for them.
#[derive(Debug, Clone, PartialEq)]
pub struct ExternalIdentity {
    pub subject: String,
    pub email: String,
    pub email_verified: bool,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub picture: Option<String>,
}

/// Where to send the browser to sign in, and what to remember until it comes back.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthorizationRequest {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Why the OpenID Connect provider gave no identity (its own error, so that an outage of
/// the provider is never reported as one of the database).
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The provider cannot be reached or answered with a server error: try later.
    #[error("the sign-in provider is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// The provider answered, but the exchange or its verification failed.
    #[error("the sign-in could not be verified")]
    Failed(#[source] anyhow::Error),
}

/// An OpenID Connect provider ("Continue with Google").
#[async_trait]
pub trait IdentityProvider: Send + Sync {
    /// Starts a sign-in: the provider URL plus the state, nonce and PKCE verifier to keep.
    ///
    /// # Errors
    /// [`IdentityError::Unavailable`] when the provider cannot be reached.
    async fn authorization_request(&self) -> Result<AuthorizationRequest, IdentityError>;

    /// Exchanges the code for a verified identity, checking nonce and PKCE.
    ///
    /// # Errors
    /// [`IdentityError::Unavailable`] when the provider cannot be reached,
    /// [`IdentityError::Failed`] when the exchange or verification fails.
    async fn exchange(
        &self,
        code: &str,
        nonce: &str,
        pkce_verifier: &str,
    ) -> Result<ExternalIdentity, IdentityError>;
}

/// The super admin's separate sign-in (`admin_credentials`).
#[derive(Debug, Clone, PartialEq)]
pub struct AdminCredential {
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub user_id: UserId,
}

/// Stores admin credentials.
#[async_trait]
pub trait AdminCredentialRepository: Send + Sync {
    /// The credential with this username, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_by_username(&self, username: &str)
    -> Result<Option<AdminCredential>, StoreError>;

    /// Creates the super admin account and its credential together (one transaction).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the username or e-mail is taken.
    async fn create_with_user(
        &self,
        user: NewUser,
        username: &str,
        password_hash: &str,
    ) -> Result<User, StoreError>;

    /// Replaces the password hash; `false` when the username does not exist.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn set_password_hash(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError>;
}
