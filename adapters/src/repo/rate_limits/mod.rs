//! Rate-limit counters in the `rate_limits` table: every counted request is added in the
//! database before it is answered, so every instance on the same database sees the same
//! counts. Requests counted while others are being committed share one upsert and one
//! commit (`db/group_commit.rs`): a busy minute costs a flush per group, not per request.
//! [`tally`] counts a busy client's requests in memory and settles them in batches.

pub mod tally;

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::rate_limit::HitCounter;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ConnectionTrait, DbErr};

use crate::db::Db;
use crate::db::group_commit::{GroupCommit, GroupWrite};
use crate::db::store_err;

pub struct SeaOrmHitCounter {
    db: Db,
    /// Hits counted with whatever others arrive meanwhile; `None`: each on its own.
    grouped: Option<Arc<GroupCommit<AddHits>>>,
}

impl SeaOrmHitCounter {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            grouped: None,
        }
    }

    /// The same counter adding hits in groups that share one upsert and one commit; the
    /// committer runs on the current Tokio runtime.
    #[must_use]
    pub fn committing_in_groups(mut self) -> Self {
        self.grouped = GroupCommit::start(&self.db, AddHits);
        self
    }
}

/// One hit: its bucket and when a new bucket expires.
type Hit = (String, DateTime<Utc>);

/// Hits added with one upsert per group: each bucket gains its number of hits in the group,
/// and the hits of one bucket are answered in their order (the first of three on a bucket
/// that now counts 10 is its 8th hit).
struct AddHits;

#[async_trait]
impl GroupWrite for AddHits {
    type Item = Hit;
    type Done = u32;
    const KIND: &'static str = "rate limits";

    async fn write(&self, db: &Db, items: &[Hit]) -> Result<Vec<u32>, DbErr> {
        let mut added: Vec<(&str, u32, DateTime<Utc>)> = Vec::new();
        let mut position = HashMap::new();
        for (bucket, expires_at) in items {
            let at = *position.entry(bucket.as_str()).or_insert_with(|| {
                added.push((bucket.as_str(), 0, *expires_at));
                added.len() - 1
            });
            added[at].1 += 1;
        }
        let totals = add(db, &added).await?;
        let mut answered: HashMap<&str, u32> = HashMap::new();
        items
            .iter()
            .map(|(bucket, _)| {
                let total = totals.get(bucket.as_str()).copied().ok_or_else(|| {
                    DbErr::Custom(format!("the upsert returned no count for {bucket}"))
                })?;
                let hits = added[position[bucket.as_str()]].1;
                let nth = answered.entry(bucket.as_str()).or_insert(0);
                *nth += 1;
                Ok(total.saturating_sub(hits) + *nth)
            })
            .collect()
    }
}

/// Adds `(bucket, hits, expires_at)` to the counts in one upsert; answers each bucket's
/// count after it.
async fn add(db: &Db, added: &[(&str, u32, DateTime<Utc>)]) -> Result<HashMap<String, u32>, DbErr> {
    let mut upsert = Query::insert();
    upsert
        .into_table(RateLimits::Table)
        .columns([RateLimits::Bucket, RateLimits::Hits, RateLimits::ExpiresAt])
        .on_conflict(
            OnConflict::column(RateLimits::Bucket)
                .value(
                    RateLimits::Hits,
                    Expr::col((RateLimits::Table, RateLimits::Hits))
                        .add(Expr::col((Alias::new("excluded"), RateLimits::Hits))),
                )
                .to_owned(),
        )
        .returning(Query::returning().columns([RateLimits::Bucket, RateLimits::Hits]));
    for (bucket, hits, expires_at) in added {
        upsert.values_panic([
            (*bucket).into(),
            i64::from(*hits).into(),
            (*expires_at).into(),
        ]);
    }
    let backend = db.get_database_backend();
    let rows = db.query_all_raw(backend.build(&upsert)).await?;
    rows.iter()
        .map(|row| {
            let bucket: String = row.try_get("", "bucket")?;
            let hits: i32 = row.try_get("", "hits")?;
            Ok((bucket, u32::try_from(hits).unwrap_or(u32::MAX)))
        })
        .collect()
}

#[async_trait]
impl HitCounter for SeaOrmHitCounter {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        if let Some(grouped) = &self.grouped {
            return grouped.write((bucket.to_owned(), expires_at)).await;
        }
        let mut counts = add(&self.db, &[(bucket, 1, expires_at)])
            .await
            .map_err(store_err)?;
        counts
            .remove(bucket)
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("the upsert returned no row")))
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
