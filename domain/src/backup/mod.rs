//! Backups: whether an archive may be restored into a database, whether a database may be
//! opened by this version, which backups are kept, and when the newest one is too old.
//! The archive itself and how it is read and written live in `adapters::backup`; the
//! decisions are in docs/decisions/backups.md.

mod ports;
mod service;

pub use ports::{Archiver, BackupLog};
pub use service::{BackupPorts, BackupService, BackupSettings, Overview, StartError};

use chrono::{DateTime, Duration, Utc};

/// What a finished backup holds, for people and monitoring.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Written {
    pub bytes: u64,
    pub people: u64,
    pub stories: u64,
    pub comments: u64,
    pub pictures: u64,
}

/// How a backup run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunState {
    Running,
    /// Written, read back and checked.
    Verified,
    Failed,
}

/// One backup run as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupRun {
    /// The archive's file name.
    pub name: String,
    pub state: RunState,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// What it holds, once verified.
    pub written: Option<Written>,
    /// Why it failed.
    pub error: Option<String>,
}

/// `backup-20261126T075500Z.zip`, or `backup-20261126T075500Z-<tag>.zip`: names sort by
/// time.
pub fn file_name(now: DateTime<Utc>, tag: Option<&str>) -> String {
    let stamp = now.format("%Y%m%dT%H%M%SZ");
    match tag {
        Some(tag) => format!("backup-{stamp}-{tag}.zip"),
        None => format!("backup-{stamp}.zip"),
    }
}

/// Whether `name` is the name of a finished backup (so never a path, nor a `.partial`).
pub fn is_backup_name(name: &str) -> bool {
    name.len() <= 100
        && name.starts_with("backup-")
        && name.ends_with(".zip")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !name.contains("..")
}

/// How an archive's (or a database's) schema, the list of migrations applied to it,
/// compares with the migrations this version knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaFit {
    /// The same migrations.
    Same,
    /// The first migrations of this version, and not all of them yet.
    Older,
    /// Migrations this version does not know: written by a newer version.
    Newer { theirs: String, ours: String },
}

/// Compares a list of applied migrations with the ones this version knows.
pub fn schema_fit(theirs: &[String], ours: &[String]) -> SchemaFit {
    let newer = theirs.iter().any(|m| !ours.contains(m));
    if newer {
        return SchemaFit::Newer {
            theirs: last(theirs),
            ours: last(ours),
        };
    }
    if theirs.len() == ours.len() {
        SchemaFit::Same
    } else {
        SchemaFit::Older
    }
}

fn last(list: &[String]) -> String {
    list.last().cloned().unwrap_or_else(|| "none".into())
}

/// Why an archive is not restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestoreRefusal {
    #[error("This database already holds a site; use --replace to overwrite it")]
    HoldsSite,
    #[error(
        "this archive was written by a newer version (schema {theirs}); this version knows schema up to {ours}: restore it with that version or a later one"
    )]
    NewerSchema { theirs: String, ours: String },
}

/// Whether an archive whose schema fits as `fit` may be loaded into a database that
/// `holds_site` (anyone has an account), with `--replace` or not. An older archive is
/// loaded into the older schema and upgraded with the data, like a database.
///
/// # Errors
/// The refusal, in words for the person restoring.
pub fn may_restore(fit: &SchemaFit, holds_site: bool, replace: bool) -> Result<(), RestoreRefusal> {
    if let SchemaFit::Newer { theirs, ours } = fit {
        return Err(RestoreRefusal::NewerSchema {
            theirs: theirs.clone(),
            ours: ours.clone(),
        });
    }
    if holds_site && !replace {
        return Err(RestoreRefusal::HoldsSite);
    }
    Ok(())
}

/// A database last used by a newer version: this one must not open it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "this database was last used by a newer version (schema {theirs}); this version knows schema up to {ours}. Run the newer version, or restore a backup taken before the upgrade"
)]
pub struct NewerDatabase {
    pub theirs: String,
    pub ours: String,
}

/// Whether this version may open (and migrate) a database with `applied` migrations.
///
/// # Errors
/// [`NewerDatabase`] naming both versions.
pub fn may_open(applied: &[String], ours: &[String]) -> Result<SchemaFit, NewerDatabase> {
    match schema_fit(applied, ours) {
        SchemaFit::Newer { theirs, ours } => Err(NewerDatabase { theirs, ours }),
        fit => Ok(fit),
    }
}

/// The backups to delete when `keep` are kept: given their names newest first, every one
/// after the first `keep`. Keeping none is never asked for (at least one is kept).
pub fn to_prune<T: Clone>(newest_first: &[T], keep: usize) -> Vec<T> {
    newest_first.iter().skip(keep.max(1)).cloned().collect()
}

/// Whether the newest good backup (`None`: there is none) is overdue: older than twice the
/// interval between scheduled backups. Scheduled backups off (`every` zero) are never
/// overdue.
pub fn is_overdue(newest: Option<DateTime<Utc>>, now: DateTime<Utc>, every: Duration) -> bool {
    if every <= Duration::zero() {
        return false;
    }
    newest.is_none_or(|at| now - at > every * 2)
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
