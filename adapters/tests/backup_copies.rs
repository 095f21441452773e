//! Copies of the backups in S3-compatible storage (`BACKUP_S3_PREFIX`), against moto's
//! server: each backup the archiver writes is also uploaded under the prefix, byte for
//! byte, and only the newest `keep` backups stay there; objects that are not this prefix's
//! backups are left alone.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use adapters::backup::{BackupSource, DirArchiver, S3Copy};
use adapters::testing::{Engine, TestDatabase};
use adapters::{FsMediaStore, S3Settings};
use domain::backup::Archiver;
use domain::clock::SystemClock;
use domain::media::MediaStore;

fn object_url(s3: &S3Settings, key: &str) -> String {
    format!("{}/{}/{key}", s3.endpoint, s3.bucket)
}

async fn put_object(s3: &S3Settings, key: &str) {
    let res = reqwest::Client::new()
        .put(object_url(s3, key))
        .body("not ours")
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
}

/// An object's bytes, read with signed requests (moto refuses anonymous reads).
async fn object(s3: &S3Settings, key: &str) -> Option<Vec<u8>> {
    adapters::S3MediaStore::new(s3)
        .unwrap()
        .get(key)
        .await
        .unwrap()
}

async fn copies_on(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let conn = adapters::connect(&db.url).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let s3 = adapters::testing::s3::fresh_bucket().await;
    // Someone else's files beside ours, and a deeper folder under our prefix.
    for key in [
        "site/backups/notes.txt",
        "site/backups/older/backup-20000101T000000Z.zip",
        "site/other/backup-20000101T000000Z.zip",
    ] {
        put_object(&s3, key).await;
    }
    let source = BackupSource {
        db: conn,
        media: Arc::new(FsMediaStore::new(dir.path().join("media")).unwrap()),
        site_name: "St. Copy".into(),
    };
    let archiver = DirArchiver::new(source, dir.path().join("backups"), Arc::new(SystemClock))
        .with_copy(S3Copy::new(&s3, "/site/backups/", 2).unwrap());
    let names = [
        "backup-20261126T080000Z.zip",
        "backup-20261126T090000Z-manual.zip",
        "backup-20261126T100000Z.zip",
    ];
    for name in names {
        let written = archiver.write(name).await.unwrap();
        assert!(written.bytes > 0);
        let local = std::fs::read(archiver.path(name)).unwrap();
        assert!(
            object(&s3, &format!("site/backups/{name}"))
                .await
                .as_deref()
                == Some(local.as_slice()),
            "{name} is copied byte for byte"
        );
    }
    let copy = S3Copy::new(&s3, "site/backups", 2).unwrap();
    assert_eq!(copy.list().await.unwrap(), vec![names[2], names[1]]);
    assert!(
        object(&s3, &format!("site/backups/{}", names[0]))
            .await
            .is_none()
    );
    for key in [
        "site/backups/notes.txt",
        "site/backups/older/backup-20000101T000000Z.zip",
        "site/other/backup-20000101T000000Z.zip",
    ] {
        assert!(object(&s3, key).await.is_some(), "{key} was left alone");
    }
    // The folder keeps its own files: its pruning is the backup service's.
    assert_eq!(archiver.list().await.unwrap().len(), 3);
}

#[tokio::test]
async fn each_backup_is_copied_under_the_prefix_and_only_the_newest_are_kept_sqlite() {
    copies_on(Engine::Sqlite).await;
}

#[tokio::test]
async fn each_backup_is_copied_under_the_prefix_and_only_the_newest_are_kept_postgres() {
    copies_on(Engine::Postgres).await;
}
