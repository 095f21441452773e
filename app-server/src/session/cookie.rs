//! The session cookie: its signing key and the middleware that sets it.

use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_web::cookie::{Key, SameSite, time::Duration};
use adapters::SeaOrmSettingsRepository;
use rand::distr::{Alphanumeric, SampleString};

use super::store::SqlSessionStore;
use super::{COOKIE_NAME, SESSION_TTL_DAYS};
use crate::config::Config;

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
