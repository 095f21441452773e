//! Failed sign-ins per account (`sign_in_failures`) and the lock (`users.locked_until`),
//! shared by every instance.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::user::UserId;
use domain::user::lockout::SignInFailures;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{sign_in_failures, users};

pub struct SeaOrmSignInFailures {
    db: Db,
}

impl SeaOrmSignInFailures {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    async fn forget_failures(&self, user: &UserId) -> Result<(), StoreError> {
        sign_in_failures::Entity::delete_many()
            .filter(sign_in_failures::Column::UserId.eq(user.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}

#[async_trait]
impl SignInFailures for SeaOrmSignInFailures {
    async fn record(
        &self,
        user: &UserId,
        at: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        sign_in_failures::Entity::insert(sign_in_failures::ActiveModel {
            user_id: Set(user.as_str().to_owned()),
            failed_at: Set(at),
            ..Default::default()
        })
        .exec(&self.db)
        .await
        .map_err(store_err)?;
        let count = sign_in_failures::Entity::find()
            .filter(sign_in_failures::Column::UserId.eq(user.as_str()))
            .filter(sign_in_failures::Column::FailedAt.gt(since))
            .count(&self.db)
            .await
            .map_err(store_err)?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    async fn lock(
        &self,
        user: &UserId,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        // Only a call that finds the account unlocked sets the lock, so one mail goes out.
        let set = users::Entity::update_many()
            .col_expr(users::Column::LockedUntil, Expr::value(Some(until)))
            .filter(users::Column::Id.eq(user.as_str()))
            .filter(
                Condition::any()
                    .add(users::Column::LockedUntil.is_null())
                    .add(users::Column::LockedUntil.lte(now)),
            )
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        if set.rows_affected == 0 {
            return Ok(false);
        }
        self.forget_failures(user).await?;
        Ok(true)
    }

    async fn locked_until(
        &self,
        user: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Option<DateTime<Utc>>, StoreError> {
        let until: Option<Option<DateTime<Utc>>> = users::Entity::find_by_id(user.as_str())
            .select_only()
            .column(users::Column::LockedUntil)
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        Ok(until.flatten().filter(|t| *t > now))
    }

    async fn clear(&self, user: &UserId) -> Result<(), StoreError> {
        self.forget_failures(user).await?;
        users::Entity::update_many()
            .col_expr(
                users::Column::LockedUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(users::Column::Id.eq(user.as_str()))
            .filter(users::Column::LockedUntil.is_not_null())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
