//! Rate-limit counters in the `rate_limits` table: one upsert per counted request, so
//! every instance on the same database sees the same counts.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::rate_limit::HitCounter;
use sea_orm::ConnectionTrait;

use crate::db::Db;
use crate::db::store_err;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};

pub struct SeaOrmHitCounter {
    db: Db,
}

impl SeaOrmHitCounter {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl HitCounter for SeaOrmHitCounter {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        let mut upsert = Query::insert();
        upsert
            .into_table(RateLimits::Table)
            .columns([RateLimits::Bucket, RateLimits::Hits, RateLimits::ExpiresAt])
            .values_panic([bucket.into(), 1.into(), expires_at.into()])
            .on_conflict(
                OnConflict::column(RateLimits::Bucket)
                    .value(
                        RateLimits::Hits,
                        Expr::col((RateLimits::Table, RateLimits::Hits)).add(1),
                    )
                    .to_owned(),
            )
            .returning_col(RateLimits::Hits);
        let backend = self.db.get_database_backend();
        let row = self
            .db
            .query_one_raw(backend.build(&upsert))
            .await
            .map_err(store_err)?
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("the upsert returned no row")))?;
        let hits: i32 = row.try_get("", "hits").map_err(store_err)?;
        Ok(u32::try_from(hits).unwrap_or(u32::MAX))
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let purge = Query::delete()
            .from_table(RateLimits::Table)
            .and_where(Expr::col(RateLimits::ExpiresAt).lt(now))
            .to_owned();
        let backend = self.db.get_database_backend();
        let done = self
            .db
            .execute_raw(backend.build(&purge))
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected())
    }
}

/// The `rate_limits` table.
#[derive(sea_orm::DeriveIden, Clone, Copy)]
enum RateLimits {
    Table,
    Bucket,
    Hits,
    ExpiresAt,
}
