//! `/metrics` through the real binary, on SQLite and PostgreSQL: served on `METRICS_ADDR`
//! only, with the requests, the pool, the cache, the last backup and what waits in the
//! delivery and moderation queues.

use adapters::testing::{Engine, TestDatabase};
use chrono::Duration;
use sea_orm::{ConnectionTrait, Database, DbBackend, Statement, Value};

use crate::backups::{make_site, site_env};
use crate::processes::start;

/// The value of the series named exactly `series` (name and labels) in `text`.
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("missing {series:?} in:\n{text}"))
        .parse()
        .unwrap()
}

/// Puts a mail the worker gave up on, a social post waiting since two hours and one that
/// failed, straight into the database (no platform or SMTP server answers in a test).
async fn stuck_deliveries(url: &str, story: i64) {
    let db = Database::connect(url).await.unwrap();
    let backend = db.get_database_backend();
    let p = |i: usize| {
        if backend == DbBackend::Postgres {
            format!("${i}")
        } else {
            "?".to_owned()
        }
    };
    let now = domain::clock::Clock::now(&domain::clock::SystemClock);
    let sql = format!(
        "INSERT INTO mail_outbox (recipient, subject, body, created_at, attempts) VALUES ('x@example.org', 'Hi', 'Body', {}, {})",
        p(1),
        p(2)
    );
    let max = i32::try_from(domain::mail::MAX_DELIVERY_ATTEMPTS).unwrap();
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [Value::from(now), Value::from(max)],
    ))
    .await
    .unwrap();
    for (platform, status, at) in [
        ("twitter", "queued", now - Duration::hours(2)),
        ("linkedin", "failed", now),
    ] {
        let sql = format!(
            "INSERT INTO social_posts (story_id, platform, status, body, created_at, attempts) VALUES ({}, {}, {}, 'Grace', {}, 0)",
            p(1),
            p(2),
            p(3),
            p(4)
        );
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [
                Value::from(story),
                Value::from(platform),
                Value::from(status),
                Value::from(at),
            ],
        ))
        .await
        .unwrap();
    }
}

async fn metrics_on(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let metrics_port = crate::processes::free_port();
    let mut env = site_env(&db.url, dir.path(), "m");
    env.push(("METRICS_ADDR", format!("127.0.0.1:{metrics_port}")));
    env.push(("BACKUP_EVERY_HOURS", "24".into()));
    let server = start(&env).await;
    let client = reqwest::Client::new();
    for _ in 0..3 {
        let res = client
            .get(format!("{}/api/stories", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    let public = client
        .get(format!("{}/metrics", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(public.status(), 404);
    // A pending story, a staged edit, comments and a person waiting for approval, mail
    // waiting for an SMTP server; then stuck deliveries.
    let (_, made) = make_site(&client, &server).await;
    stuck_deliveries(&db.url, made.story).await;

    // The gauges are read from the database at start and every 15 seconds; the scheduled
    // backup runs at start.
    let mut text = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        text = client
            .get(format!("http://127.0.0.1:{metrics_port}/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        if text.contains(r#"outbox_failed{outbox="social"} 1"#)
            && text.contains("backup_last_good_age_seconds ")
            && !text.contains("backup_last_good_age_seconds NaN")
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    for series in [
        r#"http_requests_total{route="/api/stories",method="GET",status="200"} 3"#,
        r#"http_request_duration_seconds_bucket{route="/api/stories",method="GET",le="5"} 3"#,
        r#"http_requests_total{route="/metrics",method="GET",status="404"} 1"#,
        "public_cache_misses_total 1",
    ] {
        assert!(text.contains(series), "missing {series:?} in:\n{text}");
    }
    let v = |series: &str| value(&text, series);
    assert!(v("public_cache_hits_total") >= 2.0);
    assert!(v(r#"db_pool_connections{state="in_use"}"#) >= 0.0);
    assert!(v(r#"db_pool_connections{state="idle"}"#) >= 1.0);
    // Nothing waits for a connection on an idle site.
    assert_eq!(v(r#"db_pool_connections{state="waiting"}"#), 0.0);
    assert!(v("db_pool_connections_wanted") >= 0.0);
    let backup_age = v("backup_last_good_age_seconds");
    assert!((0.0..600.0).contains(&backup_age), "{backup_age}");

    // The registration and approval mails wait for an SMTP server; one was given up on.
    assert!(v(r#"outbox_queued{outbox="mail"}"#) >= 1.0);
    assert_eq!(v(r#"outbox_failed{outbox="mail"}"#), 1.0);
    let mail_age = v(r#"outbox_oldest_queued_age_seconds{outbox="mail"}"#);
    assert!((0.0..600.0).contains(&mail_age), "{mail_age}");
    assert_eq!(v(r#"outbox_queued{outbox="social"}"#), 1.0);
    assert_eq!(v(r#"outbox_failed{outbox="social"}"#), 1.0);
    let social_age = v(r#"outbox_oldest_queued_age_seconds{outbox="social"}"#);
    assert!((7200.0..7800.0).contains(&social_age), "{social_age}");

    // make_site leaves one new story, one staged edit, two anonymous comments and Naomi.
    for (queue, count) in [
        ("stories", 1.0),
        ("edits", 1.0),
        ("comments", 2.0),
        ("people", 1.0),
    ] {
        assert_eq!(
            v(&format!(r#"moderation_pending{{queue="{queue}"}}"#)),
            count,
            "{queue}"
        );
        let age = v(&format!(
            r#"moderation_oldest_pending_age_seconds{{queue="{queue}"}}"#
        ));
        assert!((0.0..600.0).contains(&age), "{queue}: {age}");
    }
}

#[actix_web::test]
async fn metrics_on_their_own_address_count_requests_the_pool_and_every_queue_on_sqlite() {
    metrics_on(Engine::Sqlite).await;
}

#[actix_web::test]
async fn metrics_on_their_own_address_count_requests_the_pool_and_every_queue_on_postgres() {
    metrics_on(Engine::Postgres).await;
}
