//! Backups of the running site: the `backup` and `restore` commands, the backup taken
//! before migrations change a database, and (with the background job) the scheduled ones.
//! The archive is `adapters::backup`'s; its format is in docs/backups.md.

pub mod cli;
pub mod upgrade;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use adapters::backup::{BackupSource, Manifest};
use chrono::{DateTime, Utc};
use domain::media::MediaStore;

use crate::config::Config;

/// `backup-20261126T075500Z.zip`, or `backup-20261126T075500Z-<tag>.zip`: names sort by
/// time, and every finished backup has one.
pub fn file_name(now: DateTime<Utc>, tag: Option<&str>) -> String {
    let stamp = now.format("%Y%m%dT%H%M%SZ");
    match tag {
        Some(tag) => format!("backup-{stamp}-{tag}.zip"),
        None => format!("backup-{stamp}.zip"),
    }
}

/// Whether `name` is the name of a finished backup (never a `.partial` one).
pub fn is_backup_name(name: &str) -> bool {
    name.starts_with("backup-")
        && name.ends_with(".zip")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes a backup of the site into `dir` (created when missing) and answers its path and
/// manifest; see `adapters::backup::write_backup` for how it is made safe.
///
/// # Errors
/// When the backup cannot be written or does not read back.
pub async fn take(
    config: &Config,
    db: &adapters::DatabaseConnection,
    media: Arc<dyn MediaStore>,
    dir: &Path,
    now: DateTime<Utc>,
    tag: Option<&str>,
) -> anyhow::Result<(PathBuf, Manifest)> {
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| anyhow::anyhow!("BACKUP_DIR {}: {e}", dir.display()))?;
    let path = dir.join(file_name(now, tag));
    let source = BackupSource {
        db: db.clone(),
        media,
        site_name: config.site_name.clone(),
    };
    let manifest = adapters::backup::write_backup(&source, &path, now).await?;
    Ok((path, manifest))
}

/// Rows in the archive, summed, for a log line.
pub fn total_rows(manifest: &Manifest) -> u64 {
    manifest.tables.iter().map(|t| t.rows).sum()
}
