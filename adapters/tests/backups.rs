//! Backup archives against real databases: what they carry is the migrated schema, values
//! come back byte for byte on the other engine, damaged archives are refused, and a
//! restore that fails changes nothing. PostgreSQL runs when `TEST_DATABASE_URL` is set.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use adapters::backup::{self, BackupSource, DERIVED_TABLES, Manifest};
use adapters::testing::{Engine, TestDatabase};
use adapters::{DatabaseConnection, FsMediaStore, SeedPlan};
use domain::clock::Clock as _;
use domain::media::MediaStore;
use sea_orm::{ConnectionTrait, DbBackend, Statement};

async fn fresh(engine: Engine) -> Option<(TestDatabase, DatabaseConnection)> {
    let db = TestDatabase::new(engine).await.unwrap()?;
    let conn = adapters::connect(&db.url).await.unwrap();
    Some((db, conn))
}

fn store(dir: &Path) -> Arc<dyn MediaStore> {
    Arc::new(FsMediaStore::new(dir).unwrap())
}

async fn count(db: &DatabaseConnection, table: &str) -> i64 {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT COUNT(*) FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index(0).unwrap()
}

/// Every base table of the migrated database, by name.
async fn all_tables(db: &DatabaseConnection) -> Vec<String> {
    let sql = match db.get_database_backend() {
        DbBackend::Postgres => {
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        }
        _ => {
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'"
        }
    };
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
    let mut names: Vec<String> = rows
        .iter()
        .map(|r| r.try_get_by_index(0).unwrap())
        .collect();
    names.sort();
    names
}

/// Seeds people, stories and comments, and one picture with its file in `media`.
async fn seed(db: &DatabaseConnection, media: &dyn MediaStore) {
    let plan = SeedPlan {
        stories: 300,
        comments: 600,
        users: 12,
    };
    adapters::seed_archive(
        db,
        plan,
        domain::scripture::Canon::Protestant,
        domain::clock::SystemClock.now(),
    )
    .await
    .unwrap();
    let backend = db.get_database_backend();
    let owner: String = db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT id FROM users ORDER BY id LIMIT 1",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap();
    let key = "0123456789abcdef0123456789abcdef";
    let sql = match backend {
        DbBackend::Postgres => {
            "INSERT INTO media (owner_id, key, format, width, height, widths, bytes, created_at) VALUES ($1, $2, 'jpg', 500, 300, '400,500', 7, $3)"
        }
        _ => {
            "INSERT INTO media (owner_id, key, format, width, height, widths, bytes, created_at) VALUES (?, ?, 'jpg', 500, 300, '400,500', 7, ?)"
        }
    };
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [
            owner.into(),
            key.into(),
            domain::clock::SystemClock.now().into(),
        ],
    ))
    .await
    .unwrap();
    media
        .put(&format!("{key}-400.jpg"), b"small picture".to_vec())
        .await
        .unwrap();
    media
        .put(&format!("{key}-500.jpg"), b"large picture".to_vec())
        .await
        .unwrap();
}

async fn take(db: &DatabaseConnection, media: Arc<dyn MediaStore>, path: &Path) -> Manifest {
    let source = BackupSource {
        db: db.clone(),
        media,
        site_name: "St. Test".into(),
    };
    backup::write_backup(&source, path, domain::clock::SystemClock.now())
        .await
        .unwrap()
}

fn digests(m: &Manifest) -> BTreeMap<String, (u64, String)> {
    m.tables
        .iter()
        .map(|t| (t.name.clone(), (t.rows, t.sha256.clone())))
        .collect()
}

#[tokio::test]
async fn the_archive_carries_every_table_of_the_migrated_schema_alike_on_both_engines() {
    let mut schemas = Vec::new();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some((_keep, db)) = fresh(engine).await else {
            continue;
        };
        let carried = backup::carried_tables(&db).await.unwrap();
        let names: Vec<String> = carried.iter().map(|t| t.name.clone()).collect();
        for table in all_tables(&db).await {
            let derived = DERIVED_TABLES.contains(&table.as_str())
                || (engine == Engine::Sqlite && table.starts_with("stories_fts"));
            assert!(
                derived || names.contains(&table),
                "table {table} on {engine:?} is neither carried nor derived"
            );
        }
        for must in [
            "users",
            "stories",
            "story_revisions",
            "comments",
            "sessions",
            "api_tokens",
            "media",
            "settings",
            "audit_log",
        ] {
            assert!(names.contains(&must.to_owned()), "{must} is not carried");
        }
        let stories = names.iter().position(|n| n == "stories").unwrap();
        let comments = names.iter().position(|n| n == "comments").unwrap();
        assert!(
            stories < comments,
            "stories come before the comments that point at them"
        );
        let shape: Vec<(String, Vec<(String, backup::Kind)>)> = carried
            .into_iter()
            .map(|t| {
                (
                    t.name,
                    t.columns.into_iter().map(|c| (c.name, c.kind)).collect(),
                )
            })
            .collect();
        schemas.push(shape);
    }
    if let [sqlite, postgres] = schemas.as_slice() {
        assert_eq!(
            sqlite, postgres,
            "the engines carry different tables or columns"
        );
    }
}

