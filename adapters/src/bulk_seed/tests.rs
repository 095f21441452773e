//! The bulk seed's subscribers on both engines: as many as asked (across several batches),
//! confirmed and weekly, covered a week before the newest story, and due at a slot after it
//! with stories to send.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use domain::clock::Clock as _;
use domain::scripture::Canon;
use domain::subscription::{Frequency, NewStories, SubscriptionRepository, SubscriptionStatus};
use sea_orm::{ConnectionTrait, Statement};

use super::{COVERED_BEFORE_NEWEST_DAYS, SeedPlan, seed_archive, seed_subscribers};
use crate::repo::stories::SeaOrmStoryRepository;
use crate::repo::subscriptions::SeaOrmSubscriptionRepository;

async fn scalar(db: &sea_orm::DatabaseConnection, sql: &str) -> i64 {
    db.query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap()
}

#[tokio::test]
async fn seeded_subscribers_are_confirmed_weekly_and_due_after_the_newest_story_on_both_engines() {
    crate::testing::each_engine(|db, _| async move {
        let now = domain::clock::SystemClock.now();
        let plan = SeedPlan {
            stories: 40,
            comments: 0,
            users: 3,
        };
        seed_archive(&db, plan, Canon::Protestant, now).await.unwrap();
        // More than two batches, the last one short.
        let count = 1_203;
        let covered = seed_subscribers(&db, count, now).await.unwrap();

        assert_eq!(
            scalar(
                &db,
                "SELECT COUNT(DISTINCT email) FROM subscriptions WHERE status = 'confirmed' AND frequency = 'weekly' AND email LIKE 'reader-%@bench.example' AND lease_until IS NULL"
            )
            .await,
            1_203
        );
        let stories = SeaOrmStoryRepository::new(db.clone());
        let newest = stories
            .published_between(now - Duration::days(3650), now, 1)
            .await
            .unwrap()[0]
            .published_at
            .unwrap();
        assert_eq!(covered, newest - Duration::days(COVERED_BEFORE_NEWEST_DAYS));

        // A slot after the newest story: every subscriber is due, each with that story.
        let subscriptions = SeaOrmSubscriptionRepository::new(db.clone());
        let claimed = subscriptions
            .claim_due(Frequency::Weekly, now, now, now + Duration::minutes(15), 2_000)
            .await
            .unwrap();
        assert_eq!(claimed.len(), 1_203);
        let first = &claimed[0];
        assert_eq!(first.email, "reader-1@bench.example");
        assert_eq!(first.status, SubscriptionStatus::Confirmed);
        assert!(first.categories.is_empty());
        assert_eq!(first.covered_since(), covered);
        assert!(claimed.iter().all(|s| s.covered_since() == covered));
        let news = stories
            .published_between(covered, now, 200)
            .await
            .unwrap();
        assert!(news.iter().any(|s| s.published_at == Some(newest)));
    })
    .await;
}
