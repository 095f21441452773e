//! In-memory one-time tokens, sign-in failures and account data, a predictable token
//! minter, and an account service wired on fakes.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{
    FakePasswordHasher, FixedClock, InMemoryAdminCredentialRepository, InMemorySessionRepository,
    InMemoryUserRepository, RecordingMailer, lock,
};
use crate::StoreError;
use crate::account::{AccountData, AccountDataSource};
use crate::account::{AccountPorts, AccountService};
use crate::mail::SiteIdentity;
use crate::user::lockout::{FailureCount, LockState, SignInFailures};
use crate::user::tokens::{AccountTokenRepository, MintedToken, TokenMinter, TokenPurpose};
use crate::user::{User, UserId};

#[derive(Debug, Clone)]
struct TokenRow {
    user: UserId,
    purpose: TokenPurpose,
    hash: String,
    expires_at: DateTime<Utc>,
    used: bool,
}

impl TokenRow {
    fn is_usable(&self, purpose: TokenPurpose, hash: &str, now: DateTime<Utc>) -> bool {
        self.purpose == purpose && self.hash == hash && !self.used && self.expires_at > now
    }
}

/// One-time tokens in memory.
#[derive(Debug, Default)]
pub struct InMemoryAccountTokens {
    rows: Mutex<Vec<TokenRow>>,
}

impl InMemoryAccountTokens {
    /// The stored hashes (never the secrets).
    pub fn hashes(&self) -> Vec<String> {
        lock(&self.rows).iter().map(|r| r.hash.clone()).collect()
    }
}

#[async_trait]
impl AccountTokenRepository for InMemoryAccountTokens {
    async fn issue(
        &self,
        user: &UserId,
        purpose: TokenPurpose,
        hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut rows = lock(&self.rows);
        rows.retain(|r| !(&r.user == user && r.purpose == purpose && !r.used));
        rows.push(TokenRow {
            user: user.clone(),
            purpose,
            hash: hash.to_owned(),
            expires_at,
            used: false,
        });
        Ok(())
    }

    async fn is_usable(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .any(|r| r.is_usable(purpose, hash, now)))
    }

    async fn consume(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<UserId>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows
            .iter_mut()
            .find(|r| r.is_usable(purpose, hash, now))
            .map(|r| {
                r.used = true;
                r.user.clone()
            }))
    }

    async fn revoke_all(&self, user: &UserId, purpose: TokenPurpose) -> Result<(), StoreError> {
        lock(&self.rows).retain(|r| !(&r.user == user && r.purpose == purpose));
        Ok(())
    }
}

/// Sign-in failures and locks in memory.
#[derive(Debug, Default)]
pub struct InMemorySignInFailures {
    /// (subject, source, when)
    failures: Mutex<Vec<(String, String, DateTime<Utc>)>>,
    /// (subject, source) -> until
    locks: Mutex<HashMap<(String, String), DateTime<Utc>>>,
}

