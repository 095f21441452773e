//! Personal API tokens: named, scoped, expiring credentials for scripts, apps and other
//! frontends (`Authorization: Bearer gst_...`), shown once and stored only as a hash.
//!
//! A token acts as its owner within its scope. It stops working at once when it is
//! revoked or expires, and whenever its owner could not act either: deleted (the rows go
//! with the account), suspended, or no longer approved.

pub mod ports;
pub mod service;

#[cfg(test)]
mod service_tests;

use std::str::FromStr;

use chrono::{DateTime, Duration, Utc};

use crate::user::{User, UserId};
use crate::validation::TokenName;

pub use ports::{ApiTokenRepository, ApiTokenWork};
pub use service::{ApiTokenError, ApiTokenPorts, ApiTokenService, CreatedApiToken, TokenForm};

/// Every token starts with this, so a leaked one is recognisable (secret scanners, logs).
pub const TOKEN_PREFIX: &str = "gst_";
/// How many tokens one person may hold at a time.
pub const MAX_TOKENS_PER_PERSON: u64 = 20;
/// `last_used_at` is written at most this often per token, not on every request.
pub const LAST_USED_EVERY: Duration = Duration::minutes(1);

/// What a token may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenScope {
    /// `GET` and `HEAD` only.
    Read,
    /// Everything its owner may do, but managing tokens.
    ReadWrite,
}

impl TokenScope {
    pub const ALL: [TokenScope; 2] = [TokenScope::Read, TokenScope::ReadWrite];

    pub fn as_str(self) -> &'static str {
        match self {
            TokenScope::Read => "read",
            TokenScope::ReadWrite => "read_write",
        }
    }

    /// Whether a request that does (`true`) or does not change anything is in scope.
    pub fn permits(self, changes_state: bool) -> bool {
        !changes_state || self == TokenScope::ReadWrite
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Scope must be read or read_write")]
pub struct UnknownScope;

impl FromStr for TokenScope {
    type Err = UnknownScope;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TokenScope::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or(UnknownScope)
    }
}

/// How long a new token works: 30, 90 or 365 days, or until revoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenLifetime(Option<u16>);

impl TokenLifetime {
    /// The lifetimes a person may choose, in days.
    pub const DAYS: [u16; 3] = [30, 90, 365];

    /// `None` for a token that does not expire.
    ///
    /// # Errors
    /// [`InvalidLifetime`] for any other number of days.
    pub fn parse(days: Option<u16>) -> Result<Self, InvalidLifetime> {
        match days {
            Some(d) if !Self::DAYS.contains(&d) => Err(InvalidLifetime),
            days => Ok(Self(days)),
        }
    }

    /// When a token made at `now` stops working.
    pub fn expiry_from(self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.0.map(|d| now + Duration::days(i64::from(d)))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Expiry must be 30, 90 or 365 days, or none")]
pub struct InvalidLifetime;

/// A stored token (never its secret).
#[derive(Debug, Clone, PartialEq)]
pub struct ApiToken {
    pub id: i64,
    pub user_id: UserId,
    pub name: String,
    pub scope: TokenScope,
    /// The secret's last four characters, so its owner can tell tokens apart.
    pub hint: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    /// `None`: works until revoked.
    pub expires_at: Option<DateTime<Utc>>,
}

impl ApiToken {
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|at| at <= now)
    }
}

/// A token to store, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct NewApiToken {
    pub user_id: UserId,
    pub name: TokenName,
    pub scope: TokenScope,
    pub token_hash: String,
    pub hint: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// A token with who holds it, for the super admin's list.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldApiToken {
    pub token: ApiToken,
    pub owner_email: String,
    pub owner_username: Option<String>,
}

/// The person a presented token acts for, and within which scope.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenHolder {
    pub user: User,
    pub token_id: i64,
    pub scope: TokenScope,
    /// When the token stops working, if it does: a holder found a moment ago is refused
    /// from then on, as a fresh look-up would be.
    pub expires_at: Option<DateTime<Utc>>,
}

impl TokenHolder {
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|at| at <= now)
    }
}
