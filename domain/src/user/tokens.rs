//! One-time links mailed to people (e-mail verification, password reset): what they are
//! for, how long they live, and the ports that mint and keep them.
//!
//! A token is at least 128 random bits; only its SHA-256 hash is stored, so a copy of the
//! database cannot be turned into working links. Each token works once.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use super::UserId;
use crate::StoreError;

/// What a one-time token proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenPurpose {
    VerifyEmail,
    PasswordReset,
}

impl TokenPurpose {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::VerifyEmail => "verify_email",
            TokenPurpose::PasswordReset => "password_reset",
        }
    }

    /// How long a link of this kind works after it was mailed.
    pub fn lifetime(self) -> Duration {
        match self {
            TokenPurpose::VerifyEmail => Duration::hours(48),
            TokenPurpose::PasswordReset => Duration::minutes(60),
        }
    }

    /// The site path the mailed link opens (`?token=...` is appended).
    pub fn path(self) -> &'static str {
        match self {
            TokenPurpose::VerifyEmail => "/verify-email",
            TokenPurpose::PasswordReset => "/reset-password",
        }
    }
}

/// A freshly minted token: the secret goes into the mail, the hash into the store.
#[derive(Clone, PartialEq, Eq)]
pub struct MintedToken {
    pub secret: String,
    pub hash: String,
}

impl std::fmt::Debug for MintedToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MintedToken")
            .field("hash", &self.hash)
            .finish_non_exhaustive()
    }
}

/// Mints random tokens and hashes presented ones (random bytes and SHA-256 in production).
pub trait TokenMinter: Send + Sync {
    /// A new token of at least 128 random bits, URL-safe, with its hash.
    fn mint(&self) -> MintedToken;
    /// The hash under which [`TokenMinter::mint`] stored `secret`.
    fn hash(&self, secret: &str) -> String;
}

/// Keeps the hashes of the tokens that were mailed.
#[async_trait]
pub trait AccountTokenRepository: Send + Sync {
    /// Stores a token for `user`, replacing that user's earlier unused tokens of the same
    /// purpose (only the newest link works).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn issue(
        &self,
        user: &UserId,
        purpose: TokenPurpose,
        hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Whether a token of this purpose and hash exists, is unused and has not expired at
    /// `now`, without using it (a look before costly work; [`Self::consume`] decides).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn is_usable(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;

    /// Uses the token: when a token of this purpose and hash exists, is unused and has not
    /// expired at `now`, marks it used and answers its user. Two concurrent uses of one
    /// token get one `Some`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn consume(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<UserId>, StoreError>;

    /// Forgets every token of this purpose of `user` (after a password reset, the other
    /// reset links stop working).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn revoke_all(&self, user: &UserId, purpose: TokenPurpose) -> Result<(), StoreError>;
}
