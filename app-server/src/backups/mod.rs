//! Backups of the running site: the `backup` and `restore` commands, the backup taken
//! before migrations change a database, and (with the background job) the scheduled ones.
//! The archive is `adapters::backup`'s; its format is in docs/backups.md.

pub mod cli;
pub mod upgrade;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use adapters::backup::{BackupSource, DirArchiver, Manifest};
use chrono::{DateTime, Utc};
use domain::backup::{BackupPorts, BackupService, BackupSettings, file_name};
use domain::clock::Clock;
use domain::mail::Mailer;
use domain::media::MediaStore;

use crate::config::Config;

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

/// Records a backup written into `BACKUP_DIR` outside the schedule (`app-server backup`,
/// the backups before an upgrade or a restore) in `backup_runs`, so the dashboard lists it
/// beside the scheduled ones and it counts as the newest good backup. Slot `<why>-<name>`.
/// A record that cannot be written is only logged: the file is there and verified.
pub async fn record(
    db: &adapters::DatabaseConnection,
    why: &str,
    path: &Path,
    manifest: &Manifest,
    started: DateTime<Utc>,
) {
    use domain::backup::BackupLog;
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let bytes = tokio::fs::metadata(path).await.map_or(0, |m| m.len());
    let written = adapters::backup::written(manifest, bytes);
    let log = adapters::SeaOrmBackupLog::new(db.clone());
    let slot = format!("{why}-{name}");
    let now = domain::clock::SystemClock.now();
    let recorded = match log.claim(&slot, &name, started).await {
        Ok(true) => log.finish(&slot, Ok(&written), now).await,
        Ok(false) => Ok(()),
        Err(e) => Err(e),
    };
    if let Err(e) = recorded {
        tracing::warn!(error = %e, file = %path.display(), "the backup is not in the dashboard's list of runs");
    }
}

/// Rows in the archive, summed, for a log line.
pub fn total_rows(manifest: &Manifest) -> u64 {
    manifest.tables.iter().map(|t| t.rows).sum()
}

/// The backup service and the folder its files are in.
#[derive(Clone)]
pub struct Backups {
    pub service: Arc<BackupService>,
    pub files: Arc<DirArchiver>,
}

impl Backups {
    /// Wires the service on the database, the media store and the outbox.
    ///
    /// # Errors
    /// When the media store cannot be set up.
    pub fn new(
        config: &Config,
        db: &adapters::DatabaseConnection,
        stamp: &adapters::Db,
        mailer: Arc<dyn Mailer>,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        let source = BackupSource {
            db: db.clone(),
            media: config.media.store()?,
            site_name: config.site_name.clone(),
        };
        let mut files = DirArchiver::new(source, &config.backups.dir, clock.clone());
        if let Some(prefix) = &config.backups.s3_prefix {
            let s3 = config.media.s3.as_ref().ok_or_else(|| {
                anyhow::anyhow!("BACKUP_S3_PREFIX is set, so MEDIA_S3_URL and the rest must be too")
            })?;
            let copy = adapters::backup::S3Copy::new(s3, prefix, config.backups.keep)
                .map_err(|e| anyhow::anyhow!("BACKUP_S3_PREFIX: {e}"))?;
            files = files.with_copy(copy);
        }
        let files = Arc::new(files);
        let hours = i64::try_from(config.backups.every_hours).unwrap_or(i64::MAX / 3600);
        let service = BackupService::new(
            BackupPorts {
                log: Arc::new(adapters::SeaOrmBackupLog::new(stamp.clone())),
                files: files.clone(),
                mailer,
                audit: Arc::new(adapters::SeaOrmAuditLog::new(stamp.clone())),
                clock,
            },
            BackupSettings {
                every: chrono::Duration::hours(hours),
                keep: config.backups.keep,
                notify: config.super_admin_email.clone(),
                site_name: config.site_name.clone(),
            },
        );
        Ok(Self {
            service: Arc::new(service),
            files,
        })
    }
}
