//! Upgrades that cannot strand a site: a database made with the oldest schema, with people,
//! stories and comments in it, is backed up and upgraded to today's schema at start and
//! everything still works; a database last used by a newer version is refused, naming
//! both versions. On SQLite and, with `TEST_DATABASE_URL`, PostgreSQL.

use adapters::testing::{Engine, TestDatabase};
use domain::user::PasswordHasher;
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::helpers::{client, test_config};

async fn oldest_site(url: &str) {
    let db = adapters::open(url).await.unwrap();
    adapters::migrate(url, &db, Some(1)).await.unwrap();
    let hash = adapters::Argon2PasswordHasher::new()
        .unwrap()
        .hash("ruth-secret-1")
        .await
        .unwrap();
    let at = "'2024-03-01 10:00:00+00:00'";
    let statements = [
        format!(
            "INSERT INTO users (id, email, username, password, first_name, last_name, auth_provider, role, is_approved, email_verified, created_at, updated_at) \
             VALUES ('00000000-0000-4000-8000-000000000001', 'ruth@example.org', 'ruth', '{hash}', 'Ruth', 'Moab', 'local', 'regular_contributor', TRUE, TRUE, {at}, {at})"
        ),
        format!(
            "INSERT INTO stories (title, content, excerpt, category, author_id, status, is_published, published_at, created_at, updated_at) \
             VALUES ('Grace at the well', '<p>She came at noon.</p>', 'At noon', 'Testimonies', '00000000-0000-4000-8000-000000000001', 'approved', TRUE, {at}, {at}, {at})"
        ),
        format!(
            "INSERT INTO comments (story_id, author_name, author_email, content, platform, is_visible, is_approved, created_at) \
             VALUES (1, 'Mary', 'mary@example.org', 'Amen!', 'website', TRUE, TRUE, {at})"
        ),
    ];
    for sql in statements {
        db.execute_unprepared(&sql).await.unwrap();
    }
    db.close().await.unwrap();
}

async fn upgrade_keeps_the_site(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
        return;
    };
    oldest_site(&db.url).await;
    let config = test_config(&db.url);
    let backups = config.backups.dir.clone();
    let state = app_server::prepare(config).await.expect("upgraded");

    // The backup written before the migrations ran holds the old site.
    let names: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].ends_with("-before-upgrade.zip"), "{names:?}");
    let manifest = adapters::backup::verify(&backups.join(&names[0]))
        .await
        .unwrap();
    assert_eq!(manifest.schema, ["m0001_initial"]);
    let rows = |t: &str| manifest.tables.iter().find(|e| e.name == t).unwrap().rows;
    assert_eq!(
        (rows("users"), rows("stories"), rows("comments")),
        (1, 1, 1)
    );

    // It is in the list of runs the dashboard shows.
    let runs =
        domain::backup::BackupLog::recent(&adapters::SeaOrmBackupLog::new(state.db.clone()), 10)
            .await
            .unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!(runs[0].name, names[0]);
    assert_eq!(runs[0].state, domain::backup::RunState::Verified);
    assert_eq!(runs[0].written.as_ref().map(|w| w.stories), Some(1));

    let applied = adapters::backup::database_schema(&state.db).await.unwrap();
    assert_eq!(applied, adapters::backup::known_schema());
    let app = actix_web::test::init_service(app_server::app(
        state.clone(),
        crate::helpers::api_document(),
    ))
    .await;
    let list = client(&app, None).get("/api/stories?search=noon").await;
    assert_eq!(list.status, 200);
    assert_eq!(list.body[0]["title"], "Grace at the well", "{}", list.body);
    let comments = client(&app, None).get("/api/stories/1/comments").await;
    assert_eq!(comments.body[0]["content"], "Amen!", "{}", comments.body);
    let login = client(&app, None)
        .post(
            "/api/login",
            json!({"email": "ruth@example.org", "password": "ruth-secret-1"}),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    let categories = client(&app, None).get("/api/categories").await;
    let testimonies = categories
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Testimonies")
        .cloned()
        .unwrap();
    assert_eq!(testimonies["storyCount"], 1, "{testimonies}");
}

#[actix_web::test]
async fn a_database_of_the_oldest_schema_is_backed_up_and_upgraded_on_sqlite() {
    upgrade_keeps_the_site(Engine::Sqlite).await;
}

#[actix_web::test]
async fn a_database_of_the_oldest_schema_is_backed_up_and_upgraded_on_postgres() {
    upgrade_keeps_the_site(Engine::Postgres).await;
}

