//! Shared rate-limit counters on SQLite and PostgreSQL (when `TEST_DATABASE_URL` is set):
//! counted in the table at once (`SeaOrmHitCounter`), or in memory while a bucket is busy and
//! settled in the table in batches (`TalliedHits`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::testing::each_engine;
use adapters::{SETTLE_EVERY, SeaOrmHitCounter, TalliedHits};
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

/// A counter counting busy buckets in memory, its first hits through a grouped counter.
fn tallied(db: &sea_orm::DatabaseConnection) -> TalliedHits {
    TalliedHits::start(std::sync::Arc::new(
        SeaOrmHitCounter::new(db.clone()).committing_in_groups(),
    ))
}

/// What a counter of its own reads from the table for `bucket` (adding one hit).
async fn table_count_after_one_more(db: &sea_orm::DatabaseConnection, bucket: &str) -> u32 {
    let until = SystemClock.now() + Duration::seconds(60);
    SeaOrmHitCounter::new(db.clone())
        .hit(bucket, until)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_busy_bucket_is_counted_in_memory_and_settled_in_the_table() {
    each_engine(|db, _| async move {
        let counter = tallied(&db);
        let until = SystemClock.now() + Duration::seconds(60);
        let mut seen = Vec::new();
        for _ in 0..30 {
            seen.push(counter.hit("comments|1.2.3.4|0", until).await.unwrap());
        }
        assert_eq!(
            seen,
            (1..=30).collect::<Vec<u32>>(),
            "every hit counted once"
        );
        // Within a settling round every hit is in the table, for every instance to see.
        tokio::time::sleep(SETTLE_EVERY * 3).await;
        assert_eq!(
            table_count_after_one_more(&db, "comments|1.2.3.4|0").await,
            31
        );
        // The table's count (31 with the other counter's) is read again once this counter's
        // reading no longer stands.
        assert_eq!(counter.hit("comments|1.2.3.4|0", until).await.unwrap(), 32);
    })
    .await;
}

#[tokio::test]
async fn hits_on_two_instances_are_counted_exactly_once_readings_are_older_than_a_round() {
    each_engine(|db, url| async move {
        let other = adapters::connect(&url).await.unwrap();
        let a = tallied(&db);
        let b = tallied(&other);
        let until = SystemClock.now() + Duration::seconds(60);
        let mut seen = Vec::new();
        // A client whose requests land on one instance and then the other, a few a second.
        for n in 0..6 {
            let counter = if n % 2 == 0 { &a } else { &b };
            seen.push(counter.hit("sign-in|9.9.9.9|0", until).await.unwrap());
            tokio::time::sleep(SETTLE_EVERY * 2).await;
        }
        assert_eq!(seen, (1..=6).collect::<Vec<u32>>());
        drop((a, b));
        other.close().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn what_was_counted_in_memory_is_settled_when_the_counter_is_dropped() {
    each_engine(|db, _| async move {
        let counter = tallied(&db);
        let until = SystemClock.now() + Duration::seconds(60);
        for _ in 0..10 {
            counter.hit("help|4.4.4.4|0", until).await.unwrap();
        }
        drop(counter);
        tokio::time::sleep(SETTLE_EVERY * 5).await;
        assert_eq!(table_count_after_one_more(&db, "help|4.4.4.4|0").await, 11);
    })
    .await;
}

#[tokio::test]
async fn hits_arriving_together_are_each_counted() {
    each_engine(|db, _| async move {
        let counter = std::sync::Arc::new(tallied(&db));
        let until = SystemClock.now() + Duration::seconds(60);
        let mut hits = tokio::task::JoinSet::new();
        for _ in 0..60 {
            let counter = counter.clone();
            hits.spawn(async move { counter.hit("comments|7.7.7.7|0", until).await.unwrap() });
        }
        let mut seen = Vec::new();
        while let Some(hit) = hits.join_next().await {
            seen.push(hit.unwrap());
        }
        // Whether counted in the table or in memory, the last hit knows every one before it.
        assert_eq!(seen.iter().max(), Some(&60));
        tokio::time::sleep(SETTLE_EVERY * 3).await;
        assert_eq!(
            table_count_after_one_more(&db, "comments|7.7.7.7|0").await,
            61
        );
    })
    .await;
}
