//! Rate-limit rules on an in-memory counter.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::testing::t0;
use async_trait::async_trait;

#[derive(Default)]
struct MemoryCounter {
    buckets: Mutex<HashMap<String, (u32, DateTime<Utc>)>>,
}

#[async_trait]
impl HitCounter for MemoryCounter {
    async fn hit(&self, bucket: &str, expires_at: DateTime<Utc>) -> Result<u32, StoreError> {
        let mut map = self.buckets.lock().unwrap();
        let entry = map.entry(bucket.to_owned()).or_insert((0, expires_at));
        entry.0 += 1;
        Ok(entry.0)
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut map = self.buckets.lock().unwrap();
        let before = map.len();
        map.retain(|_, (_, expires)| *expires >= now);
        Ok(u64::try_from(before - map.len()).unwrap())
    }
}

fn limits(limit: u32) -> (RateLimits, Arc<MemoryCounter>) {
    let counter = Arc::new(MemoryCounter::default());
    (RateLimits::new(counter.clone(), limit), counter)
}

#[test]
fn windows_are_whole_minutes() {
    let now = t0() + Duration::seconds(17);
    let (start, end) = window_of(now);
    assert_eq!(start, t0());
    assert_eq!(end, t0() + Duration::seconds(60));
    assert_eq!(window_of(t0()).0, t0());
    assert_eq!(window_of(end).0, end);
}

#[test]
fn the_limit_is_reached_on_the_hit_after_it_with_the_seconds_left() {
    let (limits, _) = limits(2);
    let now = t0() + Duration::seconds(45);
    assert_eq!(
        block_on(limits.check("sign-in", "10.0.0.1", now)).unwrap(),
        Verdict::Allowed
    );
    assert_eq!(
        block_on(limits.check("sign-in", "10.0.0.1", now)).unwrap(),
        Verdict::Allowed
    );
    assert_eq!(
        block_on(limits.check("sign-in", "10.0.0.1", now)).unwrap(),
        Verdict::Limited {
            retry_after_secs: 15
        }
    );
}

#[test]
fn the_wait_is_at_least_one_second() {
    let (limits, _) = limits(0);
    let now = t0() + Duration::milliseconds(59_900);
    assert_eq!(
        block_on(limits.check("help", "10.0.0.1", now)).unwrap(),
        Verdict::Limited {
            retry_after_secs: 1
        }
    );
}

#[test]
fn clients_and_groups_count_apart() {
    let (limits, _) = limits(1);
    let now = t0();
    assert_eq!(
        block_on(limits.check("sign-in", "10.0.0.1", now)).unwrap(),
        Verdict::Allowed
    );
    assert_eq!(
        block_on(limits.check("sign-in", "10.0.0.2", now)).unwrap(),
        Verdict::Allowed
    );
    assert_eq!(
        block_on(limits.check("comments", "10.0.0.1", now)).unwrap(),
        Verdict::Allowed
    );
    assert!(matches!(
        block_on(limits.check("sign-in", "10.0.0.1", now)).unwrap(),
        Verdict::Limited { .. }
    ));
}

#[test]
fn a_new_window_starts_counting_again() {
    let (limits, _) = limits(1);
    assert_eq!(
        block_on(limits.check("sign-up", "c", t0())).unwrap(),
        Verdict::Allowed
    );
    assert!(matches!(
        block_on(limits.check("sign-up", "c", t0() + Duration::seconds(59))).unwrap(),
        Verdict::Limited { .. }
    ));
    assert_eq!(
        block_on(limits.check("sign-up", "c", t0() + Duration::seconds(60))).unwrap(),
        Verdict::Allowed
    );
}

#[test]
fn finished_windows_are_purged() {
    let (limits, counter) = limits(5);
    block_on(limits.check("help", "a", t0())).unwrap();
    block_on(limits.check("help", "b", t0() + Duration::seconds(60))).unwrap();
    let purged = block_on(limits.purge_expired(t0() + Duration::seconds(61))).unwrap();
    assert_eq!(purged, 1);
    assert_eq!(counter.buckets.lock().unwrap().len(), 1);
}

#[test]
fn a_single_use_value_is_accepted_once() {
    let counter = Arc::new(MemoryCounter::default());
    let once = super::UsedOnce::new(counter);
    let until = t0() + Duration::minutes(10);
    assert!(block_on(once.first_use("google-state", "abc", until)).unwrap());
    assert!(!block_on(once.first_use("google-state", "abc", until)).unwrap());
    assert!(block_on(once.first_use("google-state", "abd", until)).unwrap());
}