#[actix_web::test]
async fn a_database_of_a_newer_version_is_refused_at_start_naming_both_versions() {
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(db) = TestDatabase::new(engine).await.unwrap() else {
            continue;
        };
        let conn = adapters::connect(&db.url).await.unwrap();
        conn.execute_unprepared(
            "INSERT INTO seaql_migrations (version, applied_at) VALUES ('m9999_from_the_future', 0)",
        )
        .await
        .unwrap();
        conn.close().await.unwrap();
        let Err(e) = app_server::prepare(test_config(&db.url)).await else {
            panic!("{engine:?}: a newer database was opened");
        };
        let ours = adapters::backup::known_schema();
        assert_eq!(
            e.to_string(),
            format!(
                "this database was last used by a newer version (schema m9999_from_the_future); this version knows schema up to {}. Run the newer version, or restore a backup taken before the upgrade",
                ours.last().unwrap()
            ),
            "{engine:?}"
        );
        // The binary says the same and stops.
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_app-server"))
            .env("DATABASE_URL", &db.url)
            .env("BIND_ADDR", "127.0.0.1:0")
            .env("SUPER_ADMIN_PASSWORD", "a-long-enough-password")
            .env("MEDIA_DIR", std::env::temp_dir().join("grace-newer-media"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(
                "this database was last used by a newer version (schema m9999_from_the_future)"
            ),
            "{said}"
        );
    }
}

/// An archive of the oldest schema (the site of `oldest_site`, backed up by
/// `app-server backup`, whose manifest then names only `m0001_initial`) is restored by
/// today's binary into an empty database: loaded into the schema it was written with, then
/// upgraded with its data. Into a database already at today's schema it is refused, naming
/// both schemas, and nothing changes.
async fn an_older_archive_restores_and_upgrades(engine: Engine) {
    let (Some(old), Some(new), Some(current)) = (
        TestDatabase::new(engine).await.unwrap(),
        TestDatabase::new(engine).await.unwrap(),
        TestDatabase::new(engine).await.unwrap(),
    ) else {
        eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
        return;
    };
    oldest_site(&old.url).await;
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("old.zip");
    let env_old = crate::backups::site_env(&old.url, dir.path(), "old");
    let (ok, out) = crate::backups::run(&env_old, &["backup", "--out", archive.to_str().unwrap()]);
    assert!(ok, "{out}");
    let manifest = adapters::backup::verify(&archive).await.unwrap();
    assert_eq!(manifest.schema, ["m0001_initial"]);

    let env_new = crate::backups::site_env(&new.url, dir.path(), "new");
    let (ok, out) = crate::backups::run(&env_new, &["restore", archive.to_str().unwrap()]);
    assert!(ok, "{out}");
    let conn = adapters::open(&new.url).await.unwrap();
    assert_eq!(
        adapters::backup::database_schema(&conn).await.unwrap(),
        adapters::backup::known_schema(),
        "upgraded after the load"
    );
    conn.close().await.unwrap();
    let server = crate::processes::start(&env_new).await;
    let client = reqwest::Client::new();
    let (_, list, _) = crate::processes::send_json(
        &client,
        &server,
        reqwest::Method::GET,
        "/api/stories?search=noon",
        None,
        serde_json::Value::Null,
    )
    .await;
    assert_eq!(list[0]["title"], "Grace at the well", "{list}");
    let (_, comments, _) = crate::processes::send_json(
        &client,
        &server,
        reqwest::Method::GET,
        "/api/stories/1/comments",
        None,
        serde_json::Value::Null,
    )
    .await;
    assert_eq!(comments[0]["content"], "Amen!", "{comments}");
    let (status, body, _) = crate::processes::send_json(
        &client,
        &server,
        reqwest::Method::POST,
        "/api/login",
        None,
        json!({"email": "ruth@example.org", "password": "ruth-secret-1"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    drop(server);

    // A database already at today's schema is not taken back to the archive's.
    let env_current = crate::backups::site_env(&current.url, dir.path(), "current");
    let conn = adapters::connect(&current.url).await.unwrap();
    conn.close().await.unwrap();
    let (ok, out) = crate::backups::run(
        &env_current,
        &["restore", "--replace", archive.to_str().unwrap()],
    );
    assert!(!ok);
    let ours = adapters::backup::known_schema();
    assert!(
        out.contains(&format!(
            "this archive was written by an older version (schema m0001_initial) and this database is already at schema {}: restore it into an empty database",
            ours.last().unwrap()
        )),
        "{out}"
    );
}

#[actix_web::test]
async fn an_archive_of_the_oldest_schema_restores_and_is_upgraded_on_sqlite() {
    an_older_archive_restores_and_upgrades(Engine::Sqlite).await;
}

#[actix_web::test]
async fn an_archive_of_the_oldest_schema_restores_and_is_upgraded_on_postgres() {
    an_older_archive_restores_and_upgrades(Engine::Postgres).await;
}
