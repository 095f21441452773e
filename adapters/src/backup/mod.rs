//! Backups of the whole site in one engine-neutral archive, and restoring one into SQLite
//! or PostgreSQL. The format is described in docs/backups.md, the choices in
//! docs/decisions/backups.md.

mod archive;
mod files;
mod restore;
mod s3_copy;
mod schema;
mod values;
mod writer;

pub use archive::{FORMAT_VERSION, FileEntry, Manifest, TableEntry};
pub use files::{DirArchiver, written};
pub use restore::{holds_site, load, read_checked};
pub use s3_copy::S3Copy;
pub use schema::{Column, DERIVED_TABLES, Kind, Table, carried_tables};
pub use writer::{BackupSource, applied_migrations, partial_path, write_backup};

/// What can go wrong taking, checking or restoring a backup.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The archive is refused: not ours, damaged, cut off, changed, or too new.
    #[error("{0}")]
    Invalid(String),
    /// The backup could not be taken or the restore could not finish.
    #[error("{0}")]
    Failed(String),
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
    #[error("archive: {0}")]
    Zip(#[from] zip::result::ZipError),
}

/// Reads the manifest of the archive at `path` and checks every entry against it.
///
/// # Errors
/// [`BackupError::Invalid`] with the reason the archive is not good.
pub async fn verify(path: &std::path::Path) -> Result<Manifest, BackupError> {
    read_checked(path).await
}

/// Reads only the manifest of the archive at `path` (for listing backups).
///
/// # Errors
/// [`BackupError::Invalid`] when it is not a readable archive.
pub async fn read_manifest(path: &std::path::Path) -> Result<Manifest, BackupError> {
    let path = path.to_path_buf();
    tokio::task::spawn_blocking(move || archive::Reader::open(&path).map(|(_, m)| m))
        .await
        .map_err(|e| BackupError::Failed(e.to_string()))?
}

/// The migrations applied to the database (empty for a database never migrated).
///
/// # Errors
/// When the database does not answer.
pub async fn database_schema(db: &sea_orm::DatabaseConnection) -> Result<Vec<String>, BackupError> {
    use sea_orm::ConnectionTrait;
    let backend = db.get_database_backend();
    let sql = if backend == sea_orm::DbBackend::Postgres {
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'seaql_migrations'"
    } else {
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'"
    };
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(backend, sql))
        .await?;
    let n: i64 = row.map(|r| r.try_get_by_index(0)).transpose()?.unwrap_or(0);
    if n == 0 {
        return Ok(Vec::new());
    }
    Ok(applied_migrations(db).await?)
}

/// The migrations this version knows, in order.
pub fn known_schema() -> Vec<String> {
    crate::migration::known()
}
