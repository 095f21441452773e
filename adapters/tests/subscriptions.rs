//! The subscription repository against real databases: SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set (a fresh database per test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::testing::each_engine;
use chrono::{Duration, DurationRound};
use domain::clock::{Clock, SystemClock};
use domain::subscription::{
    DigestBatches, Frequency, NewSubscription, SubscriptionConsent, SubscriptionRepository,
    SubscriptionStatus,
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

/// Two servers claiming due digests at once (two connection pools on one database) never
/// take the same subscription; a claim takes only confirmed subscriptions of its frequency
/// whose coverage lies before the slot; a recorded digest batch moves the coverage and ends
/// the lease, `release` only ends the lease.
#[tokio::test]
async fn due_subscriptions_are_claimed_once_across_servers() {
    each_engine(|db, url| async move {
        let batches = adapters::SeaOrmDigestBatches::new(db.clone());
        let repo = adapters::SeaOrmSubscriptionRepository::new(db);
        let other =
            adapters::SeaOrmSubscriptionRepository::new(adapters::connect(&url).await.unwrap());
        let now = SystemClock
            .now()
            .duration_trunc(Duration::seconds(1))
            .unwrap();
        let confirmed = |email: &str, frequency: Frequency| NewSubscription {
            status: SubscriptionStatus::Confirmed,
            confirmed_at: Some(now - Duration::days(3)),
            frequency,
            ..new_subscription(email, now - Duration::days(3))
        };
        for i in 0..30 {
            repo.put(
                confirmed(&format!("r{i}@example.org"), Frequency::Weekly),
                &format!("h{i}"),
            )
            .await
            .unwrap();
        }
        repo.put(confirmed("each@example.org", Frequency::Each), "he")
            .await
            .unwrap();
        repo.put(
            new_subscription("pending@example.org", now - Duration::days(3)),
            "hp",
        )
        .await
        .unwrap();
        let covered = repo
            .put(confirmed("covered@example.org", Frequency::Weekly), "hc")
            .await
            .unwrap();
        batches
            .record(vec![(covered.id, vec![])], now)
            .await
            .unwrap();

        let lease = now + Duration::minutes(15);
        let (a, b) = tokio::join!(
            repo.claim_due(Frequency::Weekly, now, now, lease, 20),
            other.claim_due(Frequency::Weekly, now, now, lease, 20)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        let mut ids: Vec<i64> = a.iter().chain(&b).map(|s| s.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!((a.len() + b.len(), ids.len()), (30, 30));
        assert!(a.iter().chain(&b).all(|s| s.frequency == Frequency::Weekly
            && s.status == SubscriptionStatus::Confirmed
            && s.email.starts_with('r')));
        // Held: nothing left for anyone until the lease ends.
        assert!(
            repo.claim_due(Frequency::Weekly, now, now, lease, 50)
                .await
                .unwrap()
                .is_empty()
        );

        // Released ones come back at once; finished ones do not come back for this slot.
        repo.release(a[0].id).await.unwrap();
        batches.record(vec![(a[1].id, vec![])], now).await.unwrap();
        let again = repo
            .claim_due(Frequency::Weekly, now, now, lease, 50)
            .await
            .unwrap();
        assert_eq!(again.iter().map(|s| s.id).collect::<Vec<_>>(), [a[0].id]);
        let finished = repo.find(a[1].id).await.unwrap().unwrap();
        assert_eq!(finished.covered_until, Some(now));
        // After the lease, the rest are due again (a server died mid-round).
        let later = repo
            .claim_due(
                Frequency::Weekly,
                now,
                lease,
                lease + Duration::minutes(15),
                50,
            )
            .await
            .unwrap();
        assert_eq!(later.len(), 29, "all but the finished one");
        assert_eq!(
            repo.claim_due(Frequency::Each, now, now, lease, 50)
                .await
                .unwrap()
                .len(),
            1
        );
    })
    .await;
}
