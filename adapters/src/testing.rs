//! Fresh databases for tests: a new SQLite file, or a new PostgreSQL database created on the
//! server named by `TEST_DATABASE_URL` and dropped again when the handle goes away.

use sea_orm::{ConnectionTrait, Database};

pub mod http;
pub mod s3;
pub mod smtp;

/// The SQL of a public story list page of `limit` after `offset` (the count, then the
/// rows), for query-plan tests.
pub fn story_list_statements(
    backend: sea_orm::DbBackend,
    query: &domain::story::StoryQuery,
    limit: u64,
    offset: u64,
) -> [sea_orm::Statement; 2] {
    use sea_orm::QueryTrait;
    let (count, page) = crate::repo::stories::list_selects(backend, query, limit, offset);
    [count, page.build(backend)]
}

/// Which engine a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// A database that exists for one test. Keep it alive as long as the test runs.
pub struct TestDatabase {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    drop_pg: Option<(String, String)>,
}

impl TestDatabase {
    /// A fresh database on `engine`; `None` for PostgreSQL when `TEST_DATABASE_URL` is unset.
    ///
    /// # Errors
    /// When the temporary file or database cannot be created.
    pub async fn new(engine: Engine) -> anyhow::Result<Option<Self>> {
        match engine {
            Engine::Sqlite => {
                let dir = tempfile::tempdir()?;
                let url = format!("sqlite://{}/test.db?mode=rwc", dir.path().display());
                Ok(Some(Self {
                    url,
                    _dir: Some(dir),
                    drop_pg: None,
                }))
            }
            Engine::Postgres => {
                let Some(base) = test_server_url()? else {
                    return Ok(None);
                };
                Self::postgres(base, "").await.map(Some)
            }
        }
    }
}

impl TestDatabase {
    /// Like [`TestDatabase::new`], with every migration already applied: a copy of one
    /// database migrated once per test process (the bytes of a SQLite file; a PostgreSQL
    /// template database, `CREATE DATABASE ... TEMPLATE`). Migrating from nothing took most
    /// of a PostgreSQL test's set-up; a test of the migrations themselves takes
    /// [`TestDatabase::new`].
    ///
    /// # Errors
    /// When the template or the copy cannot be made.
    pub async fn migrated(engine: Engine) -> anyhow::Result<Option<Self>> {
        match engine {
            Engine::Sqlite => {
                static FILE: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();
                let bytes = FILE.get_or_try_init(migrated_sqlite_file).await?;
                let dir = tempfile::tempdir()?;
                let path = dir.path().join("test.db");
                std::fs::write(&path, bytes)?;
                Ok(Some(Self {
                    url: format!("sqlite://{}?mode=rwc", path.display()),
                    _dir: Some(dir),
                    drop_pg: None,
                }))
            }
            Engine::Postgres => {
                let Some(base) = test_server_url()? else {
                    return Ok(None);
                };
                static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
                let template = TEMPLATE
                    .get_or_try_init(|| migrated_postgres_template(&base))
                    .await?;
                Self::postgres(base, &format!(" TEMPLATE {template}"))
                    .await
                    .map(Some)
            }
        }
    }
}

impl TestDatabase {
    /// A new PostgreSQL database `gs_test_<random>` on the server of `base`, made by
    /// `CREATE DATABASE <name><how>` (`how`: empty, or ` TEMPLATE <name>`), dropped with the
    /// handle.
    async fn postgres(base: String, how: &str) -> anyhow::Result<Self> {
        let name = format!("gs_test_{}", uuid::Uuid::new_v4().simple());
        let admin = Database::connect(&base).await?;
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name}{how}"))
            .await?;
        admin.close().await?;
        Ok(Self {
            url: database_url(&base, &name)?,
            _dir: None,
            drop_pg: Some((base, name)),
        })
    }
}

