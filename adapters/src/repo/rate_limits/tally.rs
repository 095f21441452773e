//! Rate-limit counts kept in this instance's memory while a bucket is busy, and settled with
//! the shared `rate_limits` table in batches (`docs/decisions/account-safety.md`, "A busy
//! client is counted in memory").
//!
//! A bucket's first hit on this instance, and any hit once what the instance last read of the
//! bucket is older than [`SETTLE_EVERY`], is counted in the table at once (with whatever other
//! hits are being committed, `db/group_commit.rs`) and answered with the shared count: so a
//! client whose requests are spread over instances, or come a few a second, is counted
//! exactly, as before. Hits that follow within [`SETTLE_EVERY`] are counted in memory and
//! answered from it (what was read plus what this instance added since), and one task adds
//! them to the table every [`SETTLE_EVERY`], all buckets in one statement, reading back their
//! shared counts. A busy client (dozens of requests a second) then costs the database one
//! statement every [`SETTLE_EVERY`], not a commit per request.
//!
//! What this gives up: hits on another instance during the last [`SETTLE_EVERY`] are not yet
//! in a busy bucket's count here, and a crash loses the hits of at most the last
//! [`SETTLE_EVERY`]. These are request counts, not anyone's data, and the limit is per minute.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::rate_limit::HitCounter;
use tokio::sync::Notify;

use super::{SeaOrmHitCounter, add};
use crate::db::Db;

/// How long what an instance read of a bucket's count stands, and how often the hits counted
/// in memory meanwhile are added to the table.
pub const SETTLE_EVERY: Duration = Duration::from_millis(100);

/// At most this many buckets are added by one statement (three parameters each).
const SETTLE_AT_ONCE: usize = 1_000;

/// Hits counted in memory while a bucket is busy, settled in the shared table in batches.
pub struct TalliedHits {
    tally: Arc<Tally>,
    /// Counts a hit in the table at once (with others being committed meanwhile).
    direct: Arc<SeaOrmHitCounter>,
}

#[derive(Default)]
struct Tally {
    buckets: Mutex<HashMap<String, Bucket>>,
    /// Tells the settling task that there is something to settle or forget.
    waiting: Notify,
    /// The counter was dropped: settle what is left and stop.
    closed: AtomicBool,
    /// The last settling failed (said once per outage, not every round).
    failing: AtomicBool,
}

struct Bucket {
    /// The shared count when this instance last read it.
    shared: u32,
    /// Hits being added to the table by the settling task.
    settling: u32,
    /// Hits counted here since, not yet in the table.
    unsettled: u32,
    /// Until when `shared` may answer without asking the table.
    fresh_until: Instant,
    expires_at: DateTime<Utc>,
}

impl Bucket {
    fn count(&self) -> u32 {
        self.shared
            .saturating_add(self.settling)
            .saturating_add(self.unsettled)
    }
}

impl Tally {
    fn buckets(&self) -> MutexGuard<'_, HashMap<String, Bucket>> {
        self.buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Counts a hit in memory when what was read of `bucket` still stands; its count then.
    fn hit_in_memory(&self, bucket: &str, now: Instant) -> Option<u32> {
        let mut buckets = self.buckets();
        let known = buckets.get_mut(bucket).filter(|b| now < b.fresh_until)?;
        known.unsettled += 1;
        let count = known.count();
        drop(buckets);
        self.waiting.notify_one();
        Some(count)
    }

    /// Remembers `shared`, the count of `bucket` just read from the table, and answers the
    /// bucket's count with what this instance has not settled yet.
    fn read(&self, bucket: &str, shared: u32, expires_at: DateTime<Utc>, now: Instant) -> u32 {
        let mut buckets = self.buckets();
        let known = buckets.entry(bucket.to_owned()).or_insert(Bucket {
            shared,
            settling: 0,
            unsettled: 0,
            fresh_until: now,
            expires_at,
        });
        // Readings may arrive out of order; a bucket's count only grows: the larger is later.
        known.shared = known.shared.max(shared);
        known.fresh_until = now + SETTLE_EVERY;
        let count = known.count();
        drop(buckets);
        // The settling task forgets the reading once it is stale.
        self.waiting.notify_one();
        count
    }

