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

#[tokio::test]
async fn hits_counted_together_are_each_counted_once_in_their_order() {
    each_engine(|db, url| async move {
        let other = adapters::connect(&url).await.unwrap();
        let a = std::sync::Arc::new(SeaOrmHitCounter::new(db.clone()).committing_in_groups());
        let b = std::sync::Arc::new(SeaOrmHitCounter::new(other.clone()).committing_in_groups());
        let until = SystemClock.now() + Duration::seconds(60);
        let mut hits = tokio::task::JoinSet::new();
        for n in 0..120 {
            let counter = if n % 2 == 0 { a.clone() } else { b.clone() };
            // Two buckets in the same groups: each counts its own hits.
            let bucket = if n % 3 == 0 {
                "help|5.6.7.8|0"
            } else {
                "comments|1.2.3.4|0"
            };
            hits.spawn(async move { (bucket, counter.hit(bucket, until).await.unwrap()) });
        }
        let (mut comments, mut help) = (Vec::new(), Vec::new());
        while let Some(hit) = hits.join_next().await {
            match hit.unwrap() {
                ("help|5.6.7.8|0", n) => help.push(n),
                (_, n) => comments.push(n),
            }
        }
        comments.sort_unstable();
        help.sort_unstable();
        assert_eq!(comments, (1..=80).collect::<Vec<u32>>(), "every hit once");
        assert_eq!(help, (1..=40).collect::<Vec<u32>>(), "every hit once");
        // What was counted in groups is in the database for a counter of its own.
        let alone = SeaOrmHitCounter::new(db.clone());
        assert_eq!(alone.hit("comments|1.2.3.4|0", until).await.unwrap(), 81);
        drop((a, b));
        other.close().await.unwrap();
    })
    .await;
}
