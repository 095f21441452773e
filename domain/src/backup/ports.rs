//! The ports backups need: the shared record of backup runs (which also makes sure each
//! scheduled backup is taken by one instance) and the archive files.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{BackupRun, Written};
use crate::StoreError;

/// The record of backup runs, in the database every instance shares.
#[async_trait]
pub trait BackupLog: Send + Sync {
    /// Claims `slot` (a scheduled time, a manual start, a day's overdue mail) for this
    /// instance by recording a run named `name` started at `now`; `false` when another
    /// instance (or an earlier round) already has it. One statement, so two instances never
    /// both get `true`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim(&self, slot: &str, name: &str, now: DateTime<Utc>) -> Result<bool, StoreError>;
    /// Records how the run of `slot` ended: `Ok` with what was written, or the reason.
    ///
    /// # Errors
    /// As [`BackupLog::claim`].
    async fn finish(
        &self,
        slot: &str,
        outcome: Result<&Written, &str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// The latest `limit` runs that wrote (or tried to write) a backup, newest first.
    ///
    /// # Errors
    /// As [`BackupLog::claim`].
    async fn recent(&self, limit: u64) -> Result<Vec<BackupRun>, StoreError>;
    /// The newest run that wrote a verified backup.
    ///
    /// # Errors
    /// As [`BackupLog::claim`].
    async fn newest_good(&self) -> Result<Option<BackupRun>, StoreError>;
}

/// The backup files.
#[async_trait]
pub trait Archiver: Send + Sync {
    /// Writes a verified backup named `name`; answers what it holds, or why it failed
    /// (nothing that looks finished is left then).
    async fn write(&self, name: &str) -> Result<Written, String>;
    /// The names of the finished backups, newest first.
    ///
    /// # Errors
    /// When the folder (or bucket) cannot be read.
    async fn list(&self) -> Result<Vec<String>, StoreError>;
    /// Deletes backup `name`.
    ///
    /// # Errors
    /// When it cannot be deleted.
    async fn delete(&self, name: &str) -> Result<(), StoreError>;
}
