//! The port that counts requests per window.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::StoreError;

/// Counts hits per bucket, shared by every instance.
#[async_trait]
pub trait HitCounter: Send + Sync {
    /// Adds one hit to `bucket` and answers the bucket's count including it. A new bucket
    /// is kept until `expires_at`.
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError>;

    /// Forgets buckets that expired before `now`; answers how many.
    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError>;
}