#[tokio::test]
async fn a_site_goes_from_sqlite_to_postgres_and_back_byte_for_byte() {
    let files = tempfile::tempdir().unwrap();
    let Some((_a, sqlite)) = fresh(Engine::Sqlite).await else {
        unreachable!()
    };
    let media_a = store(&files.path().join("media-a"));
    seed(&sqlite, media_a.as_ref()).await;
    let first = files.path().join("first.zip");
    let m1 = take(&sqlite, media_a.clone(), &first).await;
    assert_eq!(m1.engine, "sqlite");
    assert_eq!(m1.media.len(), 2);
    assert_eq!(
        m1.tables.iter().find(|t| t.name == "stories").unwrap().rows,
        300
    );
    assert_eq!(
        m1.tables
            .iter()
            .find(|t| t.name == "comments")
            .unwrap()
            .rows,
        600
    );

    // Into PostgreSQL (when there is one), out again, into a new SQLite.
    let mut last = (first.clone(), m1.clone());
    let _pg = if let Some((pg_db, pg)) = fresh(Engine::Postgres).await {
        let media_b = store(&files.path().join("media-b"));
        let checked = backup::read_checked(&last.0).await.unwrap();
        backup::load(&pg, media_b.as_ref(), &last.0, &checked)
            .await
            .unwrap();
        assert_eq!(
            count(&pg, "story_counts").await,
            count(&sqlite, "story_counts").await
        );
        let second = files.path().join("second.zip");
        let m2 = take(&pg, media_b.clone(), &second).await;
        assert_eq!(m2.engine, "postgres");
        assert_eq!(
            digests(&m1),
            digests(&m2),
            "PostgreSQL gave back other values"
        );
        // New rows after a restore get new ids (the sequences moved past the restored ones).
        let before: i64 = count(&pg, "categories").await;
        pg.execute_unprepared("INSERT INTO categories (name, description, icon, created_at) VALUES ('New', 'x', 'x', now())")
            .await
            .unwrap();
        assert_eq!(count(&pg, "categories").await, before + 1);
        last = (second, m2);
        Some(pg_db)
    } else {
        None
    };
    let Some((_c, back)) = fresh(Engine::Sqlite).await else {
        unreachable!()
    };
    let media_c = store(&files.path().join("media-c"));
    let checked = backup::read_checked(&last.0).await.unwrap();
    backup::load(&back, media_c.as_ref(), &last.0, &checked)
        .await
        .unwrap();
    let third = files.path().join("third.zip");
    let m3 = take(&back, media_c.clone(), &third).await;
    assert_eq!(digests(&m1), digests(&m3), "SQLite gave back other values");
    assert_eq!(
        media_c
            .get("0123456789abcdef0123456789abcdef-500.jpg")
            .await
            .unwrap()
            .as_deref(),
        Some(&b"large picture"[..])
    );
    // Search and the per-category counts were rebuilt by the engine.
    assert_eq!(
        count(&back, "story_counts").await,
        count(&sqlite, "story_counts").await
    );
    assert_eq!(count(&back, "stories_fts").await, 300);
}

/// Copies the archive at `from` to `to`, letting `change` rewrite each entry, then the
/// manifest (after the entries' sizes and checksums are recomputed when `rehash`).
fn rewrite(from: &Path, to: &Path, rehash: bool, change: &mut dyn FnMut(&str, Vec<u8>) -> Vec<u8>) {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(from).unwrap()).unwrap();
    let mut out = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    let mut entries = BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        entries.insert(name, data);
    }
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&entries.remove("manifest.json").unwrap()).unwrap();
    let options = zip::write::SimpleFileOptions::default();
    for (name, data) in entries {
        let data = change(&name, data);
        if rehash {
            use sha2::Digest;
            let sha = hex::encode(sha2::Sha256::digest(&data));
            for list in ["tables", "media"] {
                for e in manifest[list].as_array_mut().unwrap() {
                    if e["file"] == name.as_str() {
                        e["sha256"] = sha.clone().into();
                        e["bytes"] = data.len().into();
                        if list == "tables" {
                            e["rows"] = data.iter().filter(|b| **b == b'\n').count().into();
                        }
                    }
                }
            }
        }
        out.start_file(name, options).unwrap();
        out.write_all(&data).unwrap();
    }
    let text = change("manifest.json", serde_json::to_vec(&manifest).unwrap());
    out.start_file("manifest.json", options).unwrap();
    out.write_all(&text).unwrap();
    out.finish().unwrap();
}

