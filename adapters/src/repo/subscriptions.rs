//! Subscriptions in the `subscriptions` table, one row per address.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::subscription::{
    Frequency, NewSubscription, Subscription, SubscriptionConsent, SubscriptionRepository,
    SubscriptionStatus,
};
use domain::user::UserId;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::db::Db;
use crate::db::{Claim, store_err};
use crate::entity::subscriptions;

pub struct SeaOrmSubscriptionRepository {
    db: Db,
}

impl SeaOrmSubscriptionRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn unknown(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unknown(anyhow::anyhow!("subscriptions: {e}"))
}

pub(crate) fn to_domain(m: subscriptions::Model) -> Result<Subscription, StoreError> {
    Ok(Subscription {
        id: m.id,
        email: m.email,
        user_id: m.user_id.map(UserId::new),
        frequency: m.frequency.parse::<Frequency>().map_err(unknown)?,
        categories: serde_json::from_str(&m.categories).map_err(unknown)?,
        status: m.status.parse::<SubscriptionStatus>().map_err(unknown)?,
        created_at: m.created_at,
        confirmed_at: m.confirmed_at,
        covered_until: m.covered_until,
        hard_bounces: u32::try_from(m.hard_bounces).unwrap_or(0),
        consent: SubscriptionConsent {
            wording: m.consent_wording,
            page: m.consent_page,
            at: m.consent_at,
        },
    })
}

fn categories_json(names: &[String]) -> Result<String, StoreError> {
    serde_json::to_string(names).map_err(unknown)
}

