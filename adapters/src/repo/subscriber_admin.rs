//! The super admin's side of subscriptions: counts, pages and the export of `subscriptions`,
//! the permanent failures of `subscription_bounces`, and the default frequency among the
//! site's `settings`. Each change is written with its activity-log entry in one transaction.

use std::sync::Arc;

use async_trait::async_trait;
use domain::StoreError;
use domain::audit::{AuditLog, NewAuditEntry};
use domain::paging::Page;
use domain::subscription::{
    DEFAULT_FREQUENCY_SETTING, NewBounce, StoredBounce, SubscriberAdminStore, SubscriberCounts,
    SubscriptionSettings,
};
use domain::subscription::{Frequency, Subscription, SubscriptionRepository, SubscriptionStatus};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, EntityTrait, FromQueryResult, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::audit::SeaOrmAuditLog;
use super::subscriptions::{SeaOrmSubscriptionRepository, to_domain};
use crate::db::Db;
use crate::db::store_err;
use crate::entity::{settings, subscription_bounces, subscriptions};

pub struct SeaOrmSubscriberAdmin {
    db: Db,
}

impl SeaOrmSubscriberAdmin {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// A transaction and the handle the repositories write through inside it.
    async fn begin(&self) -> Result<(Arc<DatabaseTransaction>, Db), StoreError> {
        let txn = Arc::new(self.db.begin().await.map_err(store_err)?);
        let inside = self.db.in_transaction(txn.clone());
        Ok((txn, inside))
    }

    async fn commit(txn: Arc<DatabaseTransaction>, inside: Db) -> Result<(), StoreError> {
        drop(inside);
        let txn = Arc::try_unwrap(txn).map_err(|_| {
            StoreError::Unknown(anyhow::anyhow!(
                "a handle on the subscriber transaction outlived it"
            ))
        })?;
        txn.commit().await.map_err(store_err)
    }
}

fn bounce_to_domain(m: subscription_bounces::Model) -> StoredBounce {
    StoredBounce {
        id: m.id,
        bounce: NewBounce {
            subscription_id: m.subscription_id,
            address: m.address,
            status: m.status,
            diagnostic: m.diagnostic,
            report: m.raw_report,
            received_at: m.received_at,
        },
    }
}

#[derive(Debug, FromQueryResult)]
struct CountRow {
    status: String,
    frequency: String,
    n: i64,
}

#[async_trait]
impl SubscriptionSettings for SeaOrmSubscriberAdmin {
    async fn default_frequency(&self) -> Result<Frequency, StoreError> {
        let stored = settings::Entity::find_by_id(DEFAULT_FREQUENCY_SETTING.to_owned())
            .one(&self.db)
            .await
            .map_err(store_err)?;
        // A value this version does not know reads as the default, as nothing stored does.
        Ok(stored
            .and_then(|m| m.value.parse::<Frequency>().ok())
            .unwrap_or_default())
    }
}

#[async_trait]
impl SubscriberAdminStore for SeaOrmSubscriberAdmin {
    async fn counts(&self) -> Result<SubscriberCounts, StoreError> {
        use subscriptions::Column as C;
        let rows = subscriptions::Entity::find()
            .select_only()
            .column(C::Status)
            .column(C::Frequency)
            .column_as(C::Id.count(), "n")
            .group_by(C::Status)
            .group_by(C::Frequency)
            .into_model::<CountRow>()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let mut counts = SubscriberCounts::default();
        for row in rows {
            // A row this version cannot name is left out rather than failing the summary.
            if let (Ok(status), Ok(frequency)) = (
                row.status.parse::<SubscriptionStatus>(),
                row.frequency.parse::<Frequency>(),
            ) {
                counts.add(status, frequency, u64::try_from(row.n).unwrap_or(0));
            }
        }
        Ok(counts)
    }

    async fn page(
        &self,
        status: Option<SubscriptionStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<Subscription>, StoreError> {
        let mut query = subscriptions::Entity::find();
        if let Some(status) = status {
            query = query.filter(subscriptions::Column::Status.eq(status.as_str()));
        }
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let items = query
            .order_by_desc(subscriptions::Column::CreatedAt)
            .order_by_desc(subscriptions::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect::<Result<_, _>>()?;
        Ok(Page { items, total })
    }

    async fn all(&self) -> Result<Vec<Subscription>, StoreError> {
        subscriptions::Entity::find()
            .order_by_asc(subscriptions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn bounces(&self, limit: u64, offset: u64) -> Result<Page<StoredBounce>, StoreError> {
        let total = subscription_bounces::Entity::find()
            .count(&self.db)
            .await
            .map_err(store_err)?;
        let items = subscription_bounces::Entity::find()
            .order_by_desc(subscription_bounces::Column::ReceivedAt)
            .order_by_desc(subscription_bounces::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(bounce_to_domain)
            .collect();
        Ok(Page { items, total })
    }

    async fn record_bounce(
        &self,
        subscription: &Subscription,
        bounce: &NewBounce,
        entry: Option<&NewAuditEntry>,
    ) -> Result<(), StoreError> {
        let (txn, inside) = self.begin().await?;
        subscription_bounces::Entity::insert(subscription_bounces::ActiveModel {
            subscription_id: Set(bounce.subscription_id),
            address: Set(bounce.address.chars().take(255).collect()),
            status: Set(bounce.status.chars().take(32).collect()),
            diagnostic: Set(bounce.diagnostic.clone()),
            raw_report: Set(bounce.report.clone()),
            received_at: Set(bounce.received_at),
            ..Default::default()
        })
        .exec(&inside)
        .await
        .map_err(store_err)?;
        SeaOrmSubscriptionRepository::new(inside.clone())
            .save(subscription)
            .await?;
        if let Some(entry) = entry {
            SeaOrmAuditLog::new(inside.clone())
                .record(std::slice::from_ref(entry))
                .await?;
        }
        Self::commit(txn, inside).await
    }

    async fn delete(&self, id: i64, entry: &NewAuditEntry) -> Result<bool, StoreError> {
        let (txn, inside) = self.begin().await?;
        // The bounces go by the foreign key's cascade.
        let done = subscriptions::Entity::delete_by_id(id)
            .exec(&inside)
            .await
            .map_err(store_err)?;
        if done.rows_affected == 0 {
            return Ok(false);
        }
        SeaOrmAuditLog::new(inside.clone())
            .record(std::slice::from_ref(entry))
            .await?;
        Self::commit(txn, inside).await?;
        Ok(true)
    }

    async fn set_default_frequency(
        &self,
        frequency: Frequency,
        entry: &NewAuditEntry,
    ) -> Result<(), StoreError> {
        let (txn, inside) = self.begin().await?;
        settings::Entity::insert(settings::ActiveModel {
            key: Set(DEFAULT_FREQUENCY_SETTING.to_owned()),
            value: Set(frequency.as_str().to_owned()),
        })
        .on_conflict(
            OnConflict::column(settings::Column::Key)
                .update_column(settings::Column::Value)
                .to_owned(),
        )
        .exec(&inside)
        .await
        .map_err(store_err)?;
        SeaOrmAuditLog::new(inside.clone())
            .record(std::slice::from_ref(entry))
            .await?;
        Self::commit(txn, inside).await
    }
}
