//! The super admin's reading of the outbox, and another try for a failed message.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::mail::{DeliveryState, MAX_DELIVERY_ATTEMPTS, MailOutbox, OutboxEntry};
use domain::paging::Page;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use tokio::sync::Notify;

use crate::db::{Db, store_err};
use crate::entity::mail_outbox;

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