/// A SQLite file with every migration applied (in WAL mode, checkpointed), as bytes.
async fn migrated_sqlite_file() -> anyhow::Result<Vec<u8>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("template.db");
    let db = crate::db::connect(&format!("sqlite://{}?mode=rwc", path.display())).await?;
    // Closing the last connection checkpoints the WAL into the file and removes it.
    db.close().await?;
    Ok(std::fs::read(&path)?)
}

/// A PostgreSQL database with every migration applied, for this test process to copy:
/// `gs_tpl_<pid>_<random>`. Nobody stays connected to it (a copy needs that). The templates
/// of test processes that are gone are dropped first, so runs leave at most their own.
async fn migrated_postgres_template(base: &str) -> anyhow::Result<String> {
    let admin = Database::connect(base).await?;
    let stale: Vec<String> = admin
        .query_all_raw(sea_orm::Statement::from_string(
            sea_orm::DbBackend::Postgres,
            "SELECT datname FROM pg_database WHERE datname LIKE 'gs_tpl_%'",
        ))
        .await?
        .into_iter()
        .filter_map(|row| row.try_get_by_index::<String>(0).ok())
        .filter(|name| {
            let pid = name.split('_').nth(2).and_then(|p| p.parse::<u32>().ok());
            pid.is_some_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists())
        })
        .collect();
    for name in stale {
        let _ = admin
            .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .await;
    }
    let name = format!(
        "gs_tpl_{}_{}",
        std::process::id(),
        uuid::Uuid::new_v4().simple()
    );
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await?;
    admin.close().await?;
    let db = crate::db::connect(&database_url(base, &name)?).await?;
    db.close().await?;
    Ok(name)
}

/// `TEST_DATABASE_URL`, asking for a connection without TLS unless it names an `sslmode`.
/// The test server is local, and sqlx's TLS handshake (it asks for TLS whenever the server
/// offers it, as Debian's PostgreSQL does) took about 90 ms a connection: each test opens
/// several (its pool, the migration check, creating and dropping its database), and that was
/// most of a PostgreSQL test's set-up.
fn test_server_url() -> anyhow::Result<Option<String>> {
    let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
        return Ok(None);
    };
    let mut url = url::Url::parse(&base)?;
    if !url.query_pairs().any(|(key, _)| key == "sslmode") {
        url.query_pairs_mut().append_pair("sslmode", "disable");
    }
    Ok(Some(url.to_string()))
}

/// `base` with its database name replaced by `name`.
fn database_url(base: &str, name: &str) -> anyhow::Result<String> {
    let mut url = url::Url::parse(base)?;
    url.set_path(name);
    Ok(url.to_string())
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((base, name)) = self.drop_pg.take() else {
            return;
        };
        // Drop runs inside the test's runtime; use a runtime of our own on another thread.
        let _ = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async move {
                if let Ok(admin) = Database::connect(&base).await {
                    let _ = admin
                        .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .await;
                    let _ = admin.close().await;
                }
            });
        })
        .join();
    }
}

/// Runs `test` on a fresh SQLite database and, when `TEST_DATABASE_URL` is set, on a fresh
/// PostgreSQL database, each migrated; the test gets the connection and the database URL
/// (to open a second connection pool, as a second server instance would).
///
/// # Panics
/// When a database cannot be created, opened or closed.
pub async fn each_engine<F, Fut>(test: F)
where
    F: Fn(sea_orm::DatabaseConnection, String) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let db = match TestDatabase::new(engine).await {
            Ok(Some(db)) => db,
            Ok(None) => {
                eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
                continue;
            }
            Err(e) => panic!("test database on {engine:?}: {e:#}"),
        };
        let conn = match crate::connect(&db.url).await {
            Ok(conn) => conn,
            Err(e) => panic!("connect to the test database on {engine:?}: {e:#}"),
        };
        test(conn.clone(), db.url.clone()).await;
        if let Err(e) = conn.close().await {
            panic!("close the test database on {engine:?}: {e}");
        }
    }
}
