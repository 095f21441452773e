//! Scheduled and manual backups, their retention, and the warning when the newest good one
//! is overdue. Taking one is the archiver's; deciding when, who, and what to keep is here.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::{Archiver, BackupLog, BackupRun, Written, file_name, is_overdue, to_prune};
use crate::audit::{AuditAction, AuditLog, NewAuditEntry};
use crate::clock::Clock;
use crate::mail::{Mailer, OutgoingMail};
use crate::permissions::Refusal;
use crate::{Ability, Caller, StoreError};

/// How often, how many kept, whom to warn.
#[derive(Debug, Clone)]
pub struct BackupSettings {
    /// Between scheduled backups; zero turns them off.
    pub every: Duration,
    pub keep: usize,
    /// The super admin's address, for the overdue warning.
    pub notify: String,
    pub site_name: String,
}

/// Why a backup was not started, listed or handed out.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// A backup was started this same second.
    #[error("a backup is already starting")]
    AlreadyStarting,
    #[error("no such backup")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the dashboard shows.
#[derive(Debug, Clone)]
pub struct Overview {
    pub runs: Vec<BackupRun>,
    pub newest_good: Option<BackupRun>,
    /// The newest good backup is older than twice the interval.
    pub overdue: bool,
    pub every: Duration,
    pub keep: usize,
}

pub struct BackupService {
    log: Arc<dyn BackupLog>,
    files: Arc<dyn Archiver>,
    mailer: Arc<dyn Mailer>,
    audit: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
    settings: BackupSettings,
}

/// The ports of the backup service.
pub struct BackupPorts {
    pub log: Arc<dyn BackupLog>,
    pub files: Arc<dyn Archiver>,
    pub mailer: Arc<dyn Mailer>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
}

/// How many runs the dashboard lists.
pub const LISTED_RUNS: u64 = 50;

impl BackupService {
    pub fn new(ports: BackupPorts, settings: BackupSettings) -> Self {
        Self {
            log: ports.log,
            files: ports.files,
            mailer: ports.mailer,
            audit: ports.audit,
            clock: ports.clock,
            settings,
        }
    }

    /// The scheduled round: when backups are on and the current period's backup has not
    /// been claimed by any instance, takes it. Answers the outcome of the backup it took.
    ///
    /// # Errors
    /// When the record cannot be read or written.
    pub async fn run_scheduled(&self) -> Result<Option<Result<Written, String>>, StoreError> {
        let every = self.settings.every.num_seconds();
        if every <= 0 {
            return Ok(None);
        }
        let now = self.clock.now();
        let slot = format!("scheduled-{}", now.timestamp().div_euclid(every));
        let name = file_name(now, None);
        if !self.log.claim(&slot, &name, now).await? {
            return Ok(None);
        }
        Ok(Some(self.take(&slot, &name).await?))
    }

    /// Starts a backup now for the super admin: claims it and answers its name and slot;
    /// the caller runs [`BackupService::take`] in the background.
    ///
    /// # Errors
    /// 401/403 by the permission table; a backup started the same second.
    pub async fn start(&self, caller: &Caller) -> Result<(String, String), StartError> {
        caller.require(Ability::ManageBackups)?;
        let now = self.clock.now();
        let name = file_name(now, Some("manual"));
        let slot = format!("manual-{name}");
        if !self.log.claim(&slot, &name, now).await? {
            return Err(StartError::AlreadyStarting);
        }
        Ok((name, slot))
    }

    /// Writes the claimed backup, records how it ended and, when it is good, deletes the
    /// oldest backups beyond the number kept.
    ///
    /// # Errors
    /// When the record cannot be written.
    pub async fn take(
        &self,
        slot: &str,
        name: &str,
    ) -> Result<Result<Written, String>, StoreError> {
        let outcome = self.files.write(name).await;
        self.log
            .finish(
                slot,
                outcome.as_ref().map_err(String::as_str),
                self.clock.now(),
            )
            .await?;
        if outcome.is_ok() {
            let names = self.files.list().await?;
            for old in to_prune(&names, self.settings.keep) {
                self.files.delete(&old).await?;
            }
        }
        Ok(outcome)
    }

    /// The super admin's view: recent runs, the newest good one, whether it is overdue.
    ///
    /// # Errors
    /// 401/403 by the permission table; the store.
    pub async fn overview(&self, caller: &Caller) -> Result<Overview, StartError> {
        caller.require(Ability::ManageBackups)?;
        let runs = self.log.recent(LISTED_RUNS).await?;
        let newest_good = self.log.newest_good().await?;
        let overdue = self.overdue(&runs, newest_good.as_ref());
        Ok(Overview {
            runs,
            newest_good,
            overdue,
            every: self.settings.every,
            keep: self.settings.keep,
        })
    }

    /// Hands backup `name` to `caller`: checks it is a kept backup and records the download
    /// in the activity log; the caller then sends the file.
    ///
    /// # Errors
    /// 401/403 by the permission table; [`StartError::NotFound`] for a name that is not a
    /// kept backup.
    pub async fn download(&self, caller: &Caller, name: &str) -> Result<(), StartError> {
        let user = caller.require(Ability::ManageBackups)?;
        if !super::is_backup_name(name) || !self.files.list().await?.iter().any(|n| n == name) {
            return Err(StartError::NotFound);
        }
        let entry = NewAuditEntry::by(
            user,
            AuditAction::BackupDownloaded,
            name,
            Some(name),
            self.clock.now(),
        );
        self.audit.record(&[entry]).await?;
        Ok(())
    }

    fn overdue(&self, runs: &[BackupRun], newest_good: Option<&BackupRun>) -> bool {
        let now = self.clock.now();
        let since = newest_good
            .and_then(|r| r.finished_at)
            // Without any good backup, from the first recorded attempt (never at once).
            .or_else(|| runs.last().map(|r| r.started_at))
            .unwrap_or(now);
        is_overdue(Some(since), now, self.settings.every)
    }

    /// When the newest good backup finished (for monitoring).
    ///
    /// # Errors
    /// When the record cannot be read.
    pub async fn newest_good_at(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        Ok(self.log.newest_good().await?.and_then(|r| r.finished_at))
    }

    /// Once a day at most (across instances), mails the super admin when the newest good
    /// backup is overdue. Answers whether it mailed.
    ///
    /// # Errors
    /// When the record or the outbox cannot be written.
    pub async fn warn_if_overdue(&self) -> Result<bool, StoreError> {
        let runs = self.log.recent(LISTED_RUNS).await?;
        let newest_good = self.log.newest_good().await?;
        if !self.overdue(&runs, newest_good.as_ref()) {
            return Ok(false);
        }
        let now = self.clock.now();
        let slot = format!("overdue-mail-{}", now.format("%Y-%m-%d"));
        if !self.log.claim(&slot, "", now).await? {
            return Ok(false);
        }
        let last = newest_good
            .and_then(|r| r.finished_at)
            .map_or_else(|| "never".to_owned(), |t| describe(t, now));
        self.mailer
            .send(OutgoingMail {
                to: self.settings.notify.clone(),
                subject: format!("{}: backups have stopped", self.settings.site_name),
                body: format!(
                    "The newest good backup of {} was made {last}; one is due every {} hours.\n\n\
                     Open the Backups tab of the dashboard to see what failed and to take one now.",
                    self.settings.site_name,
                    self.settings.every.num_hours()
                ),
                html: None,
                unsubscribe: None,
            })
            .await?;
        Ok(true)
    }
}

fn describe(at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let hours = (now - at).num_hours();
    format!("{hours} hours ago ({})", at.format("%Y-%m-%d %H:%M UTC"))
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