    /// Moves what was counted in memory to `settling` and answers it, at most
    /// [`SETTLE_AT_ONCE`] buckets.
    fn take_unsettled(&self) -> Vec<(String, u32, DateTime<Utc>)> {
        let mut buckets = self.buckets();
        buckets
            .iter_mut()
            .filter(|(_, b)| b.unsettled > 0)
            .take(SETTLE_AT_ONCE)
            .map(|(name, b)| {
                b.settling = std::mem::take(&mut b.unsettled);
                (name.clone(), b.settling, b.expires_at)
            })
            .collect()
    }

    /// The table now counts `totals` (the settled hits included).
    fn settled(&self, totals: &HashMap<String, u32>, now: Instant) {
        let mut buckets = self.buckets();
        for (name, total) in totals {
            if let Some(b) = buckets.get_mut(name) {
                b.settling = 0;
                b.shared = b.shared.max(*total);
                b.fresh_until = now + SETTLE_EVERY;
            }
        }
    }

    /// The table could not be reached: the hits being settled wait for the next try.
    fn not_settled(&self, batch: &[(String, u32, DateTime<Utc>)]) {
        let mut buckets = self.buckets();
        for (name, _, _) in batch {
            if let Some(b) = buckets.get_mut(name) {
                b.unsettled += std::mem::take(&mut b.settling);
            }
        }
    }

    /// Forgets the readings that no longer stand and have nothing left to settle; answers
    /// whether any bucket is left (to look again later).
    fn forget_stale(&self, now: Instant) -> bool {
        let mut buckets = self.buckets();
        buckets.retain(|_, b| b.unsettled > 0 || b.settling > 0 || now < b.fresh_until);
        !buckets.is_empty()
    }
}

impl TalliedHits {
    /// A counter counting a bucket's first hit through `direct` (the instance's counter that
    /// commits in groups, shared with its other limits) and settling on its database; the
    /// settling task runs on the current Tokio runtime until the counter is dropped.
    pub fn start(direct: Arc<SeaOrmHitCounter>) -> Self {
        let tally = Arc::new(Tally::default());
        tokio::spawn(settle_until_closed(tally.clone(), direct.db.clone()));
        Self { tally, direct }
    }
}

impl Drop for TalliedHits {
    fn drop(&mut self) {
        self.tally.closed.store(true, Ordering::Release);
        self.tally.waiting.notify_one();
    }
}

/// Every [`SETTLE_EVERY`] while there are hits or readings: adds the hits counted in memory
/// to the table and forgets the readings that no longer stand.
async fn settle_until_closed(tally: Arc<Tally>, db: Db) {
    loop {
        tally.waiting.notified().await;
        let closed = tally.closed.load(Ordering::Acquire);
        if !closed {
            tokio::time::sleep(SETTLE_EVERY).await;
        }
        settle(&tally, &db).await;
        if closed {
            return;
        }
        if tally.forget_stale(Instant::now()) {
            tally.waiting.notify_one();
        }
    }
}

/// Adds every bucket's hits counted in memory to the table, [`SETTLE_AT_ONCE`] per statement.
async fn settle(tally: &Tally, db: &Db) {
    loop {
        let batch = tally.take_unsettled();
        if batch.is_empty() {
            return;
        }
        let added: Vec<(&str, u32, DateTime<Utc>)> = batch
            .iter()
            .map(|(name, hits, expires_at)| (name.as_str(), *hits, *expires_at))
            .collect();
        match add(db, &added).await {
            Ok(totals) => {
                tally.settled(&totals, Instant::now());
                if tally.failing.swap(false, Ordering::Relaxed) {
                    tracing::info!("rate-limit counts settled again");
                }
            }
            Err(e) => {
                if !tally.failing.swap(true, Ordering::Relaxed) {
                    tracing::warn!(error = %e, "rate-limit counts not settled; trying again every round");
                }
                tally.not_settled(&batch);
                return;
            }
        }
        if batch.len() < SETTLE_AT_ONCE {
            return;
        }
    }
}

#[async_trait]
impl HitCounter for TalliedHits {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        if let Some(count) = self.tally.hit_in_memory(bucket, Instant::now()) {
            return Ok(count);
        }
        let shared = self.direct.hit(bucket, expires_at).await?;
        Ok(self.tally.read(bucket, shared, expires_at, Instant::now()))
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        self.direct.purge_expired(now).await
    }
}
