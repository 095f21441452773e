//! In-memory sessions and a fake identity provider.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;

use super::lock;
use crate::StoreError;
use crate::session::{SessionRecord, SessionRepository};
use crate::user::ports::{AuthorizationRequest, ExternalIdentity, IdentityError, IdentityProvider};

/// Sessions in memory.
#[derive(Debug, Default)]
pub struct InMemorySessionRepository {
    rows: Mutex<HashMap<String, SessionRecord>>,
}

impl InMemorySessionRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many sessions are stored, expired or not.
    pub fn len(&self) -> usize {
        lock(&self.rows).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl InMemorySessionRepository {
    /// Stores a session (tests seed them this way).
    ///
    /// # Errors
    /// Never; the signature matches the real store's.
    pub async fn save(&self, record: SessionRecord) -> Result<(), StoreError> {
        lock(&self.rows).insert(record.sid.clone(), record);
        Ok(())
    }
}

#[async_trait]
impl SessionRepository for InMemorySessionRepository {
    async fn list_for_user(
        &self,
        user_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<SessionRecord>, StoreError> {
        Ok(lock(&self.rows)
            .values()
            .filter(|r| r.user_id.as_deref() == Some(user_id) && r.expire > now)
            .cloned()
            .collect())
    }

    async fn delete_for_user(&self, user_id: &str, keep: Option<&str>) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|_, r| {
            r.user_id.as_deref() != Some(user_id) || r.handle.as_deref() == keep && keep.is_some()
        });
        Ok((before - rows.len()) as u64)
    }

    async fn delete_by_handle(&self, user_id: &str, handle: &str) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|_, r| {
            !(r.user_id.as_deref() == Some(user_id) && r.handle.as_deref() == Some(handle))
        });
        Ok(rows.len() < before)
    }
}

/// An identity provider that vouches for one configured person when given the code
/// `good-code` with the nonce `nonce-1` and verifier `verifier-1` it handed out.
#[derive(Debug)]
pub struct FakeIdentityProvider {
    identity: ExternalIdentity,
}

impl FakeIdentityProvider {
    pub const STATE: &str = "state-1";
    pub const NONCE: &str = "nonce-1";
    pub const VERIFIER: &str = "verifier-1";
    pub const GOOD_CODE: &str = "good-code";

    pub fn new(identity: ExternalIdentity) -> Self {
        Self { identity }
    }
}

#[async_trait]
impl IdentityProvider for FakeIdentityProvider {
    async fn authorization_request(&self) -> Result<AuthorizationRequest, IdentityError> {
        Ok(AuthorizationRequest {
            url: format!("https://accounts.example/authorize?state={}", Self::STATE),
            state: Self::STATE.to_owned(),
            nonce: Self::NONCE.to_owned(),
            pkce_verifier: Self::VERIFIER.to_owned(),
        })
    }

    async fn exchange(
        &self,
        code: &str,
        nonce: &str,
        pkce_verifier: &str,
    ) -> Result<ExternalIdentity, IdentityError> {
        if (code, nonce, pkce_verifier) == (Self::GOOD_CODE, Self::NONCE, Self::VERIFIER) {
            Ok(self.identity.clone())
        } else {
            Err(IdentityError::Failed(anyhow::anyhow!(
                "code exchange refused (fake)"
            )))
        }
    }
}

/// Rate-limit windows in memory.
#[derive(Debug, Default)]
pub struct InMemoryHitCounter {
    buckets: Mutex<HashMap<String, (u32, DateTime<Utc>)>>,
}

#[async_trait]
impl crate::rate_limit::HitCounter for InMemoryHitCounter {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        let mut map = lock(&self.buckets);
        let entry = map.entry(bucket.to_owned()).or_insert((0, expires_at));
        entry.0 += 1;
        Ok(entry.0)
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut map = lock(&self.buckets);
        let before = map.len();
        map.retain(|_, (_, expires)| *expires >= now);
        Ok(u64::try_from(before - map.len()).unwrap_or(0))
    }
}
