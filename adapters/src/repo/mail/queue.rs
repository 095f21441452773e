//! The delivery worker's side of the outbox: claiming due messages, marking them sent or
//! failed.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::mail::{ClaimedMail, MAX_DELIVERY_ATTEMPTS, MailQueue, OutgoingMail};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::db::{Claim, Db, store_err};
use crate::entity::mail_outbox;

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
