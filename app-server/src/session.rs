//! Server-side sessions for actix-session, kept in the `sessions` table
//! (`adapters::SeaOrmSessionRepository`), so they survive restarts and are shared by every
//! instance.

use std::collections::HashMap;
use std::sync::Arc;

use actix_session::Session;
use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::storage::{
    LoadError, SaveError, SessionKey, SessionStore, UpdateError, generate_session_key,
};
use actix_web::HttpRequest;
use actix_web::cookie::{Key, SameSite, time::Duration};
use adapters::{SeaOrmSessionRepository, SeaOrmSettingsRepository};
use chrono::{DateTime, Utc};
use domain::clock::Clock;
use domain::session::SessionRecord;
use domain::user::User;
use rand::distr::{Alphanumeric, SampleString};

use crate::config::Config;
use crate::error::ApiError;

mod unavailable;
pub use unavailable::answer_503;

/// Sessions end two weeks after the last request (idle limit)...
pub const SESSION_TTL_DAYS: i64 = 14;
/// ...and 30 days after the sign-in at the latest (absolute limit).
pub const SESSION_MAX_DAYS: i64 = 30;
/// A signed-in request moves the idle limit only when the last move is older than this,
/// so reading the site costs no write per request.
pub const LAST_SEEN_RESOLUTION_MINUTES: i64 = 5;
pub const COOKIE_NAME: &str = "gs_session";

/// The session entries: who is signed in, the handle by which they name this session (the
/// id itself is a secret), and what the sessions list shows.
pub const USER_ID_KEY: &str = "user_id";
pub const HANDLE_KEY: &str = "handle";
pub const SIGNED_IN_AT_KEY: &str = "signed_in_at";
pub const LAST_SEEN_KEY: &str = "last_seen";
pub const USER_AGENT_KEY: &str = "user_agent";
pub const ADDRESS_KEY: &str = "address";

/// A session entry as actix-session keeps it (each value is JSON).
fn entry(state: &HashMap<String, String>, key: &str) -> Option<String> {
    state
        .get(key)
        .and_then(|v| serde_json::from_str::<String>(v).ok())
}

fn timestamp(value: Option<String>) -> Option<DateTime<Utc>> {
    value
        .and_then(|v| DateTime::parse_from_rfc3339(&v).ok())
        .map(|t| t.with_timezone(&Utc))
}

/// The stored row for a session's state: the expiry is the idle limit from now, capped by
/// the absolute limit from the sign-in; owner and handle are copied into their columns.
fn record(
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

/// A session as its owner sees it in the sessions list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionView {
    pub handle: String,
    pub signed_in_at: Option<DateTime<Utc>>,
    pub last_seen_at: Option<DateTime<Utc>>,
    pub user_agent: Option<String>,
    pub address: Option<String>,
}

impl SessionView {
    /// Reads the listed entries from a stored session; `None` without a handle.
    pub fn of(record: &SessionRecord) -> Option<Self> {
        let state: HashMap<String, String> = serde_json::from_str(&record.sess).ok()?;
        Some(Self {
            handle: record.handle.clone()?,
            signed_in_at: timestamp(entry(&state, SIGNED_IN_AT_KEY)),
            last_seen_at: timestamp(entry(&state, LAST_SEEN_KEY)),
            user_agent: entry(&state, USER_AGENT_KEY),
            address: entry(&state, ADDRESS_KEY),
        })
    }
}

fn put(session: &Session, key: &str, value: &str) -> Result<(), ApiError> {
    session
        .insert(key, value)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("session insert: {e}")))
}

/// Starts a fresh session for `user`: a new session id on every sign-in (no fixation), a
/// new handle, and what the sessions list shows about it.
///
/// # Errors
/// When the session state cannot be written.
pub fn start(
    session: &Session,
    req: &HttpRequest,
    config: &Config,
    user: &User,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    session.renew();
    session.clear();
    let now = now.to_rfc3339();
    let handle = Alphanumeric.sample_string(&mut rand::rng(), 24);
    let agent: String = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .chars()
        .take(300)
        .collect();
    put(session, USER_ID_KEY, user.id.as_str())?;
    put(session, HANDLE_KEY, &handle)?;
    put(session, SIGNED_IN_AT_KEY, &now)?;
    put(session, LAST_SEEN_KEY, &now)?;
    put(session, USER_AGENT_KEY, &agent)?;
    if let Some(ip) = crate::client_ip::of_request(req, &config.trusted_proxies) {
        put(session, ADDRESS_KEY, &ip.to_string())?;
    }
    Ok(())
}

/// The handle of this request's session, if signed in.
pub fn handle(session: &Session) -> Option<String> {
    session.get::<String>(HANDLE_KEY).ok().flatten()
}

/// When this request's session signed in.
pub fn signed_in_at(session: &Session) -> Option<DateTime<Utc>> {
    timestamp(session.get::<String>(SIGNED_IN_AT_KEY).ok().flatten())
}

/// Records activity on a signed-in session, at most once per
/// [`LAST_SEEN_RESOLUTION_MINUTES`]; each record moves the idle limit.
pub fn seen(session: &Session, now: DateTime<Utc>) {
    let last = timestamp(session.get::<String>(LAST_SEEN_KEY).ok().flatten());
    if last.is_none_or(|t| now - t > chrono::Duration::minutes(LAST_SEEN_RESOLUTION_MINUTES)) {
        // A session from before these entries existed gets its 30 days from now.
        if signed_in_at(session).is_none() {
            let _ = session.insert(SIGNED_IN_AT_KEY, now.to_rfc3339());
        }
        let _ = session.insert(LAST_SEEN_KEY, now.to_rfc3339());
    }
}

/// The `SessionStore` actix-session talks to.
#[derive(Clone)]
pub struct SqlSessionStore {
    repo: Arc<SeaOrmSessionRepository>,
    clock: Arc<dyn Clock>,
}

impl SqlSessionStore {
    pub fn new(repo: Arc<SeaOrmSessionRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
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
        let Some(record) = self
            .repo
            .load(key.as_ref(), self.clock.now())
            .await
            .map_err(|e| LoadError::Other(unavailable::noted(e)))?
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
        self.repo
            .update(record(key.as_ref().to_owned(), &state, sess, ttl, now))
            .await
            .map_err(|e| UpdateError::Other(unavailable::noted(e)))?;
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
        self.repo
            .delete(key.as_ref())
            .await
            .map_err(unavailable::noted)
    }
}

/// The cookie signing key: `SESSION_SECRET`, else one generated once and kept in the
/// database so every instance and every restart agree.
///
/// # Errors
/// A configured secret shorter than 64 bytes, or the store's error.
pub async fn signing_key(
    config: &Config,
    settings: &SeaOrmSettingsRepository,
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

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
