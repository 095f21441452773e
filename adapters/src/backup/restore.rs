//! Loading an archive into the database `DATABASE_URL` names, whichever engine wrote it:
//! the whole archive is checked first, the pictures are put back in the media store, and
//! the rows are loaded in one transaction (the old rows deleted in the same one), so a
//! restore that fails changes no row.

use std::path::{Path, PathBuf};

use domain::media::MediaStore;
use sea_orm::sea_query::{Alias, Expr, Query};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, Statement,
    TransactionTrait,
};
use serde_json::Value as Json;
use tokio::sync::mpsc;

use super::archive::{Manifest, Reader};
use super::schema::{Column, DERIVED_TABLES, Table, carried_tables};
use super::{BackupError, values};

/// Bound values per `INSERT` (under SQLite's and PostgreSQL's limits).
const VALUES_PER_INSERT: usize = 20_000;

/// Opens `path` and checks all of it (format, every checksum, every count).
///
/// # Errors
/// [`BackupError::Invalid`] with the reason the archive is refused.
pub async fn read_checked(path: &Path) -> Result<Manifest, BackupError> {
    let path = path.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let (mut reader, manifest) = Reader::open(&path)?;
        reader.verify(&manifest)?;
        Ok(manifest)
    })
    .await
    .map_err(|e| BackupError::Failed(e.to_string()))?
}

/// Whether the database holds a site (anyone's account).
///
/// # Errors
/// When the database does not answer.
pub async fn holds_site(db: &DatabaseConnection) -> Result<bool, BackupError> {
    let sql = Query::select()
        .expr(Expr::cust("COUNT(*)"))
        .from(Alias::new("users"))
        .to_owned();
    let row = db.query_one(&sql).await?;
    let n: i64 = row.map(|r| r.try_get_by_index(0)).transpose()?.unwrap_or(0);
    Ok(n > 0)
}

