//! Server-side sessions for actix-session, kept in the `sessions` table
//! (`adapters::SeaOrmSessionRepository`), so they survive restarts and are shared by every
//! instance. Here what a session holds (its keys, starting one, reading and refreshing it);
//! the store actix-session talks to in `store.rs`, the signed cookie and the middleware in
//! `cookie.rs`, the 503 when the store is down in `unavailable.rs`.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::HttpRequest;
use chrono::{DateTime, Utc};
use domain::session::SessionRecord;
use domain::user::User;
use rand::distr::{Alphanumeric, SampleString};

use crate::config::Config;
use crate::error::ApiError;

pub mod cookie;
pub mod store;
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
pub(super) fn entry(state: &HashMap<String, String>, key: &str) -> Option<String> {
    state
        .get(key)
        .and_then(|v| serde_json::from_str::<String>(v).ok())
}

fn timestamp(value: Option<String>) -> Option<DateTime<Utc>> {
    value
        .and_then(|v| DateTime::parse_from_rfc3339(&v).ok())
        .map(|t| t.with_timezone(&Utc))
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
