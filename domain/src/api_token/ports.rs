//! The port that keeps API tokens (their hashes).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{ApiToken, HeldApiToken, NewApiToken};
use crate::StoreError;
use crate::mail::MailWork;
use crate::paging::Page;
use crate::user::UserId;

/// Stores API tokens by the hash of their secret.
#[async_trait]
pub trait ApiTokenRepository: Send + Sync {
    /// Stores a token and returns it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn create(&self, new: NewApiToken) -> Result<ApiToken, StoreError>;

    /// The tokens of `user`, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_for_user(&self, user: &UserId) -> Result<Vec<ApiToken>, StoreError>;

    /// A page of every token with its holder, newest first, and how many there are.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_all(&self, limit: u64, offset: u64) -> Result<Page<HeldApiToken>, StoreError>;

    /// The token stored under this hash.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find_by_hash(&self, token_hash: &str) -> Result<Option<ApiToken>, StoreError>;

    /// Deletes a token (only if `owner` holds it, when given); `false` when there is none.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete(&self, id: i64, owner: Option<&UserId>) -> Result<bool, StoreError>;

    /// Deletes every token of `user`; answers how many there were.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_for_user(&self, user: &UserId) -> Result<u64, StoreError>;

    /// Records that the token was used at `at`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn touch(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError>;
}

/// What making and revoking tokens writes: the tokens, the owner's notice, the log.
pub trait ApiTokenWork: MailWork {
    fn api_tokens(&self) -> &dyn ApiTokenRepository;
}
