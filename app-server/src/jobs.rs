//! Background work of one server instance: purging expired sessions, mailing schedule
//! reminders, posting queued social exports to the platforms with credentials and, with
//! `SMTP_URL`, sending the mail outbox. Every instance runs them; rows are claimed one
//! statement at a time (`FOR UPDATE SKIP LOCKED` on PostgreSQL), so two instances never do
//! the same job.

use std::time::Duration;

use crate::state::AppState;

/// How often the mail worker looks at the outbox without being woken (mail recorded by
/// another instance, retries that became due).
const MAIL_POLL: Duration = Duration::from_secs(30);

/// How often the social delivery worker looks for queued posts without being woken (posts
/// queued by another instance, retries that became due).
const SOCIAL_POLL: Duration = Duration::from_secs(30);

/// How often expired sessions are deleted.
const SESSION_PURGE: Duration = Duration::from_secs(600);

/// How often schedule items coming due are looked for (their one reminder may be up to
/// this late).
const REMINDER_POLL: Duration = Duration::from_secs(300);

/// Starts the background jobs on the current Tokio runtime.
///
/// # Errors
/// When `SMTP_URL` or the sender address (`SITE_NAME`, `SUPPORT_EMAIL`) cannot be read.
pub fn spawn(state: &AppState) -> anyhow::Result<()> {
    spawn_session_purge(state);
    spawn_schedule_reminders(state);
    spawn_social_delivery(state);
    if let Some(url) = &state.config.smtp_url {
        let delivery = adapters::SmtpDelivery::new(
            state.db.clone(),
            url,
            &state.config.site_name,
            &state.config.support_email,
        )?;
        let wakeup = state.mail_wakeup.clone();
        tracing::info!("mail goes out over SMTP (SMTP_URL); the outbox keeps a copy");
        tokio::spawn(async move {
            loop {
                match delivery.deliver_due().await {
                    Ok(r) if r.sent + r.failed > 0 => {
                        tracing::info!(sent = r.sent, failed = r.failed, "mail delivery round");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "mail delivery could not read the outbox"),
                }
                tokio::select! {
                    () = wakeup.notified() => {}
                    () = tokio::time::sleep(MAIL_POLL) => {}
                }
            }
        });
    } else {
        tracing::info!("SMTP_URL is not set: mail is kept in the mail_outbox table and the log");
    }
    Ok(())
}

/// Deletes expired sessions and finished rate-limit windows (idempotent deletes: any
/// instance may run them).
fn spawn_session_purge(state: &AppState) {
    let repo = adapters::SeaOrmSessionRepository::new(state.db.clone());
    let limits = state.limits.clone();
    tokio::spawn(async move {
        use domain::session::SessionRepository;
        let mut tick = tokio::time::interval(SESSION_PURGE);
        loop {
            tick.tick().await;
            let now = chrono::Utc::now();
            match repo.purge_expired(now).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(purged = n, "expired sessions deleted"),
                Err(e) => tracing::warn!(error = %e, "session purge failed"),
            }
            if let Err(e) = limits.purge_expired(now).await {
                tracing::warn!(error = %e, "rate-limit purge failed");
            }
        }
    });
}

/// Mails the reminder of every schedule item due within 48 hours; each item is claimed in
/// the database, so only one instance mails it.
fn spawn_schedule_reminders(state: &AppState) {
    let schedules = state.schedules.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(REMINDER_POLL);
        loop {
            tick.tick().await;
            match schedules.send_due_reminders(chrono::Utc::now()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(reminded = n, "schedule reminders mailed"),
                Err(e) => {
                    tracing::warn!(error = %e, "schedule reminders failed; retried next round")
                }
            }
        }
    });
}

/// Posts queued social exports to the platforms with credentials: woken by each export and
/// every [`SOCIAL_POLL`]. Posts are claimed in the database, so only one instance sends each.
fn spawn_social_delivery(state: &AppState) {
    let delivery = state.social_delivery.clone();
    let platforms: Vec<&str> = delivery.platforms().iter().map(|p| p.label()).collect();
    if platforms.is_empty() {
        tracing::info!(
            "no social platform credentials: exported posts stay queued in social_posts"
        );
        return;
    }
    tracing::info!(platforms = %platforms.join(", "), "social exports are posted in the background");
    let wakeup = state.social_wakeup.clone();
    tokio::spawn(async move {
        loop {
            match delivery.deliver_due().await {
                Ok(r) if r.posted + r.retrying + r.failed > 0 => tracing::info!(
                    posted = r.posted,
                    retrying = r.retrying,
                    failed = r.failed,
                    "social delivery round"
                ),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "social delivery could not read the queue"),
            }
            tokio::select! {
                () = wakeup.notified() => {}
                () = tokio::time::sleep(SOCIAL_POLL) => {}
            }
        }
    });
}
