//! The schedule repository against real databases: SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set (a fresh database per test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::clock::{Clock, SystemClock};
use std::collections::HashSet;

use adapters::SeaOrmScheduleRepository;
use adapters::testing::each_engine;
use chrono::{DateTime, Duration, DurationRound, Utc};
use domain::schedule::{NewSchedule, Schedule, ScheduleId, ScheduleRepository};
use domain::testing::new_user;
use domain::user::{Role, User, UserRepository};
use domain::validation::{ScheduleDescription, ScheduleTitle};

async fn user(db: &adapters::DatabaseConnection, email: &str) -> User {
    adapters::SeaOrmUserRepository::new(db.clone())
        .create(new_user(email, Role::RegularContributor, true))
        .await
        .unwrap()
}

/// The current instant in whole seconds, so stored and returned values compare equal on
/// both engines.
fn now() -> DateTime<Utc> {
    SystemClock
        .now()
        .duration_trunc(Duration::seconds(1))
        .unwrap()
}

fn new_item(owner: &User, title: &str, due: DateTime<Utc>) -> NewSchedule {
    NewSchedule {
        contributor_id: owner.id.clone(),
        due_date: due,
        title: ScheduleTitle::parse(title).unwrap(),
        description: ScheduleDescription::parse(Some(&format!("Notes for {title}"))).unwrap(),
    }
}

fn titles(items: &[Schedule]) -> Vec<&str> {
    items.iter().map(|s| s.title.as_str()).collect()
}

#[tokio::test]
async fn a_contributors_list_holds_only_their_items_earliest_due_first() {
    each_engine(|db, _| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let mary = user(&db, "mary@example.org").await;
        let t = now();
        repo.create(new_item(&ruth, "Later", t + Duration::days(9)))
            .await
            .unwrap();
        repo.create(new_item(&mary, "Not mine", t + Duration::days(1)))
            .await
            .unwrap();
        let soon = repo
            .create(new_item(&ruth, "Soon", t + Duration::hours(3)))
            .await
            .unwrap();
        repo.create(new_item(
            &ruth,
            "Same time, later id",
            t + Duration::hours(3),
        ))
        .await
        .unwrap();
        assert_eq!(soon.due_date, t + Duration::hours(3));
        assert_eq!(soon.description.as_deref(), Some("Notes for Soon"));
        assert!(!soon.is_completed && !soon.reminder_sent);
        let list = repo.list_for_contributor(&ruth.id).await.unwrap();
        assert_eq!(titles(&list), ["Soon", "Same time, later id", "Later"]);
        assert_eq!(list[0], soon);
        assert!(
            repo.list_for_contributor(&domain::user::UserId::new("nobody"))
                .await
                .unwrap()
                .is_empty()
        );
    })
    .await;
}

#[tokio::test]
async fn an_item_is_found_completed_reopened_and_deleted() {
    each_engine(|db, _| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let item = repo
            .create(new_item(&ruth, "Pray", now() + Duration::days(1)))
            .await
            .unwrap();
        assert_eq!(repo.find(item.id).await.unwrap(), Some(item.clone()));
        let done = repo.set_completed(item.id, true).await.unwrap().unwrap();
        assert!(done.is_completed);
        let reopened = repo.set_completed(item.id, false).await.unwrap().unwrap();
        assert!(!reopened.is_completed);
        assert!(repo.delete(item.id).await.unwrap());
        assert!(!repo.delete(item.id).await.unwrap());
        assert_eq!(repo.find(item.id).await.unwrap(), None);
        assert_eq!(repo.set_completed(item.id, true).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_user_deletes_their_schedule() {
    each_engine(|db, _| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let item = repo.create(new_item(&ruth, "Pray", now())).await.unwrap();
        adapters::SeaOrmUserRepository::new(db.clone())
            .delete(&ruth.id)
            .await
            .unwrap();
        assert_eq!(repo.find(item.id).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn a_claim_takes_unfinished_unreminded_items_inside_the_window_once() {
    each_engine(|db, _| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let t = now();
        let window = Duration::hours(48);
        for (title, due) in [
            ("Too far", t + window + Duration::seconds(1)),
            ("Edge", t + window),
            ("Overdue", t - Duration::seconds(1)),
            ("Now", t),
            ("Tomorrow", t + Duration::days(1)),
            ("Done", t + Duration::hours(1)),
        ] {
            repo.create(new_item(&ruth, title, due)).await.unwrap();
        }
        let done = repo.list_for_contributor(&ruth.id).await.unwrap();
        let done = done.iter().find(|s| s.title == "Done").unwrap();
        repo.set_completed(done.id, true).await.unwrap();

        let first = repo.claim_due_reminders(t, t + window, 2).await.unwrap();
        assert_eq!(titles(&first), ["Now", "Tomorrow"]);
        assert!(first.iter().all(|s| s.reminder_sent));
        let second = repo.claim_due_reminders(t, t + window, 10).await.unwrap();
        assert_eq!(titles(&second), ["Edge"]);
        assert!(
            repo.claim_due_reminders(t, t + window, 10)
                .await
                .unwrap()
                .is_empty()
        );
        let stored = repo.find(second[0].id).await.unwrap().unwrap();
        assert!(stored.reminder_sent);
    })
    .await;
}

#[tokio::test]
async fn a_released_item_can_be_claimed_again() {
    each_engine(|db, _| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let t = now();
        repo.create(new_item(&ruth, "Pray", t + Duration::hours(2)))
            .await
            .unwrap();
        let claimed = repo
            .claim_due_reminders(t, t + Duration::hours(48), 10)
            .await
            .unwrap();
        repo.release_reminder(claimed[0].id).await.unwrap();
        repo.release_reminder(ScheduleId(9_999)).await.unwrap();
        let again = repo
            .claim_due_reminders(t, t + Duration::hours(48), 10)
            .await
            .unwrap();
        assert_eq!(titles(&again), ["Pray"]);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_claims_from_two_instances_never_return_the_same_item() {
    each_engine(|db, url| async move {
        let repo = SeaOrmScheduleRepository::new(db.clone());
        let ruth = user(&db, "ruth@example.org").await;
        let t = now();
        let count = 60;
        for n in 0..count {
            repo.create(new_item(
                &ruth,
                &format!("Task {n}"),
                t + Duration::minutes(n),
            ))
            .await
            .unwrap();
        }
        // Two instances: two connection pools on the same database, three claimers each.
        let other = adapters::connect(&url).await.unwrap();
        let mut workers = Vec::new();
        for w in 0..6 {
            let conn = if w % 2 == 0 {
                db.clone()
            } else {
                other.clone()
            };
            workers.push(tokio::spawn(async move {
                let repo = SeaOrmScheduleRepository::new(conn);
                let mut mine = Vec::new();
                loop {
                    let batch = repo
                        .claim_due_reminders(t, t + Duration::hours(48), 4)
                        .await
                        .unwrap();
                    if batch.is_empty() {
                        return mine;
                    }
                    mine.extend(batch.into_iter().map(|s| s.id));
                }
            }));
        }
        let mut all = Vec::new();
        for worker in workers {
            all.extend(worker.await.unwrap());
        }
        let distinct: HashSet<ScheduleId> = all.iter().copied().collect();
        assert_eq!(all.len(), distinct.len(), "an item was claimed twice");
        assert_eq!(distinct.len() as i64, count, "every due item is claimed");
        other.close().await.unwrap();
    })
    .await;
}