#[async_trait]
impl SubscriptionRepository for SeaOrmSubscriptionRepository {
    async fn find_by_email(&self, email: &str) -> Result<Option<Subscription>, StoreError> {
        subscriptions::Entity::find()
            .filter(subscriptions::Column::Email.eq(email.to_lowercase()))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn find_by_token(&self, token_hash: &str) -> Result<Option<Subscription>, StoreError> {
        subscriptions::Entity::find()
            .filter(subscriptions::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn put(
        &self,
        new: NewSubscription,
        token_hash: &str,
    ) -> Result<Subscription, StoreError> {
        use subscriptions::Column as C;
        let email = new.email.into_inner();
        let row = subscriptions::ActiveModel {
            email: Set(email.clone()),
            user_id: Set(new.user_id.map(|u| u.as_str().to_owned())),
            frequency: Set(new.frequency.as_str().to_owned()),
            categories: Set(categories_json(&new.categories)?),
            status: Set(new.status.as_str().to_owned()),
            token_hash: Set(token_hash.to_owned()),
            created_at: Set(new.created_at),
            confirmed_at: Set(new.confirmed_at),
            covered_until: Set(new.confirmed_at),
            hard_bounces: Set(0),
            consent_wording: Set(new.consent.wording),
            consent_page: Set(new.consent.page),
            consent_at: Set(new.consent.at),
            ..Default::default()
        };
        // One statement whoever else signs the same address up at the same moment: the
        // last sign-up wins and the row keeps its id.
        subscriptions::Entity::insert(row)
            .on_conflict(
                OnConflict::column(C::Email)
                    .update_columns([
                        C::UserId,
                        C::Frequency,
                        C::Categories,
                        C::Status,
                        C::TokenHash,
                        C::CreatedAt,
                        C::ConfirmedAt,
                        C::CoveredUntil,
                        C::HardBounces,
                        C::ConsentWording,
                        C::ConsentPage,
                        C::ConsentAt,
                    ])
                    .to_owned(),
            )
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        self.find_by_email(&email)
            .await?
            .ok_or_else(|| unknown("the stored subscription is gone"))
    }

    async fn set_token(&self, id: i64, token_hash: &str) -> Result<(), StoreError> {
        subscriptions::Entity::update_many()
            .col_expr(
                subscriptions::Column::TokenHash,
                sea_orm::sea_query::Expr::value(token_hash.to_owned()),
            )
            .filter(subscriptions::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn save(&self, s: &Subscription) -> Result<(), StoreError> {
        let row = subscriptions::ActiveModel {
            id: sea_orm::ActiveValue::Unchanged(s.id),
            frequency: Set(s.frequency.as_str().to_owned()),
            categories: Set(categories_json(&s.categories)?),
            status: Set(s.status.as_str().to_owned()),
            confirmed_at: Set(s.confirmed_at),
            covered_until: Set(s.covered_until),
            hard_bounces: Set(i32::try_from(s.hard_bounces).unwrap_or(i32::MAX)),
            ..Default::default()
        };
        subscriptions::Entity::update_many()
            .set(row)
            .filter(subscriptions::Column::Id.eq(s.id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn delete_pending_made_by(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = subscriptions::Entity::delete_many()
            .filter(subscriptions::Column::Status.eq(SubscriptionStatus::Pending.as_str()))
            .filter(subscriptions::Column::CreatedAt.lte(before))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected)
    }

    async fn of_account(
        &self,
        user_id: &UserId,
        email: &str,
    ) -> Result<Vec<Subscription>, StoreError> {
        subscriptions::Entity::find()
            .filter(
                Condition::any()
                    .add(subscriptions::Column::UserId.eq(user_id.as_str()))
                    .add(subscriptions::Column::Email.eq(email.to_lowercase())),
            )
            .order_by_asc(subscriptions::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn find(&self, id: i64) -> Result<Option<Subscription>, StoreError> {
        subscriptions::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn claim_due(
        &self,
        frequency: Frequency,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Subscription>, StoreError> {
        use subscriptions::Column as C;
        // What the subscription covers already: as `Subscription::covered_since`.
        let covered = Func::coalesce([
            Expr::col(C::CoveredUntil),
            Expr::col(C::ConfirmedAt),
            Expr::col(C::CreatedAt),
        ]);
        let due = Condition::all()
            .add(C::Status.eq(SubscriptionStatus::Confirmed.as_str()))
            .add(C::Frequency.eq(frequency.as_str()))
            .add(Expr::expr(covered).lt(until))
            .add(
                Condition::any()
                    .add(C::LeaseUntil.is_null())
                    .add(C::LeaseUntil.lte(now)),
            );
        let statement = Claim {
            entity: subscriptions::Entity,
            id: C::Id,
            due,
            order: vec![C::Id],
            limit: u64::from(limit),
            changes: vec![(C::LeaseUntil, Expr::value(lease_until))],
        }
        .statement(self.db.get_database_backend());
        let mut rows = subscriptions::Entity::find()
            .from_raw_sql(statement)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        rows.sort_by_key(|m| m.id);
        rows.into_iter().map(to_domain).collect()
    }

    async fn release(&self, id: i64) -> Result<(), StoreError> {
        subscriptions::Entity::update_many()
            .col_expr(
                subscriptions::Column::LeaseUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(subscriptions::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}

#[async_trait]
impl domain::user::ports::SubscriptionsOfAccount for SeaOrmSubscriptionRepository {
    async fn delete_of_account(&self, user_id: &UserId, email: &str) -> Result<(), StoreError> {
        subscriptions::Entity::delete_many()
            .filter(
                Condition::any()
                    .add(subscriptions::Column::UserId.eq(user_id.as_str()))
                    .add(subscriptions::Column::Email.eq(email.to_lowercase())),
            )
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}

/// Marks claimed subscriptions done: they cover up to `covered_until`, and their leases end
/// (one statement, on a pool or inside a transaction: the digest's batches use it too).
pub(crate) async fn finish_many(
    db: &impl sea_orm::ConnectionTrait,
    ids: Vec<i64>,
    covered_until: DateTime<Utc>,
) -> Result<(), StoreError> {
    subscriptions::Entity::update_many()
        .col_expr(
            subscriptions::Column::CoveredUntil,
            Expr::value(covered_until),
        )
        .col_expr(
            subscriptions::Column::LeaseUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(subscriptions::Column::Id.is_in(ids))
        .exec(db)
        .await
        .map_err(store_err)?;
    Ok(())
}
