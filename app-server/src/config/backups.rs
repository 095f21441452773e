//! Scheduled backups (`BACKUP_DIR`, `BACKUP_EVERY_HOURS`, `BACKUP_KEEP`, `BACKUP_S3_PREFIX`).

use super::{var, var_or};

#[derive(Clone, Debug)]
pub struct BackupConfig {
    /// Where backups are written (and kept).
    pub dir: std::path::PathBuf,
    /// Hours between scheduled backups; 0 turns them off.
    pub every_hours: u64,
    /// How many of the newest backups are kept.
    pub keep: usize,
    /// A copy of each backup also goes to the S3-compatible store under this prefix.
    pub s3_prefix: Option<String>,
}

impl Default for BackupConfig {
    fn default() -> Self {
        Self {
            dir: "data/backups".into(),
            every_hours: 24,
            keep: 14,
            s3_prefix: None,
        }
    }
}

impl BackupConfig {
    pub(super) fn from_env() -> anyhow::Result<Self> {
        let number = |name: &str, default: u64, least: u64| -> anyhow::Result<u64> {
            match var(name) {
                Some(v) => v
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n >= least)
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "{name} must be a whole number of at least {least}, got {v:?}"
                        )
                    }),
                None => Ok(default),
            }
        };
        let defaults = Self::default();
        Ok(Self {
            dir: var_or("BACKUP_DIR", "data/backups").into(),
            every_hours: number("BACKUP_EVERY_HOURS", defaults.every_hours, 0)?,
            keep: usize::try_from(number("BACKUP_KEEP", defaults.keep as u64, 1)?)
                .unwrap_or(usize::MAX),
            s3_prefix: var("BACKUP_S3_PREFIX").map(|p| p.trim_matches('/').to_owned()),
        })
    }
}
