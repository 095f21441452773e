//! Background work of one server instance: purging expired sessions, deleting pictures no
//! story uses, writing scheduled backups, mailing schedule reminders and subscribers'
//! digests, posting queued social exports to the platforms with credentials and, with
//! `SMTP_URL`, sending the mail outbox. Every instance runs them; rows are claimed one
//! statement at a time (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so two instances never do
//! the same job. Each instance also follows the shared version of public content (its cache
//! of public reads).
//!
//! Every job is a round (a domain service's method) run by [`spawn_worker`]: after each
//! round it waits for its wake-up (work queued by this instance) or its poll interval (work
//! queued by another instance, retries that became due), whichever comes first.

mod backup;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use domain::delivery::Round;
use tokio::sync::Notify;

use crate::state::AppState;

/// How often the mail worker looks at the outbox without being woken.
const MAIL_POLL: Duration = Duration::from_secs(30);

/// How often the social delivery worker looks for queued posts without being woken.
const SOCIAL_POLL: Duration = Duration::from_secs(30);

/// How often pictures no story uses are looked for (and gone ones' files deleted).
const MEDIA_CLEAN_UP: Duration = Duration::from_secs(600);

/// How often expired sessions are deleted.
const SESSION_PURGE: Duration = Duration::from_secs(600);

/// How often schedule items coming due are looked for (their one reminder may be up to
/// this late).
const REMINDER_POLL: Duration = Duration::from_secs(300);

/// How often the scheduled backup (and the overdue warning) is looked at.
const BACKUP_POLL: Duration = Duration::from_secs(60);

/// How often subscribers' mail is looked for: digests go out within a minute of their slot,
/// `each` stories within a minute of their grace period.
const SUBSCRIPTION_POLL: Duration = Duration::from_secs(60);