async fn refusal(path: &Path) -> String {
    match backup::read_checked(path).await {
        Ok(_) => panic!("{} was accepted", path.display()),
        Err(backup::BackupError::Invalid(why)) => why,
        Err(other) => panic!("{} failed otherwise: {other}", path.display()),
    }
}

#[tokio::test]
async fn damaged_and_foreign_archives_are_refused_with_the_reason() {
    let files = tempfile::tempdir().unwrap();
    let Some((_a, db)) = fresh(Engine::Sqlite).await else {
        unreachable!()
    };
    let media = store(&files.path().join("media"));
    seed(&db, media.as_ref()).await;
    let good = files.path().join("good.zip");
    take(&db, media, &good).await;
    let bytes = std::fs::read(&good).unwrap();
    let at = |name: &str| -> PathBuf { files.path().join(name) };

    std::fs::write(at("empty.zip"), b"").unwrap();
    assert_eq!(refusal(&at("empty.zip")).await, "the file is empty");

    std::fs::write(at("text.zip"), b"hello, this is not an archive\n").unwrap();
    assert!(
        refusal(&at("text.zip"))
            .await
            .starts_with("not a backup archive")
    );

    std::fs::write(at("cut.zip"), &bytes[..bytes.len() / 2]).unwrap();
    assert!(
        refusal(&at("cut.zip"))
            .await
            .starts_with("not a backup archive (or cut off)")
    );

    // One byte of a table's rows changed, checksums left as they were.
    rewrite(&good, &at("byte.zip"), false, &mut |name, mut data| {
        if name == "tables/stories.jsonl" {
            let i = data.iter().position(|b| *b == b'a').unwrap();
            data[i] = b'b';
        }
        data
    });
    let why = refusal(&at("byte.zip")).await;
    assert!(
        why.contains("tables/stories.jsonl does not match its checksum"),
        "{why}"
    );

    // A row taken out and the manifest's checksum fixed: the count still tells.
    rewrite(&good, &at("count.zip"), false, &mut |name, data| {
        if name == "tables/comments.jsonl" {
            let cut = data.iter().position(|b| *b == b'\n').unwrap() + 1;
            return data[cut..].to_vec();
        }
        data
    });
    assert!(
        refusal(&at("count.zip"))
            .await
            .contains("tables/comments.jsonl")
    );

    rewrite(&good, &at("newer.zip"), false, &mut |name, data| {
        if name != "manifest.json" {
            return data;
        }
        let mut m: serde_json::Value = serde_json::from_slice(&data).unwrap();
        m["format_version"] = 99.into();
        serde_json::to_vec(&m).unwrap()
    });
    assert_eq!(
        refusal(&at("newer.zip")).await,
        "archive format 99 was written by a newer version; this one reads up to format 1"
    );

    rewrite(&good, &at("other.zip"), false, &mut |name, data| {
        if name != "manifest.json" {
            return data;
        }
        let mut m: serde_json::Value = serde_json::from_slice(&data).unwrap();
        m["format"] = "something-else".into();
        serde_json::to_vec(&m).unwrap()
    });
    assert!(
        refusal(&at("other.zip"))
            .await
            .starts_with("not a backup archive")
    );
}

#[tokio::test]
async fn a_restore_that_fails_half_way_changes_nothing() {
    let files = tempfile::tempdir().unwrap();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some((_a, db)) = fresh(engine).await else {
            continue;
        };
        let media = store(&files.path().join("media"));
        seed(&db, media.as_ref()).await;
        let good = files.path().join(format!("good-{engine:?}.zip"));
        take(&db, media.clone(), &good).await;
        // A checked archive whose comments repeat one row: loading them breaks the key.
        let bad = files.path().join(format!("dup-{engine:?}.zip"));
        rewrite(&good, &bad, true, &mut |name, mut data| {
            if name == "tables/comments.jsonl" {
                let first = data.iter().position(|b| *b == b'\n').unwrap() + 1;
                let line = data[..first].to_vec();
                data.extend(line);
            }
            data
        });
        let checked = backup::read_checked(&bad).await.unwrap();
        let (stories, comments, users) = (
            count(&db, "stories").await,
            count(&db, "comments").await,
            count(&db, "users").await,
        );
        db.execute_unprepared(
            "DELETE FROM comments WHERE id IN (SELECT id FROM comments ORDER BY id LIMIT 5)",
        )
        .await
        .unwrap();
        assert!(
            backup::load(&db, media.as_ref(), &bad, &checked)
                .await
                .is_err()
        );
        assert_eq!(count(&db, "stories").await, stories, "{engine:?}");
        assert_eq!(count(&db, "comments").await, comments - 5, "{engine:?}");
        assert_eq!(count(&db, "users").await, users, "{engine:?}");
        assert!(backup::holds_site(&db).await.unwrap());
    }
}

