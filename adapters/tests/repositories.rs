//! The SeaORM adapters against real databases: SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set (a fresh database per test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use adapters::testing::each_engine;
use chrono::Duration;
use domain::StoreError;
use domain::clock::{Clock, SystemClock};
use domain::session::SessionRecord;
use domain::testing::new_user;
use domain::user::{NewUser, Role, UserRepository};

/// A new registration (not approved) with this address and username.
fn member(email: &str, username: &str) -> NewUser {
    NewUser {
        username: Some(username.into()),
        password_hash: Some("$argon2id$fake".into()),
        ..new_user(email, Role::Member, false)
    }
}

#[tokio::test]
async fn sessions_load_until_they_expire_and_are_purged_after() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmSessionRepository::new(db);
        let now = SystemClock.now();
        let live = SessionRecord {
            sid: "live".into(),
            sess: r#"{"user_id":"\"u1\""}"#.into(),
            expire: now + Duration::hours(1),
            user_id: None,
            handle: None,
        };
        let dead = SessionRecord {
            sid: "dead".into(),
            sess: "{}".into(),
            expire: now - Duration::seconds(1),
            user_id: None,
            handle: None,
        };
        repo.save(live.clone()).await.unwrap();
        repo.save(dead).await.unwrap();
        assert_eq!(
            repo.load("live", now).await.unwrap().unwrap().sess,
            live.sess
        );
        assert!(
            repo.load("dead", now).await.unwrap().is_none(),
            "expired sessions do not load"
        );
        // saving again replaces the state
        repo.save(SessionRecord {
            sess: "{}".into(),
            ..live.clone()
        })
        .await
        .unwrap();
        assert_eq!(repo.load("live", now).await.unwrap().unwrap().sess, "{}");
        assert_eq!(repo.purge_expired(now).await.unwrap(), 1);
        repo.delete("live").await.unwrap();
        assert!(repo.load("live", now).await.unwrap().is_none());
    })
    .await;
}

#[tokio::test]
async fn a_persons_sessions_are_listed_and_ended_by_handle_or_all_but_one() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmSessionRepository::new(db);
        let now = SystemClock.now();
        let of = |sid: &str, user: &str| SessionRecord {
            sid: sid.into(),
            sess: "{}".into(),
            expire: now + Duration::hours(1),
            user_id: Some(user.into()),
            handle: Some(format!("h-{sid}")),
        };
        for (sid, user) in [("a", "u1"), ("b", "u1"), ("c", "u1"), ("d", "u2")] {
            repo.save(of(sid, user)).await.unwrap();
        }
        assert_eq!(repo.list_for_user("u1", now).await.unwrap().len(), 3);
        assert!(
            !repo.delete_by_handle("u2", "h-a").await.unwrap(),
            "not theirs"
        );
        assert!(repo.delete_by_handle("u1", "h-a").await.unwrap());
        assert_eq!(repo.delete_for_user("u1", Some("h-b")).await.unwrap(), 1);
        let left = repo.list_for_user("u1", now).await.unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].handle.as_deref(), Some("h-b"));
        assert_eq!(repo.list_for_user("u2", now).await.unwrap().len(), 1);
        assert_eq!(repo.delete_for_user("u1", None).await.unwrap(), 1);
    })
    .await;
}

#[tokio::test]
async fn a_one_time_token_is_used_once_before_it_expires_and_a_new_one_replaces_it() {
    use domain::user::tokens::{AccountTokenRepository, TokenPurpose::*};
    each_engine(|db, _| async move {
        let users = adapters::SeaOrmUserRepository::new(db.clone());
        let user = users
            .create(member("tok@example.org", "tok"))
            .await
            .unwrap();
        let tokens = adapters::SeaOrmAccountTokenRepository::new(db);
        let now = SystemClock.now();
        tokens
            .issue(
                &user.id,
                PasswordReset,
                "hash-1",
                now + Duration::minutes(60),
            )
            .await
            .unwrap();
        tokens
            .issue(
                &user.id,
                PasswordReset,
                "hash-2",
                now + Duration::minutes(60),
            )
            .await
            .unwrap();
        assert_eq!(
            tokens.consume(PasswordReset, "hash-1", now).await.unwrap(),
            None,
            "replaced"
        );
        assert_eq!(
            tokens.consume(VerifyEmail, "hash-2", now).await.unwrap(),
            None,
            "other purpose"
        );
        assert_eq!(
            tokens
                .consume(PasswordReset, "hash-2", now + Duration::minutes(61))
                .await
                .unwrap(),
            None,
            "expired"
        );
        assert_eq!(
            tokens.consume(PasswordReset, "hash-2", now).await.unwrap(),
            Some(user.id.clone())
        );
        assert_eq!(
            tokens.consume(PasswordReset, "hash-2", now).await.unwrap(),
            None,
            "used"
        );
    })
    .await;
}

