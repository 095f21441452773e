//! The scheduled backup round: take this period's backup when no instance has, then warn
//! the super admin (once a day) when the newest good one is overdue.

use std::sync::Arc;

use domain::StoreError;
use domain::backup::{BackupService, Written};

use super::RoundReport;

/// What one round did.
pub struct BackupRound {
    taken: Option<Result<Written, String>>,
    warned: bool,
}

impl RoundReport for BackupRound {
    fn is_quiet(&self) -> bool {
        self.taken.is_none() && !self.warned
    }

    fn log(&self, job: &'static str) {
        match &self.taken {
            Some(Ok(w)) => tracing::info!(
                job,
                bytes = w.bytes,
                stories = w.stories,
                comments = w.comments,
                "scheduled backup written and verified"
            ),
            Some(Err(e)) => tracing::error!(job, error = %e, "scheduled backup failed"),
            None => {}
        }
        if self.warned {
            tracing::warn!(job, "backups are overdue: the super admin was mailed");
        }
    }
}

/// One round.
///
/// # Errors
/// When the record of runs cannot be read or written.
pub async fn round(service: Arc<BackupService>) -> Result<BackupRound, StoreError> {
    let taken = service.run_scheduled().await?;
    let warned = service.warn_if_overdue().await?;
    Ok(BackupRound { taken, warned })
}
