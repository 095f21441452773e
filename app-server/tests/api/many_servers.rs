//! Several real `app-server` processes on one PostgreSQL database: a rate
//! limit reached through one holds on the other, and the background work every instance
//! runs (mail delivery over SMTP, schedule reminders, social posts) is done once, not once
//! per instance; and two instances started together on an empty database both come up.
//! Sessions and cached reads across instances are in `two_servers.rs`.

use domain::clock::{Clock, SystemClock};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

use adapters::testing::http::{Answer, FakeApi, Request};
use adapters::testing::smtp::{Received, SmtpSink};
use adapters::testing::{Engine, TestDatabase};
use domain::mail::{Mailer, OutgoingMail};
use domain::schedule::{NewSchedule, ScheduleRepository};
use domain::social::{Platform, SocialPostRepository};
use domain::story::{NewStory, StoryFields, StoryRepository, StoryStatus};
use domain::user::{Role, User, UserRepository};
use domain::validation::ScheduleTitle;
use reqwest::Method;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use serde_json::json;

use crate::processes::{Server, base_env, free_port, send_json, start};

const MAILS: usize = 200;
const REMINDERS: usize = 20;
const POSTS: usize = 20;

#[actix_web::test]
async fn a_rate_limit_reached_through_one_server_holds_on_the_other() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let mut envs = base_env(&db.url);
    envs.push(("RATE_LIMIT_PER_MINUTE", "4".to_owned()));
    let first = start(&envs).await;
    let second = start(&envs).await;
    crate::helpers::clear_of_a_windows_end().await;
    let client = reqwest::Client::new();
    let mut statuses = Vec::new();
    for (n, server) in [&first, &second, &first, &second, &first, &second]
        .into_iter()
        .enumerate()
    {
        let (status, body, _) = send_json(
            &client,
            server,
            Method::POST,
            "/api/register",
            None,
            json!({
                "email": format!("limit{n}@example.org"),
                "username": format!("limit{n}"),
                "password": "a long enough password",
                "firstName": "Lydia",
                "lastName": "Purple",
            }),
        )
        .await;
        if status == 429 {
            assert_eq!(body["code"], "rate_limited", "{body}");
        }
        statuses.push(status);
        // A few a second: each server reads the shared count (a busy client's is counted in
        // memory for `SETTLE_EVERY`, docs/decisions/account-safety.md).
        tokio::time::sleep(adapters::SETTLE_EVERY * 2).await;
    }
    // Four sign-ups a minute from one address, wherever they land; the fifth and sixth are
    // refused by both servers.
    assert_eq!(statuses, [201, 201, 201, 201, 429, 429]);
}

fn tweet_created(n: usize, _: &Request) -> Answer {
    Answer::json(
        201,
        &json!({"data": {"id": format!("19000000000{n}"), "text": "..."}}),
    )
}

/// An approved account with a verified address (so reminders reach it).
async fn person(users: &adapters::SeaOrmUserRepository, email: &str, role: Role) -> User {
    let mut new = domain::testing::new_user(email, role, true);
    new.email_verified = true;
    users.create(new).await.unwrap()
}

/// Fills the shared database with work for the instances' background jobs: `MAILS` messages
/// in the outbox, `REMINDERS` tasks due tomorrow (one per contributor), `POSTS` stories
/// queued for Twitter.
async fn queue_work(db: &DatabaseConnection) {
    let users = adapters::SeaOrmUserRepository::new(db.clone());
    let outbox = adapters::OutboxMailer::new(db.clone());
    for i in 0..MAILS {
        outbox
            .send(OutgoingMail {
                to: format!("reader{i}@example.org"),
                subject: "News from the church".to_owned(),
                body: format!("Message [m{i}] for you."),
                html: None,
                unsubscribe: None,
            })
            .await
            .unwrap();
    }
    let schedules = adapters::SeaOrmScheduleRepository::new(db.clone());
    for i in 0..REMINDERS {
        let contributor = person(
            &users,
            &format!("contributor{i}@example.org"),
            Role::RegularContributor,
        )
        .await;
        schedules
            .create(NewSchedule {
                contributor_id: contributor.id,
                due_date: SystemClock.now() + chrono::Duration::hours(24),
                title: ScheduleTitle::parse(&format!("Task {i}")).unwrap(),
                description: None,
            })
            .await
            .unwrap();
    }
    let author = person(&users, "writer@example.org", Role::Admin).await;
    let stories = adapters::SeaOrmStoryRepository::new(db.clone());
    let social = adapters::SeaOrmSocialPostRepository::new(db.clone());
    for i in 0..POSTS {
        let title = format!("Shared story [s{i}]");
        let story = stories
            .create(NewStory {
                passages: Vec::new(),
                fields: StoryFields {
                    title: title.clone(),
                    content: format!("<p>{title}</p>"),
                    source: title.clone(),
                    excerpt: None,
                    video_url: None,
                    thumbnail_url: None,
                    category: "Community".to_owned(),
                },
                author_id: author.id.clone(),
                status: StoryStatus::Approved,
                is_published: true,
                published_at: Some(SystemClock.now()),
                approved_by: Some(author.id.clone()),
                approved_at: Some(SystemClock.now()),
                privacy: Default::default(),
            })
            .await
            .unwrap();
        assert!(
            social
                .queue(story.id, Platform::Twitter, &title, &author.id, false)
                .await
                .unwrap()
        );
    }
}