/// One writer: stories each with two comments, each story and its comments in one
/// transaction, until `stop`.
async fn write_until(
    db: DatabaseConnection,
    author: String,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> u64 {
    use sea_orm::TransactionTrait;
    let backend = db.get_database_backend();
    let p = |i: usize| {
        if backend == DbBackend::Postgres {
            format!("${i}")
        } else {
            "?".to_owned()
        }
    };
    let story_sql = format!(
        "INSERT INTO stories (title, content, category, author_id, status, is_published, published_at, created_at, updated_at) \
         VALUES ({}, 'Written during a backup', 'Worship', {}, 'approved', TRUE, {}, {}, {}) RETURNING id",
        p(1),
        p(2),
        p(3),
        p(4),
        p(5)
    );
    let comment_sql = format!(
        "INSERT INTO comments (story_id, author_name, content, platform, is_visible, is_approved, created_at) \
         VALUES ({}, 'Mary', 'Amen', 'website', TRUE, TRUE, {})",
        p(1),
        p(2)
    );
    let mut written = 0;
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let Ok(txn) = db.begin().await else { continue };
        let now = domain::clock::SystemClock.now();
        let row = txn
            .query_one_raw(Statement::from_sql_and_values(
                backend,
                &story_sql,
                [
                    "During".into(),
                    author.clone().into(),
                    now.into(),
                    now.into(),
                    now.into(),
                ],
            ))
            .await;
        let Ok(Some(row)) = row else { continue };
        let id: i64 = row.try_get_by_index(0).unwrap();
        let mut ok = true;
        for _ in 0..2 {
            ok &= txn
                .execute_raw(Statement::from_sql_and_values(
                    backend,
                    &comment_sql,
                    [id.into(), now.into()],
                ))
                .await
                .is_ok();
        }
        if ok && txn.commit().await.is_ok() {
            written += 1;
        }
    }
    written
}

/// The ids in column `column` of table file `file` of the archive at `path`.
fn ids(path: &Path, file: &str, column: usize) -> Vec<i64> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut text = String::new();
    zip.by_name(file)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .map(|l| {
            serde_json::from_str::<Vec<serde_json::Value>>(l).unwrap()[column]
                .as_i64()
                .unwrap()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_while_eight_clients_write_is_one_instant() {
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some((_db, db)) = fresh(engine).await else {
            continue;
        };
        let files = tempfile::tempdir().unwrap();
        let media = store(&files.path().join("media"));
        seed(&db, media.as_ref()).await;
        let author: String = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT id FROM users ORDER BY id LIMIT 1",
            ))
            .await
            .unwrap()
            .unwrap()
            .try_get_by_index(0)
            .unwrap();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writers: Vec<_> = (0..8)
            .map(|_| tokio::spawn(write_until(db.clone(), author.clone(), stop.clone())))
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let path = files.path().join("during.zip");
        let manifest = take(&db, media.clone(), &path).await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        let mut written = 0;
        for w in writers {
            written += w.await.unwrap();
        }
        assert!(
            written > 8,
            "{engine:?}: the writers wrote {written} stories"
        );
        // Row by row: every comment's story is in the archive, each written story has both
        // its comments, and the counts are the rows.
        let stories = ids(&path, "tables/stories.jsonl", 0);
        let comments = manifest
            .tables
            .iter()
            .find(|t| t.name == "comments")
            .unwrap();
        let story_col = comments
            .columns
            .iter()
            .position(|c| c.name == "story_id")
            .unwrap();
        let parents = ids(&path, "tables/comments.jsonl", story_col);
        assert_eq!(
            stories.len() as u64,
            manifest
                .tables
                .iter()
                .find(|t| t.name == "stories")
                .unwrap()
                .rows
        );
        assert_eq!(parents.len() as u64, comments.rows);
        let known: std::collections::BTreeSet<i64> = stories.iter().copied().collect();
        let mut per_story: BTreeMap<i64, usize> = BTreeMap::new();
        for story in &parents {
            assert!(
                known.contains(story),
                "{engine:?}: a comment of story {story}, which the archive lacks"
            );
            *per_story.entry(*story).or_default() += 1;
        }
        let during = stories.iter().filter(|id| **id > 300).count();
        assert!(
            during > 0,
            "{engine:?}: no story written during the backup made it in"
        );
        for id in stories.iter().filter(|id| **id > 300) {
            assert_eq!(
                per_story.get(id),
                Some(&2),
                "{engine:?}: story {id} without both its comments"
            );
        }
        assert!(
            (stories.len() as u64) < 300 + written,
            "{engine:?}: the archive holds stories written after it began"
        );
    }
}