/// What one round of a job reports: how many things it did, for the log.
pub trait RoundReport {
    /// Whether there is anything to log.
    fn is_quiet(&self) -> bool;
    fn log(&self, job: &'static str);
    /// Whether the round stopped at its bound with work left, so the next one starts at once.
    fn more_waiting(&self) -> bool {
        false
    }
}

impl RoundReport for Round {
    fn is_quiet(&self) -> bool {
        self.is_empty()
    }
    fn more_waiting(&self) -> bool {
        self.more
    }
    fn log(&self, job: &'static str) {
        tracing::info!(
            job,
            delivered = self.delivered,
            retrying = self.retrying,
            failed = self.failed,
            "round done"
        );
    }
}

impl RoundReport for domain::subscription::DigestRound {
    fn is_quiet(&self) -> bool {
        self.subscriptions == 0
    }
    fn more_waiting(&self) -> bool {
        self.more
    }
    fn log(&self, job: &'static str) {
        tracing::info!(
            job,
            mailed = self.mailed,
            subscriptions = self.subscriptions,
            "round done"
        );
    }
}

/// A count of things done (sessions purged, reminders mailed).
impl RoundReport for usize {
    fn is_quiet(&self) -> bool {
        *self == 0
    }
    fn log(&self, job: &'static str) {
        tracing::info!(job, done = *self, "round done");
    }
}

/// Runs `round` forever on the current Tokio runtime: at once, then after each wake-up of
/// `wakeup` or every `poll`, logging what it did and, once per failure, why it could not.
/// Each round runs in a `job` span (its name and a round number), as each request runs in
/// a `request` span, so what the adapters log during a round says which round it was.
pub fn spawn_worker<R, F, Fut, E>(
    job: &'static str,
    poll: Duration,
    wakeup: Option<Arc<Notify>>,
    round: F,
) where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = Result<R, E>> + Send,
    R: RoundReport,
    E: std::fmt::Display,
{
    tokio::spawn(async move {
        for number in 1u64.. {
            let span = tracing::info_span!("job", job, round = number);
            let more = match tracing::Instrument::instrument(round(), span).await {
                Ok(report) if report.is_quiet() => false,
                Ok(report) => {
                    report.log(job);
                    report.more_waiting()
                }
                Err(e) => {
                    tracing::warn!(job, error = %e, "round failed; tried again next round");
                    false
                }
            };
            if more {
                continue;
            }
            match &wakeup {
                Some(notify) => tokio::select! {
                    () = notify.notified() => {}
                    () = tokio::time::sleep(poll) => {}
                },
                None => tokio::time::sleep(poll).await,
            }
        }
    });
}

/// Reads the shared cache version every [`crate::public_cache::FOLLOW_EVERY`], so writes on
/// other instances reach this one's cache within a second. It is also how an instance
/// notices that the database is back after an outage (logged once each way).
pub fn follow_public_cache(cache: Arc<crate::public_cache::PublicCache>) {
    tokio::spawn(async move {
        loop {
            match cache.follow().await {
                Ok(()) => crate::outage::database_back(),
                Err(e) => crate::outage::database_away(&anyhow::Error::new(e)),
            }
            tokio::time::sleep(crate::public_cache::FOLLOW_EVERY).await;
        }
    });
}

/// Starts the background jobs on the current Tokio runtime.
pub fn spawn(state: &AppState) {
    follow_public_cache(state.public_cache.clone());
    crate::memory::spawn_give_back();

    let sessions = state.sessions.clone();
    let limits = state.limits.per_client.clone();
    let clock = state.clock.clone();
    let failures = std::sync::Arc::new(adapters::SeaOrmSignInFailures::new(state.db.clone()));
    spawn_worker("session purge", SESSION_PURGE, None, move || {
        let (sessions, limits, failures, now) = (
            sessions.clone(),
            limits.clone(),
            failures.clone(),
            clock.now(),
        );
        async move {
            // Idempotent deletes: any instance may run them.
            let purged = sessions.purge_expired(now).await?;
            limits.purge_expired(now).await?;
            failures
                .purge(now - domain::user::lockout::failure_window())
                .await?;
            Ok::<usize, domain::StoreError>(usize::try_from(purged).unwrap_or(usize::MAX))
        }
    });

    let schedules = state.schedules.clone();
    let clock = state.clock.clone();
    spawn_worker("schedule reminders", REMINDER_POLL, None, move || {
        let (schedules, now) = (schedules.clone(), clock.now());
        async move { schedules.send_due_reminders(now).await }
    });

    let (digests, sign_ups, clock) = (
        state.digests.clone(),
        state.subscriptions.clone(),
        state.clock.clone(),
    );
    spawn_worker("subscription mail", SUBSCRIPTION_POLL, None, move || {
        let (digests, sign_ups, now) = (digests.clone(), sign_ups.clone(), clock.now());
        async move {
            // Sign-ups nobody confirmed in time go first (an idempotent delete).
            sign_ups.purge_unconfirmed().await?;
            digests.send_due(now).await
        }
    });

    let media = state.media.clone();
    spawn_worker("picture clean-up", MEDIA_CLEAN_UP, None, move || {
        let media = media.clone();
        async move { media.clean_up().await }
    });

    if state.config.backups.every_hours > 0 {
        let backups = state.backups.service.clone();
        spawn_worker("backups", BACKUP_POLL, None, move || {
            backup::round(backups.clone())
        });
    }

    let social = state.social_delivery.clone();
    let platforms: Vec<&str> = social.platforms().iter().map(|p| p.label()).collect();
    if platforms.is_empty() {
        tracing::info!(
            "no social platform credentials: exported posts stay queued in social_posts"
        );
    } else {
        tracing::info!(platforms = %platforms.join(", "), "social exports are posted in the background");
        spawn_worker(
            "social delivery",
            SOCIAL_POLL,
            Some(state.social_wakeup.clone()),
            move || {
                let social = social.clone();
                async move { social.deliver_due().await }
            },
        );
    }

    if let Some(mail) = state.mail_delivery.clone() {
        tracing::info!("mail goes out over SMTP (SMTP_URL); the outbox keeps a copy");
        spawn_worker(
            "mail delivery",
            MAIL_POLL,
            Some(state.mail_wakeup.clone()),
            move || {
                let mail = mail.clone();
                async move { mail.deliver_due().await }
            },
        );
    } else {
        tracing::info!("SMTP_URL is not set: mail is kept in the mail_outbox table and the log");
    }
}