/// Loads the checked archive at `path` (see [`read_checked`]) into `db`, replacing every
/// row, and its pictures into `media`. The caller has checked the schema versions agree.
///
/// # Errors
/// When the archive's tables are not this schema's, or the database or store fails; the
/// database is then as it was.
pub async fn load(
    db: &DatabaseConnection,
    media: &dyn MediaStore,
    path: &Path,
    manifest: &Manifest,
) -> Result<(), BackupError> {
    put_media(media, path, manifest).await?;
    let txn = db.begin().await?;
    let tables = carried_tables(&txn).await?;
    let targets = matching_tables(&tables, manifest)?;
    clear(&txn, &tables).await?;
    let (tx, mut rx) = mpsc::channel::<(usize, Vec<Vec<Json>>)>(4);
    let reader = spawn_reader(path.to_path_buf(), manifest.clone(), tx);
    while let Some((index, batch)) = rx.recv().await {
        let (entry, target) = (&manifest.tables[index], &targets[index]);
        insert(&txn, &entry.name, target, batch).await?;
    }
    reader
        .await
        .map_err(|e| BackupError::Failed(e.to_string()))??;
    if txn.get_database_backend() == DbBackend::Postgres {
        advance_sequences(&txn, &tables).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// For each table of the archive, the database's columns in the archive's order.
fn matching_tables(tables: &[Table], manifest: &Manifest) -> Result<Vec<Vec<Column>>, BackupError> {
    let names = |it: &mut dyn Iterator<Item = &str>| {
        let mut v: Vec<String> = it.map(str::to_owned).collect();
        v.sort();
        v
    };
    let ours = names(&mut tables.iter().map(|t| t.name.as_str()));
    let theirs = names(&mut manifest.tables.iter().map(|t| t.name.as_str()));
    if ours != theirs {
        return Err(BackupError::Invalid(format!(
            "the archive's tables ({}) are not this database's ({})",
            theirs.join(", "),
            ours.join(", ")
        )));
    }
    manifest
        .tables
        .iter()
        .map(|entry| {
            let table = tables.iter().find(|t| t.name == entry.name);
            let columns = table.map(|t| t.columns.as_slice()).unwrap_or_default();
            entry
                .columns
                .iter()
                .map(|c| {
                    columns
                        .iter()
                        .find(|d| d.name == c.name && d.kind == c.kind)
                        .cloned()
                        .ok_or_else(|| {
                            BackupError::Invalid(format!(
                                "column {}.{} ({:?}) is not in this database's schema",
                                entry.name, c.name, c.kind
                            ))
                        })
                })
                .collect()
        })
        .collect()
}

async fn put_media(
    media: &dyn MediaStore,
    path: &Path,
    manifest: &Manifest,
) -> Result<(), BackupError> {
    let (tx, mut rx) = mpsc::channel::<(String, Vec<u8>)>(2);
    let (path, files) = (path.to_path_buf(), manifest.media.clone());
    let reader = tokio::task::spawn_blocking(move || -> Result<(), BackupError> {
        let (mut reader, _) = Reader::open(&path)?;
        for file in files {
            let data = reader.read_all(&file.file)?;
            let name = file.file.trim_start_matches("media/").to_owned();
            if tx.blocking_send((name, data)).is_err() {
                break;
            }
        }
        Ok(())
    });
    while let Some((name, data)) = rx.recv().await {
        media
            .put(&name, data)
            .await
            .map_err(|e| BackupError::Failed(format!("picture {name}: {e}")))?;
    }
    reader
        .await
        .map_err(|e| BackupError::Failed(e.to_string()))?
}

/// Deletes every row, children before parents, and what triggers derived from them.
async fn clear(txn: &DatabaseTransaction, tables: &[Table]) -> Result<(), BackupError> {
    for table in tables.iter().rev() {
        let delete = Query::delete()
            .from_table(Alias::new(&table.name))
            .to_owned();
        txn.execute(&delete).await?;
    }
    for derived in DERIVED_TABLES.iter().filter(|t| **t != "seaql_migrations") {
        if exists(txn, derived).await? {
            let delete = Query::delete().from_table(Alias::new(*derived)).to_owned();
            txn.execute(&delete).await?;
        }
    }
    Ok(())
}

async fn exists(txn: &DatabaseTransaction, table: &str) -> Result<bool, BackupError> {
    let backend = txn.get_database_backend();
    let sql = if backend == DbBackend::Postgres {
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1"
    } else {
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
    };
    let row = txn
        .query_one_raw(Statement::from_sql_and_values(backend, sql, [table.into()]))
        .await?;
    let n: i64 = row.map(|r| r.try_get_by_index(0)).transpose()?.unwrap_or(0);
    Ok(n > 0)
}

fn spawn_reader(
    path: PathBuf,
    manifest: Manifest,
    tx: mpsc::Sender<(usize, Vec<Vec<Json>>)>,
) -> tokio::task::JoinHandle<Result<(), BackupError>> {
    tokio::task::spawn_blocking(move || {
        let (mut reader, _) = Reader::open(&path)?;
        for (index, table) in manifest.tables.iter().enumerate() {
            let width = table.columns.len().max(1);
            let per_batch = (VALUES_PER_INSERT / width).clamp(1, 1000);
            let mut batch = Vec::with_capacity(per_batch);
            let mut stopped = false;
            reader
                .rows(&table.file, table.columns.len(), &mut |row| {
                    batch.push(row);
                    if batch.len() >= per_batch {
                        let full = std::mem::replace(&mut batch, Vec::with_capacity(per_batch));
                        if tx.blocking_send((index, full)).is_err() {
                            stopped = true;
                            return Err(BackupError::Failed("the restore stopped".into()));
                        }
                    }
                    Ok(())
                })
                .or_else(|e| {
                    if stopped {
                        Ok(Default::default())
                    } else {
                        Err(e)
                    }
                })?;
            if stopped {
                return Ok(());
            }
            if !batch.is_empty() && tx.blocking_send((index, batch)).is_err() {
                return Ok(());
            }
        }
        Ok(())
    })
}

async fn insert(
    txn: &DatabaseTransaction,
    table: &str,
    columns: &[Column],
    rows: Vec<Vec<Json>>,
) -> Result<(), BackupError> {
    let mut insert = Query::insert();
    insert
        .into_table(Alias::new(table))
        .columns(columns.iter().map(|c| Alias::new(&c.name)));
    for row in rows {
        let values = row
            .iter()
            .zip(columns)
            .map(|(v, c)| values::bind(v, c).map(Expr::val))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| BackupError::Invalid(format!("table {table}: {e}")))?;
        insert
            .values(values)
            .map_err(|e| BackupError::Invalid(format!("table {table}: {e}")))?;
    }
    txn.execute(&insert).await?;
    Ok(())
}

/// Moves each PostgreSQL id sequence past the largest restored id, so new rows do not
/// collide with restored ones.
async fn advance_sequences(txn: &DatabaseTransaction, tables: &[Table]) -> Result<(), BackupError> {
    for table in tables {
        let Some(column) = &table.serial else {
            continue;
        };
        let sql = format!(
            "SELECT setval(pg_get_serial_sequence('\"{t}\"', '{column}'), \
             COALESCE((SELECT MAX(\"{column}\") FROM \"{t}\"), 0) + 1, false)",
            t = table.name
        );
        txn.query_one_raw(Statement::from_string(DbBackend::Postgres, sql))
            .await?;
    }
    Ok(())
}
