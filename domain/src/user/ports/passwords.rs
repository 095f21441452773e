//! Passwords: the hasher, and the super admin's separate credential.

use async_trait::async_trait;

use super::{NewUser, User, UserId};
use crate::StoreError;

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
