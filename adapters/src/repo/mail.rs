//! Outgoing mail. Every message is first recorded in the `mail_outbox` table (and the log),
//! so nothing is lost when the mail server is away. With `SMTP_URL` set, the domain's
//! `MailDelivery` sends what the outbox holds through [`SeaOrmMailQueue`] (a batch claimed
//! in one statement, `FOR UPDATE SKIP LOCKED` on PostgreSQL, so several server instances
//! never send the same message) and `SmtpTransport`.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::mail::{
    ClaimedMail, DeliveryState, MAX_DELIVERY_ATTEMPTS, MailOutbox, MailQueue, Mailer, OutboxEntry,
    OutgoingMail,
};
use domain::paging::Page;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use tokio::sync::Notify;

use crate::db::Db;
use crate::db::{Claim, store_err};
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
        // A subject built from a long story title must not fail the action that mails it.
        let subject = fit_subject(&mail.subject);
        tracing::info!(to = %mail.to, subject = %subject, "mail recorded in the outbox");
        mail_outbox::ActiveModel {
            recipient: Set(mail.to),
            subject: Set(subject),
            body: Set(mail.body),
            html: Set(mail.html),
            unsubscribe: Set(mail.unsubscribe),
            created_at: Set(self.db.now()),
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
    db: Db,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmMailOutbox {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            wakeup: None,
        }
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

/// The outbox as the delivery worker's queue: an atomic claim of due messages, and their
/// outcome.
pub struct SeaOrmMailQueue {
    db: Db,
}

impl SeaOrmMailQueue {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl MailQueue for SeaOrmMailQueue {
    /// One statement ([`Claim`]).
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedMail>, StoreError> {
        use mail_outbox::Column as C;
        let max = i32::try_from(MAX_DELIVERY_ATTEMPTS).unwrap_or(i32::MAX);
        let statement = Claim {
            entity: mail_outbox::Entity,
            id: C::Id,
            due: Condition::all()
                .add(C::SentAt.is_null())
                .add(C::Attempts.lt(max))
                .add(
                    Condition::any()
                        .add(C::NextAttemptAt.is_null())
                        .add(C::NextAttemptAt.lte(now)),
                ),
            order: vec![C::Id],
            limit: u64::from(limit),
            changes: vec![
                (C::Attempts, Expr::col(C::Attempts).add(1)),
                (C::NextAttemptAt, Expr::val(lease_until)),
            ],
        }
        .statement(self.db.get_database_backend());
        let mut rows = mail_outbox::Entity::find()
            .from_raw_sql(statement)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        rows.sort_by_key(|m| m.id);
        Ok(rows
            .into_iter()
            .map(|m| ClaimedMail {
                id: m.id,
                attempts: u32::try_from(m.attempts).unwrap_or(MAX_DELIVERY_ATTEMPTS),
                mail: OutgoingMail {
                    to: m.recipient,
                    subject: m.subject,
                    body: m.body,
                    html: m.html,
                    unsubscribe: m.unsubscribe,
                },
            })
            .collect())
    }

    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        mail_outbox::Entity::update_many()
            .col_expr(mail_outbox::Column::SentAt, at.into())
            .col_expr(
                mail_outbox::Column::LastError,
                Option::<String>::None.into(),
            )
            .col_expr(
                mail_outbox::Column::NextAttemptAt,
                Option::<DateTime<Utc>>::None.into(),
            )
            .filter(mail_outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn mark_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        let error: String = error.chars().take(1000).collect();
        let mut update = mail_outbox::Entity::update_many()
            .col_expr(mail_outbox::Column::LastError, Some(error).into())
            .col_expr(mail_outbox::Column::NextAttemptAt, retry_at.into())
            .filter(mail_outbox::Column::Id.eq(id));
        if retry_at.is_none() {
            // No tries left: the outbox shows it as failed.
            let max = i32::try_from(MAX_DELIVERY_ATTEMPTS).unwrap_or(i32::MAX);
            // (A claim never takes a message with no tries left, so attempts ≤ max.)
            update = update.col_expr(mail_outbox::Column::Attempts, max.into());
        }
        update.exec(&self.db).await.map_err(store_err)?;
        Ok(())
    }
}
