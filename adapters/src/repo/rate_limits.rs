//! Rate-limit counters in the `rate_limits` table: one upsert per counted request, so
//! every instance on the same database sees the same counts.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::rate_limit::HitCounter;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

use crate::db::{portable_sql, store_err};

pub struct SeaOrmHitCounter {
    db: DatabaseConnection,
}

impl SeaOrmHitCounter {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl HitCounter for SeaOrmHitCounter {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        let backend = self.db.get_database_backend();
        let sql = portable_sql(
            backend,
            r#"INSERT INTO "rate_limits" ("bucket", "hits", "expires_at") VALUES ($1, 1, $2)
               ON CONFLICT ("bucket") DO UPDATE SET "hits" = "rate_limits"."hits" + 1
               RETURNING "hits""#,
        );
        let row = self
            .db
            .query_one_raw(Statement::from_sql_and_values(
                backend,
                sql,
                [bucket.into(), expires_at.into()],
            ))
            .await
            .map_err(store_err)?
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("the upsert returned no row")))?;
        let hits: i32 = row.try_get("", "hits").map_err(store_err)?;
        Ok(u32::try_from(hits).unwrap_or(u32::MAX))
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let backend = self.db.get_database_backend();
        let sql = portable_sql(
            backend,
            r#"DELETE FROM "rate_limits" WHERE "expires_at" < $1"#,
        );
        let done = self
            .db
            .execute_raw(Statement::from_sql_and_values(backend, sql, [now.into()]))
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected())
    }
}
