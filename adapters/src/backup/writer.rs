//! Taking a backup of a running site: one read transaction (a WAL snapshot on SQLite,
//! `REPEATABLE READ READ ONLY` on PostgreSQL) so every table is read at the same instant,
//! rows streamed to the archive, the pictures the snapshot's `media` rows name read from the
//! media store, then the finished file checked before it gets its final name.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use domain::media::{MediaStore, StoredFormat, file_name};
use futures_util::StreamExt;
use sea_orm::sea_query::{Alias, Order, Query};
use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    IsolationLevel, StreamTrait, TransactionTrait,
};
use tokio::sync::mpsc::Sender;

use super::archive::{self, Chunk, Digesting, FileEntry, Manifest, TableEntry};
use super::schema::{Table, carried_tables};
use super::{BackupError, values};

/// Chunks sent to the writing thread are about this big.
const CHUNK: usize = 256 * 1024;

/// What a backup needs besides the database.
pub struct BackupSource {
    pub db: DatabaseConnection,
    pub media: Arc<dyn MediaStore>,
    pub site_name: String,
}

/// Opens the read transaction every table of one backup is read in.
///
/// # Errors
/// When the database does not answer.
pub async fn snapshot(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.begin_with_config(
            Some(IsolationLevel::RepeatableRead),
            Some(AccessMode::ReadOnly),
        )
        .await
    } else {
        // A deferred transaction: its first read fixes the WAL snapshot it sees until the
        // end, while writers carry on.
        let txn = db.begin().await?;
        txn.execute_unprepared("SELECT 1 FROM sqlite_master LIMIT 1")
            .await?;
        Ok(txn)
    }
}

/// The migrations applied to the database, in order.
///
/// # Errors
/// When they cannot be read.
pub async fn applied_migrations<C: ConnectionTrait>(db: &C) -> Result<Vec<String>, DbErr> {
    let sql = Query::select()
        .column(Alias::new("version"))
        .from(Alias::new("seaql_migrations"))
        .order_by(Alias::new("version"), Order::Asc)
        .to_owned();
    db.query_all(&sql)
        .await?
        .iter()
        .map(|r| r.try_get_by_index::<String>(0))
        .collect()
}

/// Writes a backup of `source` to `path`: first under a temporary name beside it, synced,
/// read back and checked, and only then renamed; a backup that fails (or a process killed
/// half-way) leaves only a `.partial` file behind.
///
/// # Errors
/// When the database, the media store or the disk fails, or the written file does not
/// read back as it was written.
pub async fn write_backup(
    source: &BackupSource,
    path: &Path,
    now: DateTime<Utc>,
) -> Result<Manifest, BackupError> {
    let partial = partial_path(path);
    let result = write_and_check(source, &partial, now).await;
    match result {
        Ok(manifest) => {
            tokio::fs::rename(&partial, path).await?;
            if let Some(dir) = path.parent() {
                let dir = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir
                };
                std::fs::File::open(dir)?.sync_all()?;
            }
            Ok(manifest)
        }
        Err(e) => {
            let _ = tokio::fs::remove_file(&partial).await;
            Err(e)
        }
    }
}

/// `dir/.name.partial` for `dir/name`: never listed as a backup.
pub fn partial_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "backup".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial"))
}

async fn write_and_check(
    source: &BackupSource,
    partial: &Path,
    now: DateTime<Utc>,
) -> Result<Manifest, BackupError> {
    let (tx, writer) = archive::spawn_writer(partial.to_path_buf());
    let written = write_entries(source, &tx, now).await;
    let manifest = match written {
        Ok(manifest) => {
            let text = serde_json::to_vec_pretty(&manifest)
                .map_err(|e| BackupError::Failed(e.to_string()))?;
            let _ = tx.send(Chunk::Finish(text)).await;
            manifest
        }
        Err(e) => {
            drop(tx);
            let _ = writer.await;
            return Err(e);
        }
    };
    drop(tx);
    writer
        .await
        .map_err(|e| BackupError::Failed(e.to_string()))??;
    let file = partial.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let (mut reader, read) = archive::Reader::open(&file)?;
        reader.verify(&read)
    })
    .await
    .map_err(|e| BackupError::Failed(e.to_string()))?
    .map_err(|e| BackupError::Failed(format!("the new backup did not read back: {e}")))?;
    Ok(manifest)
}

async fn send(tx: &Sender<Chunk>, chunk: Chunk) -> Result<(), BackupError> {
    tx.send(chunk)
        .await
        .map_err(|_| BackupError::Failed("the archive writer stopped".into()))
}