#[async_trait]
impl SignInFailures for InMemorySignInFailures {
    async fn record(
        &self,
        subject: &str,
        source: &str,
        at: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<FailureCount, StoreError> {
        let mut rows = lock(&self.failures);
        rows.push((subject.to_owned(), source.to_owned(), at));
        let recent = |s: &&(String, String, DateTime<Utc>)| s.0 == subject && s.2 > since;
        Ok(FailureCount {
            from_source: rows.iter().filter(recent).filter(|r| r.1 == source).count() as u32,
            total: rows.iter().filter(recent).count() as u32,
        })
    }

    async fn lock(
        &self,
        subject: &str,
        source: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<u32>, StoreError> {
        let mut locks = lock(&self.locks);
        let key = (subject.to_owned(), source.to_owned());
        if locks.get(&key).is_some_and(|t| *t > now) {
            return Ok(None);
        }
        locks.insert(key, until);
        Ok(Some(
            locks
                .iter()
                .filter(|((s, _), t)| s == subject && **t > now)
                .count() as u32,
        ))
    }

    async fn state(
        &self,
        subject: &str,
        source: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<LockState, StoreError> {
        let locked_until = lock(&self.locks)
            .get(&(subject.to_owned(), source.to_owned()))
            .copied()
            .filter(|t| *t > now);
        let rows = lock(&self.failures);
        let recent: Vec<DateTime<Utc>> = rows
            .iter()
            .filter(|r| r.0 == subject && r.2 > since)
            .map(|r| r.2)
            .collect();
        Ok(LockState {
            locked_until,
            total: recent.len() as u32,
            last_failure_at: recent.into_iter().max(),
        })
    }

    async fn clear_source(&self, subject: &str, source: &str) -> Result<(), StoreError> {
        lock(&self.failures).retain(|r| !(r.0 == subject && r.1 == source));
        lock(&self.locks).remove(&(subject.to_owned(), source.to_owned()));
        Ok(())
    }

    async fn clear(&self, subject: &str) -> Result<(), StoreError> {
        lock(&self.failures).retain(|r| r.0 != subject);
        lock(&self.locks).retain(|(s, _), _| s != subject);
        Ok(())
    }
}

/// Mints `token-1`, `token-2`, ...; the hash is the secret reversed, so tests can tell
/// them apart and see that only hashes are stored.
#[derive(Debug, Default)]
pub struct SequentialTokenMinter(AtomicU64);

impl TokenMinter for SequentialTokenMinter {
    fn mint(&self) -> MintedToken {
        let n = self.0.fetch_add(1, Ordering::Relaxed) + 1;
        let secret = format!("token-{n}");
        MintedToken {
            hash: self.hash(&secret),
            secret,
        }
    }

    fn hash(&self, secret: &str) -> String {
        secret.chars().rev().collect()
    }
}

/// Account data that is always empty (the HTTP tests check the real export).
#[derive(Debug, Default)]
pub struct NoAccountData;

#[async_trait]
impl AccountDataSource for NoAccountData {
    async fn collect(&self, _user: &User) -> Result<AccountData, StoreError> {
        Ok(AccountData::default())
    }
}

/// The fakes behind [`account_service`], for a test to look into.
pub struct AccountFakes {
    pub users: Arc<InMemoryUserRepository>,
    pub mailer: Arc<RecordingMailer>,
    pub tokens: Arc<InMemoryAccountTokens>,
    pub sessions: Arc<InMemorySessionRepository>,
    pub clock: Arc<FixedClock>,
    /// The service's hasher (to count its verifications).
    pub hasher: Arc<FakePasswordHasher>,
    pub work: Arc<super::FakeUnitOfWork>,
    /// The works' stories (authors from `users`; a deleted story drops its uses of `media`).
    pub stories: Arc<super::InMemoryStoryRepository>,
    /// The works' pictures and their uses.
    pub media: Arc<super::InMemoryMediaRepository>,
    /// The works' subscriptions.
    pub subscriptions: Arc<super::InMemorySubscriptions>,
}

/// An account service on fakes, with the site at `https://grace.example`.
pub fn account_service() -> (AccountService, AccountFakes) {
    let users = Arc::new(InMemoryUserRepository::new());
    let mailer = Arc::new(RecordingMailer::default());
    let tokens = Arc::new(InMemoryAccountTokens::default());
    let sessions = Arc::new(InMemorySessionRepository::new());
    let clock = Arc::new(FixedClock::default());
    let failures = Arc::new(InMemorySignInFailures::default());
    let hasher = Arc::new(FakePasswordHasher::default());
    let credentials = Arc::new(InMemoryAdminCredentialRepository::new(users.clone()));
    let media = Arc::new(super::InMemoryMediaRepository::default());
    let stories =
        Arc::new(super::InMemoryStoryRepository::new(users.clone()).with_pictures(media.clone()));
    let subscriptions = Arc::new(super::InMemorySubscriptions::new());
    let work = Arc::new(super::FakeUnitOfWork::new(super::WorkParts {
        stories: stories.clone(),
        pictures: media.clone(),
        subscriptions: subscriptions.clone(),
        users: users.clone(),
        tokens: tokens.clone(),
        mailer: mailer.clone(),
        sessions: sessions.clone(),
        sign_in_failures: failures.clone(),
        admin_credentials: credentials.clone(),
        ..super::WorkParts::new()
    }));
    let service = AccountService::new(AccountPorts {
        users: users.clone(),
        credentials,
        hasher: hasher.clone(),
        tokens: tokens.clone(),
        minter: Arc::new(SequentialTokenMinter::default()),
        failures,
        sessions: sessions.clone(),
        data: Arc::new(NoAccountData),
        clock: clock.clone(),
        site: SiteIdentity {
            name: "Grace Stories".to_owned(),
            public_url: "https://grace.example".to_owned(),
        },
        work: work.clone(),
        reset_mails: crate::account::password_reset::reset_mail_limits(Arc::new(
            super::InMemoryHitCounter::default(),
        )),
    });
    (
        service,
        AccountFakes {
            users,
            mailer,
            tokens,
            sessions,
            clock,
            hasher,
            work,
            stories,
            media,
            subscriptions,
        },
    )
}
