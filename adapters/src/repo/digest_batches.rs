//! A digest batch recorded in one transaction: its mails into the outbox (multi-row inserts)
//! and its subscriptions' coverage (one update), so a batch of 100 subscribers costs one
//! commit and a handful of statements, and a mail is never kept without its coverage.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::clock::{Clock, SystemClock};
use domain::mail::OutgoingMail;
use domain::subscription::DigestBatches;
use sea_orm::{DatabaseConnection, EntityTrait};
use tokio::sync::Notify;

use super::mail::writing::outbox_row;
use super::subscriptions::finish_many;
use crate::db::handle::begin_write;
use crate::db::store_err;
use crate::entity::mail_outbox;

/// Mails inserted per statement (ten columns each: well inside both engines' limits on
/// bound values).
const ROWS_PER_INSERT: usize = 500;

/// Records digest batches; wakes the delivery worker after each that holds mail.
pub struct SeaOrmDigestBatches {
    db: DatabaseConnection,
    clock: Arc<dyn Clock>,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmDigestBatches {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            clock: Arc::new(SystemClock),
            wakeup: None,
        }
    }

    /// Stamps the mails with `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// Notifies `wakeup` after a batch with mail commits (the SMTP worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

#[async_trait]
impl DigestBatches for SeaOrmDigestBatches {
    async fn record(
        &self,
        batch: Vec<(i64, Vec<OutgoingMail>)>,
        covered_until: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        if batch.is_empty() {
            return Ok(0);
        }
        let now = self.clock.now();
        let ids: Vec<i64> = batch.iter().map(|(id, _)| *id).collect();
        let mut rows: Vec<mail_outbox::ActiveModel> = batch
            .into_iter()
            .flat_map(|(_, mails)| mails)
            .map(|mail| outbox_row(mail, now))
            .collect();
        let mailed = rows.len();
        let txn = begin_write(&self.db).await.map_err(store_err)?;
        while !rows.is_empty() {
            let rest = rows.split_off(rows.len().min(ROWS_PER_INSERT));
            mail_outbox::Entity::insert_many(std::mem::replace(&mut rows, rest))
                .exec(&txn)
                .await
                .map_err(store_err)?;
        }
        finish_many(&txn, ids, covered_until).await?;
        txn.commit().await.map_err(store_err)?;
        if mailed > 0
            && let Some(wakeup) = &self.wakeup
        {
            wakeup.notify_one();
        }
        Ok(mailed)
    }
}
