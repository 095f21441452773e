//! Recording outgoing mail in the outbox (in the caller's transaction when it runs in a
//! unit of work).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::mail::{Mailer, OutgoingMail};
use sea_orm::{ActiveModelTrait, Set};
use tokio::sync::Notify;

use crate::db::{Db, store_err};
use crate::entity::mail_outbox;

/// Records every message in the outbox; wakes the delivery worker when there is one.
pub struct OutboxMailer {
    db: Db,
    wakeup: Option<Arc<Notify>>,
}

impl OutboxMailer {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            wakeup: None,
        }
    }

    /// Notifies `wakeup` after each recorded message (the SMTP worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), StoreError> {
        outbox_row(mail, self.db.now())
            .insert(&self.db)
            .await
            .map_err(store_err)?;
        if let Some(wakeup) = &self.wakeup {
            wakeup.notify_one();
        }
        Ok(())
    }
}

/// One outbox row for `mail`, due at once, logged (without `SMTP_URL` the log is where a small
/// site reads its mail). A subject built from a long story title is cut to fit rather than
/// failing the action that mails it.
pub(crate) fn outbox_row(mail: OutgoingMail, now: DateTime<Utc>) -> mail_outbox::ActiveModel {
    let subject = fit_subject(&mail.subject);
    tracing::info!(to = %mail.to, subject = %subject, "mail recorded in the outbox");
    mail_outbox::ActiveModel {
        recipient: Set(mail.to),
        subject: Set(subject),
        body: Set(mail.body),
        html: Set(mail.html),
        unsubscribe: Set(mail.unsubscribe),
        created_at: Set(now),
        sent_at: Set(None),
        attempts: Set(0),
        last_error: Set(None),
        next_attempt_at: Set(None),
        ..Default::default()
    }
}

/// The most characters `mail_outbox.subject` holds.
pub(crate) const SUBJECT_MAX_CHARS: usize = 255;

/// `subject` cut to [`SUBJECT_MAX_CHARS`], ending in "…" when cut.
pub(crate) fn fit_subject(subject: &str) -> String {
    if subject.chars().count() <= SUBJECT_MAX_CHARS {
        return subject.to_owned();
    }
    let mut cut: String = subject.chars().take(SUBJECT_MAX_CHARS - 1).collect();
    cut.push('…');
    cut
}
