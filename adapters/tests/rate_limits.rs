//! Shared rate-limit counters on SQLite and PostgreSQL (when `TEST_DATABASE_URL` is set).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::SeaOrmHitCounter;
use adapters::testing::each_engine;
use chrono::Duration;
use domain::clock::{Clock, SystemClock};
use domain::rate_limit::HitCounter;

#[tokio::test]
async fn hits_count_up_per_bucket() {
    each_engine(|db, _| async move {
        let counter = SeaOrmHitCounter::new(db.clone());
        let until = SystemClock.now() + Duration::seconds(60);
        assert_eq!(counter.hit("sign-in|10.0.0.1|0", until).await.unwrap(), 1);
        assert_eq!(counter.hit("sign-in|10.0.0.1|0", until).await.unwrap(), 2);
        assert_eq!(counter.hit("sign-in|10.0.0.2|0", until).await.unwrap(), 1);
        assert_eq!(counter.hit("sign-in|10.0.0.1|0", until).await.unwrap(), 3);
    })
    .await;
}

#[tokio::test]
async fn two_instances_share_one_count() {
    each_engine(|db, url| async move {
        let other = adapters::connect(&url).await.unwrap();
        let a = SeaOrmHitCounter::new(db.clone());
        let b = SeaOrmHitCounter::new(other.clone());
        let until = SystemClock.now() + Duration::seconds(60);
        let hit_a = async {
            let mut seen = Vec::new();
            for _ in 0..40 {
                seen.push(a.hit("comments|1.2.3.4|0", until).await.unwrap());
            }
            seen
        };
        let hit_b = async {
            let mut seen = Vec::new();
            for _ in 0..40 {
                seen.push(b.hit("comments|1.2.3.4|0", until).await.unwrap());
            }
            seen
        };
        let (mut seen, more) = tokio::join!(hit_a, hit_b);
        seen.extend(more);
        seen.sort_unstable();
        assert_eq!(
            seen,
            (1..=80).collect::<Vec<u32>>(),
            "every hit counted once"
        );
        other.close().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn finished_buckets_are_purged() {
    each_engine(|db, _| async move {
        let counter = SeaOrmHitCounter::new(db.clone());
        let now = SystemClock.now();
        counter
            .hit("help|a|0", now - Duration::seconds(5))
            .await
            .unwrap();
        counter
            .hit("help|b|0", now + Duration::seconds(55))
            .await
            .unwrap();
        assert_eq!(counter.purge_expired(now).await.unwrap(), 1);
        // The live bucket kept its count.
        assert_eq!(counter.hit("help|b|0", now).await.unwrap(), 2);
        // A purged bucket starts again.
        assert_eq!(counter.hit("help|a|0", now).await.unwrap(), 1);
    })
    .await;
}
