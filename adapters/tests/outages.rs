//! A SQLite file that cannot take a write (read-only, or full) is the database being
//! unavailable (503 at the API, said once in the log), not a bug (500): real files, real
//! SQLite errors.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::SeaOrmHitCounter;
use chrono::Duration;
use domain::StoreError;
use domain::clock::{Clock, SystemClock};
use domain::rate_limit::HitCounter;
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};

/// A migrated SQLite file, opened again with a single connection (so a `PRAGMA` holds for
/// every statement that follows).
async fn one_connection() -> (tempfile::TempDir, DatabaseConnection) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/outage.db?mode=rwc", dir.path().display());
    adapters::connect(&url)
        .await
        .unwrap()
        .close()
        .await
        .unwrap();
    let mut opts = ConnectOptions::new(url);
    opts.max_connections(1).min_connections(1);
    (dir, Database::connect(opts).await.unwrap())
}

#[tokio::test]
async fn a_read_only_database_is_unavailable() {
    let (_dir, db) = one_connection().await;
    let counter = SeaOrmHitCounter::new(db.clone());
    let until = SystemClock.now() + Duration::seconds(60);
    assert_eq!(counter.hit("sign-in|10.0.0.1|0", until).await.unwrap(), 1);
    db.execute_unprepared("PRAGMA query_only = ON")
        .await
        .unwrap();
    let err = counter.hit("sign-in|10.0.0.1|0", until).await.unwrap_err();
    assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
}

#[tokio::test]
async fn a_full_database_is_unavailable() {
    let (_dir, db) = one_connection().await;
    let pages: i64 = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "PRAGMA page_count",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap();
    // The file may not grow: the next write that needs a page finds the disk full.
    db.execute_unprepared(&format!("PRAGMA max_page_count = {pages}"))
        .await
        .unwrap();
    let counter = SeaOrmHitCounter::new(db.clone());
    let until = SystemClock.now() + Duration::seconds(60);
    let mut refused = None;
    for i in 0..10_000 {
        if let Err(e) = counter.hit(&format!("{i:0>400}"), until).await {
            refused = Some(e);
            break;
        }
    }
    let err = refused.expect("the file filled up");
    assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
}
