//! The subscription repository against real databases: SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set (a fresh database per test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::testing::each_engine;
use chrono::{Duration, DurationRound};
use domain::clock::{Clock, SystemClock};
use domain::subscription::{
    Frequency, NewSubscription, SubscriptionConsent, SubscriptionRepository, SubscriptionStatus,
};
use domain::user::UserId;
use domain::validation::Email;

fn new_subscription(email: &str, at: chrono::DateTime<chrono::Utc>) -> NewSubscription {
    NewSubscription {
        email: Email::parse(email).unwrap(),
        user_id: None,
        frequency: Frequency::Weekly,
        categories: vec!["Worship".to_owned(), "Healing, Hope".to_owned()],
        status: SubscriptionStatus::Pending,
        created_at: at,
        confirmed_at: None,
        consent: SubscriptionConsent {
            wording: "Get new stories by e-mail.".to_owned(),
            page: "/stories/7".to_owned(),
            at,
        },
    }
}

#[tokio::test]
async fn one_row_per_address_found_by_address_or_token_and_saved_as_the_rules_change() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmSubscriptionRepository::new(db);
        // Whole seconds: both engines keep at least that.
        let now = SystemClock
            .now()
            .duration_trunc(Duration::seconds(1))
            .unwrap();
        let stored = repo
            .put(new_subscription("Reader@Example.org", now), "hash-1")
            .await
            .unwrap();
        assert_eq!(stored.email, "reader@example.org");
        assert_eq!(stored.status, SubscriptionStatus::Pending);
        assert_eq!(stored.categories, ["Worship", "Healing, Hope"]);
        assert_eq!(stored.consent.page, "/stories/7");
        assert_eq!(stored.created_at, now);
        assert_eq!(
            repo.find_by_email("READER@example.org").await.unwrap(),
            Some(stored.clone())
        );
        assert_eq!(
            repo.find_by_token("hash-1").await.unwrap(),
            Some(stored.clone())
        );
        assert_eq!(repo.find_by_token("hash-2").await.unwrap(), None);

        // A new link replaces the old one.
        repo.set_token(stored.id, "hash-2").await.unwrap();
        assert_eq!(repo.find_by_token("hash-1").await.unwrap(), None);
        assert_eq!(
            repo.find_by_token("hash-2").await.unwrap().map(|s| s.id),
            Some(stored.id)
        );

        // The rules' changes are saved.
        let mut changed = stored.clone();
        changed.confirm(now).unwrap();
        changed.change_frequency(Frequency::Monthly, now);
        changed.categories.clear();
        changed.hard_bounces = 1;
        repo.save(&changed).await.unwrap();
        let read = repo.find_by_token("hash-2").await.unwrap().unwrap();
        assert_eq!(read, changed);

        // A new sign-up for the address replaces the row (and its links), keeping its id.
        let mut again = new_subscription("reader@example.org", now + Duration::days(1));
        again.user_id = Some(UserId::new("member-1"));
        again.status = SubscriptionStatus::Confirmed;
        again.confirmed_at = Some(now + Duration::days(1));
        let replaced = repo.put(again, "hash-3").await.unwrap();
        assert_eq!(replaced.id, stored.id);
        assert_eq!(replaced.status, SubscriptionStatus::Confirmed);
        assert_eq!(replaced.covered_until, Some(now + Duration::days(1)));
        assert_eq!(replaced.hard_bounces, 0);
        assert_eq!(replaced.user_id, Some(UserId::new("member-1")));
        assert_eq!(repo.find_by_token("hash-2").await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn the_purge_deletes_only_pending_sign_ups_old_enough() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmSubscriptionRepository::new(db);
        let now = SystemClock
            .now()
            .duration_trunc(Duration::seconds(1))
            .unwrap();
        let week_ago = now - Duration::days(7);
        repo.put(new_subscription("old@example.org", week_ago), "h-old")
            .await
            .unwrap();
        repo.put(new_subscription("new@example.org", now), "h-new")
            .await
            .unwrap();
        let mut confirmed = new_subscription("kept@example.org", week_ago);
        confirmed.status = SubscriptionStatus::Confirmed;
        confirmed.confirmed_at = Some(week_ago);
        repo.put(confirmed, "h-kept").await.unwrap();

        assert_eq!(repo.delete_pending_made_by(week_ago).await.unwrap(), 1);
        assert_eq!(repo.find_by_email("old@example.org").await.unwrap(), None);
        assert!(
            repo.find_by_email("new@example.org")
                .await
                .unwrap()
                .is_some()
        );
        assert!(
            repo.find_by_email("kept@example.org")
                .await
                .unwrap()
                .is_some()
        );
    })
    .await;
}