#[tokio::test]
async fn failed_sign_ins_are_counted_per_source_in_the_window_and_a_lock_is_set_once() {
    use domain::user::lockout::SignInFailures;
    each_engine(|db, _| async move {
        let failures = adapters::SeaOrmSignInFailures::new(db);
        let (ruth, net, other) = ("ruth-id", "net:198.51.100.9", "net:203.0.113.7");
        let now = SystemClock.now();
        let since = now - Duration::minutes(15);
        failures
            .record(ruth, net, now - Duration::minutes(20), since)
            .await
            .unwrap();
        let first = failures.record(ruth, net, now, since).await.unwrap();
        assert_eq!(
            (first.from_source, first.total),
            (1, 1),
            "the old one is outside the window"
        );
        let second = failures.record(ruth, other, now, since).await.unwrap();
        assert_eq!((second.from_source, second.total), (1, 2));
        let state = failures.state(ruth, net, now, since).await.unwrap();
        assert_eq!(state.total, 2);
        assert_eq!(state.locked_until, None);
        assert!((state.last_failure_at.unwrap() - now).num_seconds().abs() <= 1);
        let until = now + Duration::minutes(15);
        assert_eq!(failures.lock(ruth, net, until, now).await.unwrap(), Some(1));
        assert_eq!(
            failures.lock(ruth, net, until, now).await.unwrap(),
            None,
            "already locked"
        );
        assert_eq!(
            failures.lock(ruth, other, until, now).await.unwrap(),
            Some(2),
            "a second source"
        );
        let stored = failures.state(ruth, net, now, since).await.unwrap();
        assert!((stored.locked_until.unwrap() - until).num_seconds().abs() <= 1);
        assert_eq!(
            failures
                .state(ruth, net, until, since)
                .await
                .unwrap()
                .locked_until,
            None,
            "over"
        );
        assert_eq!(
            failures
                .lock(ruth, net, until + Duration::minutes(15), until)
                .await
                .unwrap(),
            Some(1),
            "an ended lock is set again"
        );
        failures.clear_source(ruth, net).await.unwrap();
        let cleared = failures.state(ruth, net, now, since).await.unwrap();
        assert_eq!((cleared.locked_until, cleared.total), (None, 1));
        failures.clear(ruth).await.unwrap();
        let state = failures.state(ruth, other, now, since).await.unwrap();
        assert_eq!((state.locked_until, state.total), (None, 0));
        assert_eq!(
            failures.purge(now + Duration::minutes(60)).await.unwrap(),
            0
        );
    })
    .await;
}

#[tokio::test]
async fn a_setting_is_stored_once_and_then_kept() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmSettingsRepository::new(db);
        assert_eq!(repo.get_or_insert("k", "first").await.unwrap(), "first");
        assert_eq!(repo.get_or_insert("k", "second").await.unwrap(), "first");
    })
    .await;
}

#[tokio::test]
async fn taken_emails_and_usernames_become_conflicts_naming_the_field() {
    each_engine(|db, _| async move {
        let repo = adapters::SeaOrmUserRepository::new(db);
        let ruth = repo
            .create(member("Ruth@Example.org", "ruth"))
            .await
            .unwrap();
        assert_eq!(
            ruth.email, "ruth@example.org",
            "e-mails are stored lowercased"
        );
        match repo.create(member("ruth@example.org", "other")).await {
            Err(StoreError::Conflict(field)) => assert_eq!(field, "email"),
            other => panic!("expected a conflict, got {other:?}"),
        }
        match repo.create(member("naomi@example.org", "ruth")).await {
            Err(StoreError::Conflict(field)) => assert_eq!(field, "username"),
            other => panic!("expected a conflict, got {other:?}"),
        }
        let (found, hash) = repo
            .find_credentials("RUTH@example.org")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.id, ruth.id);
        assert_eq!(hash.as_deref(), Some("$argon2id$fake"));
        assert_eq!(repo.list_pending(100, 0).await.unwrap().items.len(), 1);
        let approved = repo
            .set_role(&ruth.id, Role::PrimaryContributor, true)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (approved.role, approved.is_approved),
            (Role::PrimaryContributor, true)
        );
        assert!(repo.list_pending(100, 0).await.unwrap().items.is_empty());
        assert!(repo.delete(&ruth.id).await.unwrap());
        assert!(!repo.delete(&ruth.id).await.unwrap());
    })
    .await;
}

#[tokio::test]
async fn migrations_run_twice_without_harm() {
    each_engine(|db, _| async move {
        use sea_orm_migration::MigratorTrait;
        adapters::migration::Migrator::up(&db, None).await.unwrap();
        assert!(adapters::ping(&db).await.is_ok());
    })
    .await;
}

