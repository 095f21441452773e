//! Configuration read from the environment (docs/product.md#runtime); a `.env` file is optional.

use std::env;

mod backups;
mod media;
mod origins;
mod scripture;

pub use backups::BackupConfig;
pub use media::MediaConfig;
pub use scripture::ScriptureConfig;

/// Every setting of the runtime contract, with its default applied.
#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub bind_addr: String,
    pub public_url: String,
    /// Other sites' origins allowed to call the API with credentials (`ALLOWED_ORIGINS`).
    pub allowed_origins: Vec<String>,
    pub site_name: String,
    pub support_email: String,
    pub super_admin_username: String,
    /// `None`: generate one when no super admin exists yet.
    pub super_admin_password: Option<String>,
    pub super_admin_email: String,
    /// `None`: generate one and keep it in the database.
    pub session_secret: Option<String>,
    pub oidc_issuer_url: String,
    pub google_client_id: Option<String>,
    pub google_client_secret: Option<String>,
    pub smtp_url: Option<String>,
    pub rate_limit_per_minute: u32,
    /// Memory for visitors' public reads (`PUBLIC_CACHE_MB`, 8 by default; 0: no cache).
    pub public_cache_mb: u32,
    /// Password hashes computed at once (`PASSWORD_HASHES_AT_ONCE`, 1 by default, 7 MiB each).
    pub password_hashes_at_once: usize,
    /// Proxies and load balancers whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<crate::client_ip::TrustedNet>,
    /// Credentials of the social platforms the delivery worker posts to.
    pub social: SocialConfig,
    /// Where uploaded pictures live and how much each person may upload.
    pub media: MediaConfig,
    /// Which books count as scripture and where references link to.
    pub scripture: ScriptureConfig,
    /// Scheduled backups.
    pub backups: BackupConfig,
    /// Where Prometheus reads `/metrics` (`METRICS_ADDR`); `None`: no metrics.
    pub metrics_addr: Option<String>,
    /// When digests go out (`SITE_TIME_ZONE`, `DIGEST_WEEKDAY`, `DIGEST_HOUR`) and how long
    /// `each` mail waits (`SUBSCRIPTION_GRACE_MINUTES`).
    pub digests: domain::subscription::DigestSchedule,
}

/// Social platform credentials (docs/product.md#integrations); a platform without them keeps its exported
/// posts queued. The `*_API_URL`s point tests (or a proxy) elsewhere.
#[derive(Clone)]
pub struct SocialConfig {
    /// An OAuth 2.0 user-context access token allowed to post (`tweet.write`).
    pub twitter_bearer_token: Option<String>,
    pub twitter_api_url: String,
    pub linkedin_access_token: Option<String>,
    /// `urn:li:person:...` or `urn:li:organization:...`: who the LinkedIn posts are by.
    pub linkedin_author_urn: Option<String>,
    pub linkedin_api_url: String,
}

impl Default for SocialConfig {
    fn default() -> Self {
        Self {
            twitter_bearer_token: None,
            twitter_api_url: "https://api.twitter.com".into(),
            linkedin_access_token: None,
            linkedin_author_urn: None,
            linkedin_api_url: "https://api.linkedin.com".into(),
        }
    }
}

/// Says which credentials are set, never what they are.
impl std::fmt::Debug for SocialConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = |v: &Option<String>| if v.is_some() { "<set>" } else { "<unset>" };
        f.debug_struct("SocialConfig")
            .field("twitter_bearer_token", &set(&self.twitter_bearer_token))
            .field("twitter_api_url", &self.twitter_api_url)
            .field("linkedin_access_token", &set(&self.linkedin_access_token))
            .field("linkedin_author_urn", &self.linkedin_author_urn)
            .field("linkedin_api_url", &self.linkedin_api_url)
            .finish()
    }
}

