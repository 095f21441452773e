//! The `SessionStore` actix-session talks to: a session's state as a row of the `sessions`
//! table, through `adapters::SeaOrmSessionRepository`.

use std::collections::HashMap;
use std::sync::Arc;

use actix_session::storage::{
    LoadError, SaveError, SessionKey, SessionStore, UpdateError, generate_session_key,
};
use actix_web::cookie::time::Duration;
use adapters::SeaOrmSessionRepository;
use chrono::{DateTime, Utc};
use domain::clock::Clock;
use domain::session::SessionRecord;

use super::unavailable;
use super::{HANDLE_KEY, SESSION_MAX_DAYS, SIGNED_IN_AT_KEY, USER_ID_KEY, entry, timestamp};
use crate::access_cache::AccessCache;

/// The stored row for a session's state: the expiry is the idle limit from now, capped by
/// the absolute limit from the sign-in; owner and handle are copied into their columns.
pub(super) fn record(
    sid: String,
    state: &HashMap<String, String>,
    sess: String,
    ttl: &Duration,
    now: DateTime<Utc>,
) -> SessionRecord {
    let mut expire = now + chrono::Duration::seconds(ttl.whole_seconds());
    if let Some(signed_in) = timestamp(entry(state, SIGNED_IN_AT_KEY)) {
        expire = expire.min(signed_in + chrono::Duration::days(SESSION_MAX_DAYS));
    }
    SessionRecord {
        sid,
        sess,
        expire,
        user_id: entry(state, USER_ID_KEY),
        handle: entry(state, HANDLE_KEY),
    }
}

/// The `SessionStore` actix-session talks to. A signed-in session's state is read at most
/// once every [`crate::access_cache::FRESH_FOR`] (`crate::access_cache`).
#[derive(Clone)]
pub struct SqlSessionStore {
    repo: Arc<SeaOrmSessionRepository>,
    clock: Arc<dyn Clock>,
    access: Arc<AccessCache>,
}

impl SqlSessionStore {
    pub fn new(
        repo: Arc<SeaOrmSessionRepository>,
        clock: Arc<dyn Clock>,
        access: Arc<AccessCache>,
    ) -> Self {
        Self {
            repo,
            clock,
            access,
        }
    }

    /// Deletes the sessions that expired before `now`; answers how many.
    ///
    /// # Errors
    /// The store's error.
    pub async fn purge_expired(
        &self,
        now: chrono::DateTime<Utc>,
    ) -> Result<u64, domain::StoreError> {
        self.repo.purge_expired(now).await
    }
}

impl SessionStore for SqlSessionStore {
    async fn load(&self, key: &SessionKey) -> Result<Option<HashMap<String, String>>, LoadError> {
        if let Some(state) = self.access.session(key.as_ref()) {
            return Ok(Some(state));
        }
        let reading = self.access.reading();
        let Some(record) = self
            .repo
            .load(key.as_ref(), self.clock.now())
            .await
            .map_err(|e| LoadError::Other(unavailable::noted(e)))?
        else {
            return Ok(None);
        };
        let state: HashMap<String, String> =
            serde_json::from_str(&record.sess).map_err(|e| LoadError::Deserialization(e.into()))?;
        // Only a signed-in session: a visitor's is asked for each time, as it may be about to
        // change on another instance.
        if record.user_id.is_some() {
            self.access
                .keep_session(key.as_ref(), reading, state.clone());
        }
        Ok(Some(state))
    }

    async fn save(
        &self,
        state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, SaveError> {
        let sess = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let now = self.clock.now();
        let key = generate_session_key();
        self.repo
            .save(record(key.as_ref().into(), &state, sess, ttl, now))
            .await
            .map_err(|e| SaveError::Other(unavailable::noted(e)))?;
        Ok(key)
    }

    async fn update(
        &self,
        key: SessionKey,
        state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let sess =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let now = self.clock.now();
        // Only an existing row: a session revoked while this request ran stays revoked (its
        // cookie then finds nothing and the browser is a visitor).
        let updated = self
            .repo
            .update(record(key.as_ref().to_owned(), &state, sess, ttl, now))
            .await;
        // After the write: a reading from before it must not be used again.
        self.access.forget_session(key.as_ref());
        updated.map_err(|e| UpdateError::Other(unavailable::noted(e)))?;
        Ok(key)
    }

    async fn update_ttl(&self, key: &SessionKey, ttl: &Duration) -> Result<(), anyhow::Error> {
        let expire = self.clock.now() + chrono::Duration::seconds(ttl.whole_seconds());
        self.repo
            .touch(key.as_ref(), expire)
            .await
            .map_err(unavailable::noted)
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        let deleted = self.repo.delete(key.as_ref()).await;
        self.access.forget_session(key.as_ref());
        deleted.map_err(unavailable::noted)
    }
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