#[tokio::test]
async fn stories_stored_with_relative_urls_are_cleaned_by_the_migration() {
    use adapters::migration::Migrator;
    use sea_orm::{ConnectionTrait, Statement};
    use sea_orm_migration::MigratorTrait;
    each_engine(|db, _| async move {
        let users = adapters::SeaOrmUserRepository::new(db.clone());
        let author = users.create(member("old@example.org", "old")).await.unwrap();
        let backend = db.get_database_backend();
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            if adapters::is_postgres(&db) {
                "INSERT INTO stories (title, content, category, author_id, status, is_published, created_at, updated_at) VALUES ('Old', $1, 'Worship', $2, 'approved', true, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            } else {
                "INSERT INTO stories (title, content, category, author_id, status, is_published, created_at, updated_at) VALUES ('Old', ?, 'Worship', ?, 'approved', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            },
            [
                r#"<p>Hi<img src="/api/logout"><a href="https://example.org">ok</a></p>"#.into(),
                author.id.as_str().into(),
            ],
        ))
        .await
        .unwrap();
        // Run the cleaning migration again over what is stored now.
        db.execute_raw(Statement::from_string(
            backend,
            "DELETE FROM seaql_migrations WHERE version = 'm0010_absolute_story_urls'",
        ))
        .await
        .unwrap();
        Migrator::up(&db, None).await.unwrap();
        let row = db
            .query_one_raw(Statement::from_string(backend, "SELECT content FROM stories WHERE title = 'Old'"))
            .await
            .unwrap()
            .unwrap();
        let content: String = row.try_get("", "content").unwrap();
        assert!(!content.contains("/api/logout"), "{content}");
        assert!(content.contains(r#"href="https://example.org""#), "{content}");
    })
    .await;
}

#[tokio::test]
async fn stories_stored_before_the_authors_text_was_kept_get_it_back_from_their_html() {
    use adapters::migration::Migrator;
    use sea_orm::{ConnectionTrait, Statement};
    use sea_orm_migration::MigratorTrait;
    each_engine(|db, _| async move {
        let users = adapters::SeaOrmUserRepository::new(db.clone());
        let author = users.create(member("old@example.org", "old")).await.unwrap();
        let backend = db.get_database_backend();
        // Back to the schema before m0017 (it and every later migration undone), with two
        // stories stored then.
        let since_m0017 = u32::try_from(Migrator::migrations().len() - 16).unwrap();
        Migrator::down(&db, Some(since_m0017)).await.unwrap();
        for (title, html) in [
            (
                "Plain",
                "<p>Line one<br>line two</p>\n<p>Grace &amp; peace</p>\n<p><img src=\"/media/0123456789abcdef0123456789abcdef-800.webp\" alt=\"Our choir\"></p>",
            ),
            ("Rich", "<h2>Heading</h2><p>Text <em>here</em></p>"),
        ] {
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                if adapters::is_postgres(&db) {
                    "INSERT INTO stories (title, content, category, author_id, status, is_published, created_at, updated_at) VALUES ($1, $2, 'Worship', $3, 'approved', true, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                } else {
                    "INSERT INTO stories (title, content, category, author_id, status, is_published, created_at, updated_at) VALUES (?, ?, 'Worship', ?, 'approved', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
                },
                [title.into(), html.into(), author.id.as_str().into()],
            ))
            .await
            .unwrap();
        }
        Migrator::up(&db, None).await.unwrap();
        let source = |title: &'static str| {
            let db = db.clone();
            async move {
                let row = db
                    .query_one_raw(Statement::from_string(
                        backend,
                        format!("SELECT source FROM stories WHERE title = '{title}'"),
                    ))
                    .await
                    .unwrap()
                    .unwrap();
                row.try_get::<Option<String>>("", "source").unwrap()
            }
        };
        assert_eq!(
            source("Plain").await.as_deref(),
            Some("Line one\nline two\n\nGrace & peace\n\n![Our choir](/media/0123456789abcdef0123456789abcdef-800.webp)")
        );
        assert_eq!(
            source("Rich").await.as_deref(),
            Some("<h2>Heading</h2><p>Text <em>here</em></p>")
        );
    })
    .await;
}

/// Every connection of a freshly opened pool sees the migrated schema. Migrating on the
/// pool's own connections once left one of them preparing statements against the schema as
/// it was before, so the first user deleted after start-up failed with "no such table:
/// users" (every time, on SQLite, when the delete did not reuse the insert's connection).
#[tokio::test]
async fn a_freshly_opened_database_deletes_what_it_just_stored() {
    for _ in 0..10 {
        each_engine(|db, _| async move {
            let repo = adapters::SeaOrmUserRepository::new(db.clone());
            let ruth = repo
                .create(member("ruth@example.org", "ruth"))
                .await
                .unwrap();
            assert!(repo.delete(&ruth.id).await.unwrap());
            assert_eq!(repo.find(&ruth.id).await.unwrap(), None);
        })
        .await;
    }
}