async fn write_entries(
    source: &BackupSource,
    tx: &Sender<Chunk>,
    now: DateTime<Utc>,
) -> Result<Manifest, BackupError> {
    let txn = snapshot(&source.db).await?;
    let backend = ConnectionTrait::get_database_backend(&txn);
    let schema = applied_migrations(&txn).await?;
    let tables = carried_tables(&txn).await?;
    let mut entries = Vec::with_capacity(tables.len());
    for table in &tables {
        entries.push(write_table(&txn, table, tx).await?);
    }
    let media = if tables.iter().any(|t| t.name == "media") {
        write_media(&txn, source.media.as_ref(), tx).await?
    } else {
        Vec::new()
    };
    txn.rollback().await?;
    Ok(Manifest {
        format: archive::FORMAT.into(),
        format_version: archive::FORMAT_VERSION,
        app_version: env!("CARGO_PKG_VERSION").into(),
        engine: if backend == DbBackend::Postgres {
            "postgres"
        } else {
            "sqlite"
        }
        .into(),
        site_name: source.site_name.clone(),
        created_at: now.to_rfc3339_opts(SecondsFormat::Secs, true),
        schema,
        tables: entries,
        media,
    })
}

async fn write_table(
    txn: &DatabaseTransaction,
    table: &Table,
    tx: &Sender<Chunk>,
) -> Result<TableEntry, BackupError> {
    let file = format!("tables/{}.jsonl", table.name);
    send(tx, Chunk::Start(file.clone())).await?;
    let mut select = Query::select();
    select
        .columns(table.columns.iter().map(|c| Alias::new(&c.name)))
        .from(Alias::new(&table.name));
    for key in &table.key {
        select.order_by(Alias::new(key), Order::Asc);
    }
    let backend = ConnectionTrait::get_database_backend(txn);
    let mut stream = txn.stream_raw(backend.build(&select)).await?;
    let mut digest = Digesting::default();
    let mut rows = 0u64;
    let mut buf = Vec::with_capacity(CHUNK + 4096);
    let mut values = Vec::with_capacity(table.columns.len());
    while let Some(row) = stream.next().await {
        let row = row?;
        values.clear();
        for (i, column) in table.columns.iter().enumerate() {
            values.push(
                values::read(&row, i, column, backend)
                    .map_err(|e| BackupError::Failed(format!("table {}: {e}", table.name)))?,
            );
        }
        serde_json::to_writer(&mut buf, &values).map_err(|e| BackupError::Failed(e.to_string()))?;
        buf.push(b'\n');
        rows += 1;
        if buf.len() >= CHUNK {
            digest.add(&buf);
            send(
                tx,
                Chunk::Data(std::mem::replace(
                    &mut buf,
                    Vec::with_capacity(CHUNK + 4096),
                )),
            )
            .await?;
        }
    }
    drop(stream);
    digest.add(&buf);
    send(tx, Chunk::Data(buf)).await?;
    Ok(TableEntry {
        name: table.name.clone(),
        file,
        columns: table.columns.clone(),
        rows,
        bytes: digest.bytes,
        sha256: digest.finish(),
    })
}

/// The stored files of every picture the snapshot knows. A file missing from the store
/// (deleted since) is left out with a warning.
async fn write_media(
    txn: &DatabaseTransaction,
    store: &dyn MediaStore,
    tx: &Sender<Chunk>,
) -> Result<Vec<FileEntry>, BackupError> {
    let select = Query::select()
        .columns([
            Alias::new("key"),
            Alias::new("format"),
            Alias::new("widths"),
        ])
        .from(Alias::new("media"))
        .order_by(Alias::new("id"), Order::Asc)
        .to_owned();
    let mut names = Vec::new();
    for row in txn.query_all(&select).await? {
        let key: String = row.try_get_by_index(0)?;
        let format: String = row.try_get_by_index(1)?;
        let widths: String = row.try_get_by_index(2)?;
        let Some(format) = StoredFormat::from_extension(&format) else {
            tracing::warn!(%key, %format, "backup: a picture of an unknown format left out");
            continue;
        };
        for width in widths
            .split(',')
            .filter_map(|w| w.trim().parse::<u32>().ok())
        {
            names.push(file_name(&key, width, format));
        }
    }
    let mut entries = Vec::with_capacity(names.len());
    for name in names {
        let data = store
            .get(&name)
            .await
            .map_err(|e| BackupError::Failed(format!("picture {name}: {e}")))?;
        let Some(data) = data else {
            tracing::warn!(file = %name, "backup: a picture's file is missing from the store");
            continue;
        };
        let file = format!("media/{name}");
        let mut digest = Digesting::default();
        digest.add(&data);
        send(tx, Chunk::Start(file.clone())).await?;
        send(tx, Chunk::Data(data)).await?;
        entries.push(FileEntry {
            file,
            bytes: digest.bytes,
            sha256: digest.finish(),
        });
    }
    Ok(entries)
}
