//! Server-side sessions for actix-session, kept in the `sessions` table through the domain's
//! `SessionRepository` port, so they survive restarts and are shared by every instance.

use std::collections::HashMap;
use std::sync::Arc;

use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::storage::{
    LoadError, SaveError, SessionKey, SessionStore, UpdateError, generate_session_key,
};
use actix_web::cookie::{Key, SameSite, time::Duration};
use chrono::Utc;
use domain::session::{SessionRecord, SessionRepository, SettingsRepository};
use rand::distr::{Alphanumeric, SampleString};

use crate::config::Config;

/// Sessions last two weeks from the last request.
pub const SESSION_TTL_DAYS: i64 = 14;
pub const COOKIE_NAME: &str = "gs_session";

/// The `SessionStore` actix-session talks to.
#[derive(Clone)]
pub struct SqlSessionStore {
    repo: Arc<dyn SessionRepository>,
}

impl SqlSessionStore {
    pub fn new(repo: Arc<dyn SessionRepository>) -> Self {
        Self { repo }
    }
}

fn expiry(ttl: &Duration) -> chrono::DateTime<Utc> {
    Utc::now() + chrono::Duration::seconds(ttl.whole_seconds())
}

impl SessionStore for SqlSessionStore {
    async fn load(&self, key: &SessionKey) -> Result<Option<HashMap<String, String>>, LoadError> {
        let Some(record) = self
            .repo
            .load(key.as_ref(), Utc::now())
            .await
            .map_err(|e| LoadError::Other(e.into()))?
        else {
            return Ok(None);
        };
        serde_json::from_str(&record.sess)
            .map(Some)
            .map_err(|e| LoadError::Deserialization(e.into()))
    }

    async fn save(
        &self,
        state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, SaveError> {
        let sess = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = generate_session_key();
        self.repo
            .save(SessionRecord {
                sid: key.as_ref().to_owned(),
                sess,
                expire: expiry(ttl),
            })
            .await
            .map_err(|e| SaveError::Other(e.into()))?;
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
        self.repo
            .save(SessionRecord {
                sid: key.as_ref().to_owned(),
                sess,
                expire: expiry(ttl),
            })
            .await
            .map_err(|e| UpdateError::Other(e.into()))?;
        Ok(key)
    }

    async fn update_ttl(&self, key: &SessionKey, ttl: &Duration) -> Result<(), anyhow::Error> {
        Ok(self.repo.touch(key.as_ref(), expiry(ttl)).await?)
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        Ok(self.repo.delete(key.as_ref()).await?)
    }
}

/// The cookie signing key: `SESSION_SECRET`, else one generated once and kept in the
/// database so every instance and every restart agree.
///
/// # Errors
/// A configured secret shorter than 64 bytes, or the store's error.
pub async fn signing_key(
    config: &Config,
    settings: &dyn SettingsRepository,
) -> anyhow::Result<Key> {
    let secret = match &config.session_secret {
        Some(s) => s.clone(),
        None => {
            let fresh = Alphanumeric.sample_string(&mut rand::rng(), 86);
            settings.get_or_insert("session_secret", &fresh).await?
        }
    };
    anyhow::ensure!(
        secret.len() >= 64,
        "SESSION_SECRET must be at least 64 characters long"
    );
    Ok(Key::from(secret.as_bytes()))
}

/// The session middleware: signed id only in an HttpOnly, SameSite=Lax cookie (Secure on https).
pub fn middleware(
    store: SqlSessionStore,
    key: Key,
    secure: bool,
) -> SessionMiddleware<SqlSessionStore> {
    SessionMiddleware::builder(store, key)
        .cookie_name(COOKIE_NAME.to_owned())
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_secure(secure)
        .cookie_path("/".to_owned())
        .cookie_content_security(CookieContentSecurity::Signed)
        .session_lifecycle(
            PersistentSession::default().session_ttl(Duration::days(SESSION_TTL_DAYS)),
        )
        .build()
}