impl SocialConfig {
    /// Reads the platforms' variables.
    ///
    /// # Errors
    /// When only one of `LINKEDIN_ACCESS_TOKEN` and `LINKEDIN_AUTHOR_URN` is set.
    fn from_env() -> anyhow::Result<Self> {
        let defaults = Self::default();
        let linkedin_access_token = var("LINKEDIN_ACCESS_TOKEN");
        let linkedin_author_urn = var("LINKEDIN_AUTHOR_URN");
        anyhow::ensure!(
            linkedin_access_token.is_some() == linkedin_author_urn.is_some(),
            "LINKEDIN_ACCESS_TOKEN and LINKEDIN_AUTHOR_URN go together: set both or neither"
        );
        Ok(Self {
            twitter_bearer_token: var("TWITTER_BEARER_TOKEN"),
            twitter_api_url: var_or("TWITTER_API_URL", &defaults.twitter_api_url),
            linkedin_access_token,
            linkedin_author_urn,
            linkedin_api_url: var_or("LINKEDIN_API_URL", &defaults.linkedin_api_url),
        })
    }
}

fn var(name: &str) -> Option<String> {
    env::var(name)
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

fn var_or(name: &str, default: &str) -> String {
    var(name).unwrap_or_else(|| default.to_owned())
}

/// `PUBLIC_URL` when it is not set: the address a browser on this machine uses for
/// `BIND_ADDR` (`127.0.0.1:3000` gives `http://localhost:3000`).
pub fn derived_public_url(bind_addr: &str) -> String {
    let port = bind_addr
        .parse::<std::net::SocketAddr>()
        .map_or(8080, |a| a.port());
    format!("http://localhost:{port}")
}

/// The most password hashes `PASSWORD_HASHES_AT_ONCE` may allow at once (7 MiB each).
pub const MAX_HASHES_AT_ONCE: usize = 64;

/// The shortest `SUPER_ADMIN_PASSWORD` the server starts with: the super admin's account
/// guards every other account.
pub const MIN_SUPER_ADMIN_PASSWORD_CHARS: usize =
    domain::account::admin_password::MIN_SUPER_ADMIN_PASSWORD_CHARS;

/// `PASSWORD_HASHES_AT_ONCE`: from 1 to [`MAX_HASHES_AT_ONCE`], one when unset.
fn hashes_at_once(value: Option<String>) -> anyhow::Result<usize> {
    let Some(v) = value else {
        return Ok(adapters::DEFAULT_HASHES_AT_ONCE);
    };
    v.parse()
        .ok()
        .filter(|n| (1..=MAX_HASHES_AT_ONCE).contains(n))
        .ok_or_else(|| {
            anyhow::anyhow!(
                "PASSWORD_HASHES_AT_ONCE must be a whole number from 1 to {MAX_HASHES_AT_ONCE}, got {v:?}"
            )
        })
}

impl Config {
    /// Reads the environment.
    ///
    /// # Errors
    /// When a value is present but malformed (for example a non-numeric rate limit or a
    /// `PUBLIC_URL` that is not an absolute http(s) URL).
    pub fn from_env() -> anyhow::Result<Self> {
        let bind_addr = var_or("BIND_ADDR", "127.0.0.1:8080");
        let public_url = var("PUBLIC_URL")
            .unwrap_or_else(|| derived_public_url(&bind_addr))
            .trim_end_matches('/')
            .to_owned();
        let parsed = url::Url::parse(&public_url)
            .map_err(|e| anyhow::anyhow!("PUBLIC_URL {public_url:?}: {e}"))?;
        anyhow::ensure!(
            matches!(parsed.scheme(), "http" | "https") && parsed.host().is_some(),
            "PUBLIC_URL must be an absolute http(s) URL, got {public_url:?}"
        );
        let rate_limit_per_minute = match var("RATE_LIMIT_PER_MINUTE") {
            Some(v) => v.parse().map_err(|_| {
                anyhow::anyhow!("RATE_LIMIT_PER_MINUTE must be a whole number, got {v:?}")
            })?,
            None => 20,
        };
        let public_cache_mb = match var("PUBLIC_CACHE_MB") {
            Some(v) => v.parse().map_err(|_| {
                anyhow::anyhow!("PUBLIC_CACHE_MB must be a whole number of MB, got {v:?}")
            })?,
            None => 8,
        };
        let password_hashes_at_once = hashes_at_once(var("PASSWORD_HASHES_AT_ONCE"))?;
        let super_admin_password = var("SUPER_ADMIN_PASSWORD");
        if let Some(p) = &super_admin_password {
            let chars = p.chars().count();
            anyhow::ensure!(
                chars >= MIN_SUPER_ADMIN_PASSWORD_CHARS,
                "SUPER_ADMIN_PASSWORD must be at least {MIN_SUPER_ADMIN_PASSWORD_CHARS} characters long (it has {chars}); choose a longer one, or unset it to have one generated"
            );
        }
        let trusted_proxies = crate::client_ip::parse_trusted(&var_or("TRUSTED_PROXIES", ""))
            .map_err(|e| anyhow::anyhow!("TRUSTED_PROXIES: {e}"))?;
        Ok(Self {
            database_url: var_or("DATABASE_URL", "sqlite://data/app.db?mode=rwc"),
            bind_addr,
            public_url,
            allowed_origins: origins::parse_allowed_origins(&var_or("ALLOWED_ORIGINS", ""))?,
            site_name: var_or("SITE_NAME", "Grace Stories"),
            support_email: var_or("SUPPORT_EMAIL", "support@example.org"),
            super_admin_username: var_or("SUPER_ADMIN_USERNAME", "admin"),
            super_admin_password,
            super_admin_email: var_or("SUPER_ADMIN_EMAIL", "admin@localhost"),
            session_secret: var("SESSION_SECRET"),
            oidc_issuer_url: var_or("OIDC_ISSUER_URL", "https://accounts.google.com"),
            google_client_id: var("GOOGLE_CLIENT_ID"),
            google_client_secret: var("GOOGLE_CLIENT_SECRET"),
            smtp_url: var("SMTP_URL"),
            rate_limit_per_minute,
            public_cache_mb,
            password_hashes_at_once,
            trusted_proxies,
            social: SocialConfig::from_env()?,
            media: MediaConfig::from_env()?,
            scripture: ScriptureConfig::from_env()?,
            backups: BackupConfig::from_env()?,
            metrics_addr: var("METRICS_ADDR"),
            digests: domain::subscription::DigestSchedule::parse(
                &var_or("SITE_TIME_ZONE", "UTC"),
                &var_or("DIGEST_WEEKDAY", "Sunday"),
                &var_or("DIGEST_HOUR", "6"),
            )?
            .with_each_grace(&var_or("SUBSCRIPTION_GRACE_MINUTES", "10"))?,
        })
    }

    /// Whether cookies must be `Secure`.
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The scheme://host[:port] of `PUBLIC_URL`, as browsers send it in `Origin`.
    pub fn public_origin(&self) -> String {
        url::Url::parse(&self.public_url)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_else(|_| self.public_url.clone())
    }

    /// Whether a browser at `origin` may write: this site (`PUBLIC_URL`'s origin), one of
    /// `ALLOWED_ORIGINS`, or, when the server
    /// listens on a loopback address, the same scheme and port under another loopback name
    /// (`localhost`, `127.0.0.1`, `[::1]` are one machine to the person at it).
    pub fn accepts_origin(&self, origin: &str) -> bool {
        let expected = self.public_origin();
        if origin == expected || self.allowed_origins.iter().any(|o| o == origin) {
            return true;
        }
        let bound_to_loopback = self
            .bind_addr
            .parse::<std::net::SocketAddr>()
            .is_ok_and(|a| a.ip().is_loopback());
        let loopback = |o: &str| {
            let u = url::Url::parse(o).ok()?;
            let host = u.host_str()?.to_owned();
            matches!(host.as_str(), "localhost" | "127.0.0.1" | "[::1]")
                .then(|| (u.scheme().to_owned(), u.port_or_known_default()))
        };
        bound_to_loopback && loopback(origin).is_some() && loopback(origin) == loopback(&expected)
    }

    /// For SQLite files, the directory that must exist before connecting.
    pub fn sqlite_dir(&self) -> Option<std::path::PathBuf> {
        let rest = self.database_url.strip_prefix("sqlite://")?;
        let path = rest.split('?').next()?;
        if path.is_empty() || path.starts_with(':') {
            return None;
        }
        std::path::Path::new(path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map(|p| p.to_path_buf())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(bind: &str, public: &str) -> Config {
        Config {
            database_url: "sqlite::memory:".into(),
            bind_addr: bind.to_owned(),
            public_url: public.to_owned(),
            allowed_origins: vec!["https://app.example.org".into()],
            site_name: "Grace Stories".into(),
            support_email: "support@example.org".into(),
            super_admin_username: "admin".into(),
            super_admin_password: None,
            super_admin_email: "admin@localhost".into(),
            session_secret: None,
            oidc_issuer_url: "http://127.0.0.1:1".into(),
            google_client_id: None,
            google_client_secret: None,
            smtp_url: None,
            rate_limit_per_minute: 20,
            public_cache_mb: 8,
            password_hashes_at_once: 1,
            trusted_proxies: Vec::new(),
            social: SocialConfig::default(),
            media: MediaConfig::default(),
            scripture: ScriptureConfig::default(),
            backups: BackupConfig::default(),
            metrics_addr: None,
            digests: domain::subscription::DigestSchedule::default(),
        }
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn password_hashes_at_once_is_one_unless_set_between_1_and_64() {
        assert_eq!(hashes_at_once(None).unwrap(), 1);
        assert_eq!(hashes_at_once(Some("4".into())).unwrap(), 4);
        for bad in ["0", "65", "-1", "two", ""] {
            let refused = hashes_at_once(Some(bad.into())).unwrap_err().to_string();
            assert!(
                refused.contains("PASSWORD_HASHES_AT_ONCE must be a whole number from 1 to 64"),
                "{refused}"
            );
        }
    }

    #[test]
    fn an_unset_public_url_follows_the_bind_port() {
        assert_eq!(
            derived_public_url("127.0.0.1:3000"),
            "http://localhost:3000"
        );
        assert_eq!(derived_public_url("0.0.0.0:80"), "http://localhost:80");
        assert_eq!(derived_public_url("nonsense"), "http://localhost:8080");
    }

    #[test]
    fn localhost_and_127_0_0_1_are_one_origin_for_a_loopback_bind_only() {
        let local = config("127.0.0.1:3000", "http://localhost:3000");
        assert!(local.accepts_origin("http://localhost:3000"));
        assert!(local.accepts_origin("http://127.0.0.1:3000"));
        assert!(!local.accepts_origin("http://127.0.0.1:3001"));
        assert!(!local.accepts_origin("https://127.0.0.1:3000"));
        assert!(!local.accepts_origin("http://evil.example"));
        let public = config("0.0.0.0:3000", "http://localhost:3000");
        assert!(!public.accepts_origin("http://127.0.0.1:3000"));
        let site = config("127.0.0.1:8080", "https://stories.example.org");
        assert!(site.accepts_origin("https://stories.example.org"));
        assert!(
            site.accepts_origin("https://app.example.org"),
            "ALLOWED_ORIGINS"
        );
        assert!(!site.accepts_origin("https://app.example.org.evil.example"));
        assert!(!site.accepts_origin("null"));
        assert!(!site.accepts_origin("http://localhost:8080"));
    }
}