/// How many of `received` carry each marker `[{prefix}{i}]`, for i below `n`.
fn copies(texts: &[String], prefix: &str, n: usize) -> Vec<usize> {
    (0..n)
        .map(|i| {
            let marker = format!("[{prefix}{i}]");
            texts.iter().filter(|t| t.contains(&marker)).count()
        })
        .collect()
}

fn reminders_by_contributor(received: &[Received]) -> Vec<usize> {
    (0..REMINDERS)
        .map(|i| {
            let to = format!("contributor{i}@example.org");
            received.iter().filter(|m| m.to == to).count()
        })
        .collect()
}

/// What the log at `path` says a job did in all its rounds (the `delivered=` or `done=`
/// figures of its "round done" lines), colours taken out.
fn done_by(path: &Path, job: &str, field: &str) -> usize {
    let log = std::fs::read_to_string(path).unwrap_or_default();
    let mut plain = String::with_capacity(log.len());
    let mut chars = log.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
        .lines()
        .filter(|l| l.contains("round done") && l.contains(&format!("job=\"{job}\"")))
        .filter_map(|l| {
            let at = l.find(&format!("{field}="))? + field.len() + 1;
            l[at..]
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum()
}

async fn count(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

#[actix_web::test]
#[ignore = "slow: just test-slow"]
async fn two_servers_running_every_job_do_each_piece_of_work_once() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let conn = adapters::connect(&db.url).await.unwrap();
    queue_work(&conn).await;

    // A mail server that takes 10 ms a message, so one instance alone would need two
    // seconds and both are at work at once.
    let sink = SmtpSink::start_slow(Duration::from_millis(10)).await;
    let x = FakeApi::start(tweet_created).await;
    x.set_delay(Duration::from_millis(20));
    let mut envs = base_env(&db.url);
    envs.extend([
        ("SMTP_URL", sink.url()),
        ("TWITTER_BEARER_TOKEN", "tw-token".to_owned()),
        ("TWITTER_API_URL", x.url()),
        ("RUST_LOG", "info,sqlx=warn,sea_orm=warn".to_owned()),
    ]);
    let logs = tempfile::tempdir().unwrap();
    let log_paths = [
        logs.path().join("first.log"),
        logs.path().join("second.log"),
    ];
    // Both start together, as after a deploy: neither waits for the other.
    let mut servers: Vec<Server> = log_paths
        .iter()
        .map(|log| Server::spawn(&envs, free_port(), Some(log)))
        .collect();
    for server in &mut servers {
        server.healthy().await;
    }

    let expected = MAILS + REMINDERS;
    let deadline = Instant::now() + Duration::from_secs(60);
    while (sink.received().len() < expected || x.received().len() < POSTS)
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A second more, for any copy that would come late.
    tokio::time::sleep(Duration::from_secs(1)).await;

    let received = sink.received();
    let bodies: Vec<String> = received.iter().map(|m| m.data.clone()).collect();
    let mails = copies(&bodies, "m", MAILS);
    let reminders = reminders_by_contributor(&received);
    let tweets: Vec<String> = x
        .received()
        .iter()
        .map(|r| r.json()["text"].as_str().unwrap_or_default().to_owned())
        .collect();
    let posts = copies(&tweets, "s", POSTS);
    let per_server: Vec<HashMap<&str, usize>> = log_paths
        .iter()
        .map(|log| {
            HashMap::from([
                ("mails", done_by(log, "mail delivery", "delivered")),
                ("reminders", done_by(log, "schedule reminders", "done")),
                ("posts", done_by(log, "social delivery", "delivered")),
            ])
        })
        .collect();
    eprintln!(
        "received {} mails ({} expected), {} posts ({POSTS} expected); by server: {per_server:?}",
        received.len(),
        expected,
        tweets.len()
    );

    assert!(
        mails.iter().all(|&n| n == 1),
        "copies of each mail: {mails:?}"
    );
    assert!(
        reminders.iter().all(|&n| n == 1),
        "reminders per contributor: {reminders:?}"
    );
    assert!(
        posts.iter().all(|&n| n == 1),
        "copies of each post: {posts:?}"
    );
    assert_eq!(received.len(), expected);
    assert_eq!(tweets.len(), POSTS);
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM social_posts WHERE status <> 'posted'"
        )
        .await,
        0
    );
    // Each instance's log adds up to the whole, and the mail was shared between them.
    let total = |what: &str| per_server.iter().map(|s| s[what]).sum::<usize>();
    assert_eq!(
        (total("mails"), total("reminders"), total("posts")),
        (expected, REMINDERS, POSTS)
    );
    assert!(
        per_server.iter().all(|s| s["mails"] > 0),
        "both instances delivered mail: {per_server:?}"
    );
}

#[actix_web::test]
async fn two_servers_starting_together_on_an_empty_database_both_come_up() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let envs = base_env(&db.url);
    let logs = tempfile::tempdir().unwrap();
    let mut servers: Vec<Server> = ["first.log", "second.log"]
        .iter()
        .map(|name| Server::spawn(&envs, free_port(), Some(&logs.path().join(name))))
        .collect();
    for server in &mut servers {
        server.healthy().await;
    }
    let conn = adapters::connect(&db.url).await.unwrap();
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM users WHERE role = 'super_admin'"
        )
        .await,
        1
    );
}
