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
                let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
                    return Ok(None);
                };
                let name = format!("gs_test_{}", uuid::Uuid::new_v4().simple());
                let admin = Database::connect(&base).await?;
                admin
                    .execute_unprepared(&format!("CREATE DATABASE {name}"))
                    .await?;
                admin.close().await?;
                let mut url = url::Url::parse(&base)?;
                url.set_path(&name);
                Ok(Some(Self {
                    url: url.to_string(),
                    _dir: None,
                    drop_pg: Some((base, name)),
                }))
            }
        }
    }
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
