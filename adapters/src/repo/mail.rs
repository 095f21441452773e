//! Outgoing mail. Every message is first recorded in the `mail_outbox` table (and the log),
//! so nothing is lost when the mail server is away. With `SMTP_URL` set, [`SmtpDelivery`]
//! sends what the outbox holds: it claims a batch in one statement (`FOR UPDATE SKIP
//! LOCKED` on PostgreSQL) so that several server instances never send the same message,
//! and retries a failed one with backoff until [`MAX_DELIVERY_ATTEMPTS`].

use std::sync::Arc;
use std::time::Duration as StdDuration;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use domain::StoreError;
use domain::mail::{
    DELIVERY_LEASE_SECONDS, DeliveryState, MAX_DELIVERY_ATTEMPTS, MailOutbox, Mailer, OutboxEntry,
    OutgoingMail, retry_delay,
};
use domain::story::Page;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, Statement,
};
use tokio::sync::Notify;

use crate::db::{portable_sql, store_err};
use crate::entity::mail_outbox;

/// Records every message in the outbox; wakes the delivery worker when there is one.
pub struct OutboxMailer {
    db: DatabaseConnection,
    wakeup: Option<Arc<Notify>>,
}

impl OutboxMailer {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db, wakeup: None }
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
        // A subject built from a long story title must not fail the action that mails it.
        let subject = fit_subject(&mail.subject);
        tracing::info!(to = %mail.to, subject = %subject, "mail recorded in the outbox");
        mail_outbox::ActiveModel {
            recipient: Set(mail.to),
            subject: Set(subject),
            body: Set(mail.body),
            created_at: Set(Utc::now()),
            sent_at: Set(None),
            attempts: Set(0),
            last_error: Set(None),
            next_attempt_at: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        if let Some(wakeup) = &self.wakeup {
            wakeup.notify_one();
        }
        Ok(())
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

fn to_entry(m: mail_outbox::Model) -> OutboxEntry {
    OutboxEntry {
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        body: m.body,
        created_at: m.created_at,
        sent_at: m.sent_at,
        attempts: u32::try_from(m.attempts).unwrap_or(0),
        last_error: m.last_error,
    }
}

/// Reads the outbox for the super admin, and gives failed messages another try.
pub struct SeaOrmMailOutbox {
    db: DatabaseConnection,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmMailOutbox {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db, wakeup: None }
    }

    /// Notifies `wakeup` when a message is due again (the SMTP worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

#[async_trait]
impl MailOutbox for SeaOrmMailOutbox {
    async fn page(
        &self,
        state: Option<DeliveryState>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<OutboxEntry>, StoreError> {
        use mail_outbox::Column as C;
        let max = i32::try_from(MAX_DELIVERY_ATTEMPTS).unwrap_or(i32::MAX);
        let mut query = mail_outbox::Entity::find();
        query = match state {
            None => query,
            Some(DeliveryState::Sent) => query.filter(C::SentAt.is_not_null()),
            Some(DeliveryState::Pending) => query
                .filter(C::SentAt.is_null())
                .filter(C::Attempts.lt(max)),
            Some(DeliveryState::Failed) => query
                .filter(C::SentAt.is_null())
                .filter(C::Attempts.gte(max)),
        };
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let rows = query
            .order_by_desc(C::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(Page {
            items: rows.into_iter().map(to_entry).collect(),
            total,
        })
    }

    async fn retry(&self, id: i64) -> Result<Option<OutboxEntry>, StoreError> {
        use mail_outbox::Column as C;
        let max = i32::try_from(MAX_DELIVERY_ATTEMPTS).unwrap_or(i32::MAX);
        let reset = mail_outbox::Entity::update_many()
            .col_expr(C::Attempts, Expr::value(0))
            .col_expr(C::NextAttemptAt, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(C::Id.eq(id))
            .filter(C::SentAt.is_null())
            .filter(C::Attempts.gte(max))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        if reset.rows_affected == 0 {
            return Ok(None);
        }
        if let Some(wakeup) = &self.wakeup {
            wakeup.notify_one();
        }
        Ok(mail_outbox::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_entry))
    }

    async fn exists(&self, id: i64) -> Result<bool, StoreError> {
        Ok(mail_outbox::Entity::find_by_id(id)
            .count(&self.db)
            .await
            .map_err(store_err)?
            > 0)
    }
}

/// What one delivery round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryReport {
    /// Accepted by the SMTP server.
    pub sent: usize,
    /// Refused or not reachable; tried again later unless the attempts are used up.
    pub failed: usize,
}

/// Messages claimed per statement.
const BATCH: u64 = 20;
/// Batches per round, so one round never runs unbounded.
const MAX_BATCHES: usize = 10;

/// Sends the outbox over SMTP.
pub struct SmtpDelivery {
    db: DatabaseConnection,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpDelivery {
    /// `smtp_url` as lettre reads it: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host:465` (TLS) or `smtp://host:25` (plain, for a local relay).
    /// Mail goes out from `sender_name <sender_email>`.
    ///
    /// # Errors
    /// When the URL or the sender address cannot be read.
    pub fn new(
        db: DatabaseConnection,
        smtp_url: &str,
        sender_name: &str,
        sender_email: &str,
    ) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| anyhow::anyhow!("SMTP_URL cannot be read: {e}"))?
            .timeout(Some(StdDuration::from_secs(20)))
            .build();
        let address = sender_email
            .parse()
            .map_err(|e| anyhow::anyhow!("mail sender {sender_email:?}: {e}"))?;
        Ok(Self {
            db,
            transport,
            from: Mailbox::new(Some(sender_name.to_owned()), address),
        })
    }

    /// Sends every message that is due, a batch at a time.
    ///
    /// # Errors
    /// When the outbox cannot be read or updated (a refused message is not an error: it is
    /// counted in [`DeliveryReport::failed`] and kept for a later try).
    pub async fn deliver_due(&self) -> Result<DeliveryReport, StoreError> {
        let mut report = DeliveryReport::default();
        for _ in 0..MAX_BATCHES {
            let batch = self.claim().await?;
            if batch.is_empty() {
                break;
            }
            for message in batch {
                let id = message.id;
                match self.send_one(&message).await {
                    Ok(()) => {
                        self.mark_sent(id).await?;
                        report.sent += 1;
                    }
                    Err((error, permanent)) => {
                        tracing::warn!(id, to = %message.recipient, %error, permanent, "mail not delivered");
                        self.mark_failed(&message, &error, permanent).await?;
                        report.failed += 1;
                    }
                }
            }
        }
        Ok(report)
    }

    /// Takes up to [`BATCH`] due messages in one statement and leases them, counting the
    /// attempt, so no other worker takes them while this one sends.
    async fn claim(&self) -> Result<Vec<mail_outbox::Model>, StoreError> {
        let now = Utc::now();
        let lease_until = now + Duration::seconds(DELIVERY_LEASE_SECONDS);
        let backend = self.db.get_database_backend();
        let max = i32::try_from(MAX_DELIVERY_ATTEMPTS).unwrap_or(i32::MAX);
        let batch = i64::try_from(BATCH).unwrap_or(20);
        let sql = portable_sql(
            backend,
            r#"UPDATE "mail_outbox" SET "attempts" = "attempts" + 1, "next_attempt_at" = $1
               WHERE "id" IN (
                 SELECT "id" FROM "mail_outbox"
                 WHERE "sent_at" IS NULL AND "attempts" < $2
                   AND ("next_attempt_at" IS NULL OR "next_attempt_at" <= $3)
                 ORDER BY "id" LIMIT $4 FOR UPDATE SKIP LOCKED)
               RETURNING *"#,
        );
        let statement = Statement::from_sql_and_values(
            backend,
            sql,
            [lease_until.into(), max.into(), now.into(), batch.into()],
        );
        let mut rows = mail_outbox::Entity::find()
            .from_raw_sql(statement)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        rows.sort_by_key(|m| m.id);
        Ok(rows)
    }

    /// Hands one message to the SMTP server; the error says whether trying again is
    /// pointless (a refused address, a 5xx answer).
    async fn send_one(&self, m: &mail_outbox::Model) -> Result<(), (String, bool)> {
        let to = m
            .recipient
            .parse::<Mailbox>()
            .map_err(|e| (format!("bad recipient address: {e}"), true))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(m.body.clone())
            .map_err(|e| (format!("message cannot be built: {e}"), true))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| (e.to_string(), e.is_permanent()))
    }

    async fn mark_sent(&self, id: i64) -> Result<(), StoreError> {
        mail_outbox::Entity::update_many()
            .col_expr(mail_outbox::Column::SentAt, Utc::now().into())
            .col_expr(
                mail_outbox::Column::LastError,
                Option::<String>::None.into(),
            )
            .col_expr(
                mail_outbox::Column::NextAttemptAt,
                Option::<chrono::DateTime<Utc>>::None.into(),
            )
            .filter(mail_outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn mark_failed(
        &self,
        m: &mail_outbox::Model,
        error: &str,
        permanent: bool,
    ) -> Result<(), StoreError> {
        let attempts = u32::try_from(m.attempts).unwrap_or(MAX_DELIVERY_ATTEMPTS);
        let attempts = if permanent {
            MAX_DELIVERY_ATTEMPTS.max(attempts)
        } else {
            attempts
        };
        let error: String = error.chars().take(1000).collect();
        mail_outbox::Entity::update_many()
            .col_expr(
                mail_outbox::Column::Attempts,
                i32::try_from(attempts).unwrap_or(i32::MAX).into(),
            )
            .col_expr(mail_outbox::Column::LastError, Some(error).into())
            .col_expr(
                mail_outbox::Column::NextAttemptAt,
                Some(Utc::now() + retry_delay(attempts)).into(),
            )
            .filter(mail_outbox::Column::Id.eq(m.id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
