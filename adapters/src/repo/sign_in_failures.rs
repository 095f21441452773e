//! Failed password checks by subject and source (`sign_in_failures`) and the locks
//! (`sign_in_locks`), shared by every instance.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::user::lockout::{FailureCount, LockState, SignInFailures};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set};

use crate::db::{Db, store_err};
use crate::entity::{sign_in_failures as failures, sign_in_locks as locks};

pub struct SeaOrmSignInFailures {
    db: Db,
}

impl SeaOrmSignInFailures {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// Forgets failures older than `before` and locks that ended before it (the clean-up
    /// job; a subject's own rows also go when it signs in or resets its password).
    ///
    /// # Errors
    /// The store's error.
    pub async fn purge(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let old = failures::Entity::delete_many()
            .filter(failures::Column::FailedAt.lt(before))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        let ended = locks::Entity::delete_many()
            .filter(locks::Column::LockedUntil.lt(before))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(old.rows_affected + ended.rows_affected)
    }

    async fn count(
        &self,
        subject: &str,
        source: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        let mut query = failures::Entity::find()
            .filter(failures::Column::Subject.eq(subject))
            .filter(failures::Column::FailedAt.gt(since));
        if let Some(source) = source {
            query = query.filter(failures::Column::Source.eq(source));
        }
        let n = query.count(&self.db).await.map_err(store_err)?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }
}

#[async_trait]
impl SignInFailures for SeaOrmSignInFailures {
    async fn record(
        &self,
        subject: &str,
        source: &str,
        at: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<FailureCount, StoreError> {
        failures::Entity::insert(failures::ActiveModel {
            subject: Set(subject.to_owned()),
            source: Set(source.to_owned()),
            failed_at: Set(at),
            ..Default::default()
        })
        .exec(&self.db)
        .await
        .map_err(store_err)?;
        Ok(FailureCount {
            from_source: self.count(subject, Some(source), since).await?,
            total: self.count(subject, None, since).await?,
        })
    }

    async fn lock(
        &self,
        subject: &str,
        source: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<Option<u32>, StoreError> {
        // Insert, or move an ended lock: only a call that finds the pair unlocked sets it,
        // so one mail goes out.
        let set = locks::Entity::insert(locks::ActiveModel {
            subject: Set(subject.to_owned()),
            source: Set(source.to_owned()),
            locked_until: Set(until),
        })
        .on_conflict(
            OnConflict::columns([locks::Column::Subject, locks::Column::Source])
                .update_column(locks::Column::LockedUntil)
                .action_and_where(Expr::col((locks::Entity, locks::Column::LockedUntil)).lte(now))
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await
        .map_err(store_err)?;
        if set == 0 {
            return Ok(None);
        }
        let held = locks::Entity::find()
            .filter(locks::Column::Subject.eq(subject))
            .filter(locks::Column::LockedUntil.gt(now))
            .count(&self.db)
            .await
            .map_err(store_err)?;
        Ok(Some(u32::try_from(held).unwrap_or(u32::MAX)))
    }

    async fn state(
        &self,
        subject: &str,
        source: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<LockState, StoreError> {
        let locked_until: Option<DateTime<Utc>> = locks::Entity::find()
            .select_only()
            .column(locks::Column::LockedUntil)
            .filter(locks::Column::Subject.eq(subject))
            .filter(locks::Column::Source.eq(source))
            .filter(locks::Column::LockedUntil.gt(now))
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let recent: Option<(i64, Option<DateTime<Utc>>)> = failures::Entity::find()
            .select_only()
            .column_as(failures::Column::Id.count(), "n")
            .column_as(failures::Column::FailedAt.max(), "last")
            .filter(failures::Column::Subject.eq(subject))
            .filter(failures::Column::FailedAt.gt(since))
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let (total, last_failure_at) = recent.unwrap_or((0, None));
        Ok(LockState {
            locked_until,
            total: u32::try_from(total).unwrap_or(u32::MAX),
            last_failure_at,
        })
    }

    async fn clear_source(&self, subject: &str, source: &str) -> Result<(), StoreError> {
        failures::Entity::delete_many()
            .filter(failures::Column::Subject.eq(subject))
            .filter(failures::Column::Source.eq(source))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        locks::Entity::delete_many()
            .filter(locks::Column::Subject.eq(subject))
            .filter(locks::Column::Source.eq(source))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn clear(&self, subject: &str) -> Result<(), StoreError> {
        failures::Entity::delete_many()
            .filter(failures::Column::Subject.eq(subject))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        locks::Entity::delete_many()
            .filter(locks::Column::Subject.eq(subject))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
