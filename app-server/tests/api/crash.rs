//! Crash safety with real processes. A real `app-server` is killed with
//! SIGKILL (no shutdown of any kind) while writes are in flight, and started again on the
//! same database and port:
//!
//! - a stream of visitors' comments, stories by the super admin (live at once: the story,
//!   its approved version, the per-category total kept by a trigger, the search index) and
//!   by an approved member (waiting for review), and sign-ups (the account, its verification
//!   token and its verification mail, its session): every write that got a 2xx is there
//!   afterwards, whole; a write that got no answer may or may not be there, and is never
//!   half there;
//! - the mail worker killed half-way through a few hundred messages: afterwards every message
//!   is delivered, and only a message the killed process had claimed and not yet marked sent
//!   may arrive twice (the at-least-once rule of the README).
//!
//! Traffic goes to 127.0.0.1 only; every loop is bounded in count and in time.

use domain::clock::{Clock, SystemClock};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use adapters::testing::smtp::SmtpSink;
use adapters::testing::{Engine, TestDatabase};
use domain::mail::{Mailer, OutgoingMail};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::processes::{ORIGIN, Server, base_env, free_port, send_json, sign_in_admin};

const CATEGORIES: [&str; 5] = [
    "Bible Study",
    "Testimonies",
    "Faith & Life",
    "Worship",
    "Community",
];

/// Kill-and-restart rounds per engine (each kills at a different moment).
const ROUNDS: usize = 3;
/// The most requests one client task sends in a round.
const PER_LANE: usize = 200;
/// How long a round's stream may run at most, whatever happens.
const ROUND_LIMIT: Duration = Duration::from_secs(30);
const PASSWORD: &str = "crash-safe-password";

/// A number in `0..n` that differs from run to run (the moment of a kill).
fn jitter(n: u64) -> u64 {
    rand::random_range(0..n)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Comment,
    AdminStory,
    MemberStory,
    SignUp,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Comment => 'c',
            Kind::AdminStory => 'a',
            Kind::MemberStory => 'm',
            Kind::SignUp => 's',
        }
    }
}

#[derive(Debug, Clone)]
enum Outcome {
    /// A 2xx: the id (story, comment, user) and, for a sign-up, its session cookie.
    Acked { id: String, cookie: Option<String> },
    /// Any other status: the server refused (none are expected).
    Refused(u16),
    /// The connection broke (the kill) before a whole answer came.
    NoAnswer,
    /// The connection was refused: the server was already gone, the write never left.
    NotSent,
}

#[derive(Debug, Clone)]
struct Write {
    kind: Kind,
    /// Unique in the database: in the title, the comment, the e-mail address.
    key: String,
    outcome: Outcome,
}

impl Write {
    fn acked(&self) -> Option<&str> {
        match &self.outcome {
            Outcome::Acked { id, .. } => Some(id),
            _ => None,
        }
    }
}

/// What the client tasks of a round share.
struct Stream {
    client: reqwest::Client,
    base: String,
    admin: String,
    member: String,
    story: i64,
    acked: AtomicUsize,
    stop_at: Instant,
}

/// POSTs `body` as JSON with the site's origin; an error (instead of a panic) when the
/// connection breaks, as it does when the server is killed.
async fn try_post(
    client: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
    body: &Value,
) -> Result<(u16, Value, Option<String>), reqwest::Error> {
    let mut request = client
        .post(url)
        .header("origin", ORIGIN)
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let res = request.send().await?;
    let status = res.status().as_u16();
    let cookie = crate::processes::session_cookie(&res);
    let bytes = res.bytes().await?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or_default(),
        cookie,
    ))
}

fn story_body(key: &str, i: usize) -> Value {
    json!({
        "title": format!("Story {key}"),
        "content": format!("Kept through a crash: {key}.\n\nA second paragraph."),
        "excerpt": format!("Excerpt {key}"),
        "videoUrl": null,
        "thumbnailUrl": null,
        "category": CATEGORIES[i % CATEGORIES.len()],
        "isPublished": true, "consent": {"site": true, "social": true, "widget": true},
    })
}

/// One client task: up to [`PER_LANE`] writes of one kind, one after the other, until the
/// first one without an answer (the server is gone) or the round's time limit.
async fn lane(stream: Arc<Stream>, kind: Kind, round: usize, lane: usize) -> Vec<Write> {
    let mut writes = Vec::new();
    for i in 0..PER_LANE {
        if Instant::now() > stream.stop_at {
            break;
        }
        let key = format!("r{round}{}{lane}n{i}", kind.letter());
        let (path, cookie, body) = match kind {
            Kind::Comment => (
                format!("/api/stories/{}/comments", stream.story),
                None,
                json!({"authorName": format!("Reader {key}"), "content": format!("Comment {key}"), "website": ""}),
            ),
            Kind::AdminStory => (
                "/api/stories".to_owned(),
                Some(stream.admin.as_str()),
                story_body(&key, i),
            ),
            Kind::MemberStory => (
                "/api/stories".to_owned(),
                Some(stream.member.as_str()),
                story_body(&key, i),
            ),
            Kind::SignUp => (
                "/api/register".to_owned(),
                None,
                json!({"email": format!("{key}@crash.test"), "username": key, "password": PASSWORD,
                       "firstName": "Crash", "lastName": key}),
            ),
        };
        let url = format!("{}{path}", stream.base);
        let outcome = match try_post(&stream.client, &url, cookie, &body).await {
            Ok((status, json, cookie)) if (200..300).contains(&status) => {
                let id = match kind {
                    Kind::SignUp => json["user"]["id"].as_str().map(str::to_owned),
                    _ => json["id"].as_i64().map(|id| id.to_string()),
                };
                match id {
                    Some(id) => {
                        stream.acked.fetch_add(1, Ordering::SeqCst);
                        Outcome::Acked { id, cookie }
                    }
                    None => panic!("{kind:?} {key}: a {status} without an id: {json}"),
                }
            }
            Ok((status, _, _)) => Outcome::Refused(status),
            Err(e) if e.is_connect() => Outcome::NotSent,
            Err(_) => Outcome::NoAnswer,
        };
        let stop = matches!(outcome, Outcome::NoAnswer | Outcome::NotSent);
        writes.push(Write { kind, key, outcome });
        if stop {
            break;
        }
    }
    writes
}

fn crash_env(database_url: &str, dir: &Path) -> Vec<(&'static str, String)> {
    let mut envs = base_env(database_url);
    // Thousands of writes a minute from one address: nothing may be refused for the rate.
    envs.push(("RATE_LIMIT_PER_MINUTE", "1000000".to_owned()));
    envs.push(("MEDIA_DIR", dir.join("media").display().to_string()));
    envs
}

async fn rows(db: &DatabaseConnection, sql: &str) -> Vec<sea_orm::QueryResult> {
    db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

fn text(row: &sea_orm::QueryResult, column: &str) -> String {
    row.try_get::<String>("", column).unwrap()
}

fn int(row: &sea_orm::QueryResult, column: &str) -> i64 {
    row.try_get::<i64>("", column).unwrap()
}

/// Checks everything the database and the API hold against what was acknowledged; answers
/// how many unanswered writes are there.
async fn check(
    db: &DatabaseConnection,
    server: &Server,
    client: &reqwest::Client,
    writes: &[Write],
    admin: &str,
    member: &str,
) -> usize {
    // Stories: id -> (title, status, live, category).
    let mut stories = HashMap::new();
    for row in rows(
        db,
        "SELECT CAST(id AS BIGINT) AS id, title, status, \
         CAST(CASE WHEN is_published THEN 1 ELSE 0 END AS BIGINT) AS live, category FROM stories",
    )
    .await
    {
        stories.insert(
            int(&row, "id"),
            (
                text(&row, "title"),
                text(&row, "status"),
                int(&row, "live") == 1,
                text(&row, "category"),
            ),
        );
    }
    let mut approved_versions: HashMap<i64, Vec<String>> = HashMap::new();
    for row in rows(
        db,
        "SELECT CAST(story_id AS BIGINT) AS story_id, title FROM story_revisions WHERE status = 'approved'",
    )
    .await
    {
        approved_versions
            .entry(int(&row, "story_id"))
            .or_default()
            .push(text(&row, "title"));
    }
    // Nothing half-written: every live story has its approved version (one unit of work).
    let mut plain: BTreeMap<String, i64> = BTreeMap::new();
    for (id, (title, status, live, category)) in &stories {
        if status == "approved" && *live {
            *plain.entry(category.clone()).or_default() += 1;
            assert!(
                approved_versions
                    .get(id)
                    .is_some_and(|v| v.iter().any(|t| t == title)),
                "live story {id} ({title}) has no approved version"
            );
        }
    }
    // The per-category totals kept by triggers equal a plain count.
    let mut kept: BTreeMap<String, i64> = BTreeMap::new();
    for row in rows(
        db,
        "SELECT category, CAST(published AS BIGINT) AS published FROM story_counts",
    )
    .await
    {
        let n = int(&row, "published");
        if n != 0 {
            kept.insert(text(&row, "category"), n);
        }
    }
    assert_eq!(kept, plain, "story_counts against a plain count");
    let by_title: HashMap<&str, i64> = stories
        .iter()
        .map(|(id, (title, ..))| (title.as_str(), *id))
        .collect();

    // Comments: content -> (id, story); each on a story that exists.
    let mut comments = HashMap::new();
    for row in rows(
        db,
        "SELECT CAST(id AS BIGINT) AS id, CAST(story_id AS BIGINT) AS story_id, content FROM comments",
    )
    .await
    {
        let story = int(&row, "story_id");
        assert!(stories.contains_key(&story), "a comment on missing story {story}");
        assert!(
            comments
                .insert(text(&row, "content"), (int(&row, "id"), story))
                .is_none(),
            "a comment stored twice"
        );
    }

    // Accounts: every one signed up through the API has its verification token and mail,
    // whether or not its sign-up was answered.
    let tokens: HashSet<String> = rows(
        db,
        "SELECT user_id FROM account_tokens WHERE purpose = 'verify_email'",
    )
    .await
    .iter()
    .map(|r| text(r, "user_id"))
    .collect();
    let mut mails: HashMap<String, usize> = HashMap::new();
    for row in rows(db, "SELECT recipient, subject FROM mail_outbox").await {
        if text(&row, "subject").starts_with("Confirm your e-mail address") {
            *mails.entry(text(&row, "recipient")).or_default() += 1;
        }
    }
    let mut users = HashMap::new();
    for row in rows(db, "SELECT id, email FROM users").await {
        let (id, email) = (text(&row, "id"), text(&row, "email"));
        if email.ends_with("@crash.test") {
            assert!(
                tokens.contains(&id),
                "account {email} has no verification token (a half-written sign-up)"
            );
            assert_eq!(
                mails.get(&email),
                Some(&1),
                "account {email} has no verification mail (a half-written sign-up)"
            );
        }
        users.insert(email, id);
    }

    let mut unanswered_there = 0;
    for w in writes {
        let there = match w.kind {
            Kind::Comment => {
                let found = comments.get(&format!("Comment {}", w.key));
                if let Some(id) = w.acked() {
                    let (found_id, _) = found.unwrap_or_else(|| {
                        panic!("acknowledged comment {} ({id}) is missing", w.key)
                    });
                    assert_eq!(&found_id.to_string(), id);
                }
                found.is_some()
            }
            Kind::AdminStory | Kind::MemberStory => {
                let found = by_title.get(format!("Story {}", w.key).as_str());
                if let Some(id) = w.acked() {
                    let found_id = found.unwrap_or_else(|| {
                        panic!("acknowledged {:?} {} ({id}) is missing", w.kind, w.key)
                    });
                    assert_eq!(&found_id.to_string(), id);
                    let (_, status, live, _) = &stories[found_id];
                    if w.kind == Kind::AdminStory {
                        assert_eq!((status.as_str(), *live), ("approved", true));
                    } else {
                        assert_eq!((status.as_str(), *live), ("pending_approval", false));
                    }
                }
                found.is_some()
            }
            Kind::SignUp => {
                let found = users.get(&format!("{}@crash.test", w.key));
                if let Some(id) = w.acked() {
                    assert_eq!(
                        found.map(String::as_str),
                        Some(id),
                        "acknowledged sign-up {} is missing",
                        w.key
                    );
                }
                found.is_some()
            }
        };
        assert!(
            !(there && matches!(w.outcome, Outcome::NotSent)),
            "{} is stored though its connection was refused",
            w.key
        );
        if w.acked().is_none() && there {
            unanswered_there += 1;
        }
    }

    // Through the API of the restarted server: every acknowledged sign-up's session still
    // works, every acknowledged story is served (to the public or to its author) and found
    // by a search, and the public total is the plain count.
    for w in writes {
        let Outcome::Acked { id, cookie } = &w.outcome else {
            continue;
        };
        match w.kind {
            Kind::SignUp => {
                let cookie = cookie.as_deref().expect("a sign-up's session cookie");
                let me = get(client, server, "/api/user", Some(cookie)).await;
                assert_eq!(me.0, 200, "the session of sign-up {} is lost", w.key);
                assert_eq!(me.2["id"], id.as_str());
            }
            Kind::AdminStory => {
                let (status, _, story) =
                    get(client, server, &format!("/api/stories/{id}"), None).await;
                assert_eq!(status, 200, "story {id}");
                assert_eq!(story["title"], format!("Story {}", w.key));
                let (status, _, found) =
                    get(client, server, &format!("/api/stories?q={}", w.key), None).await;
                assert_eq!(status, 200);
                assert!(
                    found
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|s| s["id"] == id.parse::<i64>().unwrap()),
                    "a search for {} does not find story {id}",
                    w.key
                );
            }
            Kind::MemberStory => {
                let (status, _, story) =
                    get(client, server, &format!("/api/stories/{id}"), Some(member)).await;
                assert_eq!(status, 200, "story {id} to its author");
                assert_eq!(story["status"], "pending_approval");
            }
            Kind::Comment => {}
        }
    }
    let (status, total, _) = get(client, server, "/api/stories?limit=1", None).await;
    assert_eq!(status, 200);
    assert_eq!(total, plain.values().sum::<i64>().to_string());
    // The super admin's session, opened before the first kill, still works.
    assert_eq!(get(client, server, "/api/user", Some(admin)).await.0, 200);
    unanswered_there
}

/// A client whose every request gives up after 20 seconds.
fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

/// GET `path`: the status, `X-Total-Count`, and the JSON.
async fn get(
    client: &reqwest::Client,
    server: &Server,
    path: &str,
    cookie: Option<&str>,
) -> (u16, String, Value) {
    let mut request = client.get(format!("{}{path}", server.base));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let res = request.send().await.unwrap();
    let status = res.status().as_u16();
    let total = res
        .headers()
        .get("x-total-count")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let json = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default();
    (status, total, json)
}

async fn writes_survive_sigkill(engine: Engine) {
    let started = Instant::now();
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    let envs = crash_env(&db.url, dir.path());
    let port = free_port();
    let mut server = Server::spawn(&envs, port, Some(&log));
    server.healthy().await;
    let mut client = new_client();

    // The cast: the super admin, an approved member, and a published story to comment on.
    let admin = sign_in_admin(&client, &server).await;
    let (status, member, cookie) = send_json(
        &client,
        &server,
        reqwest::Method::POST,
        "/api/register",
        None,
        json!({"email": "member@crash.test", "username": "member", "password": PASSWORD,
               "firstName": "Faithful", "lastName": "Member"}),
    )
    .await;
    assert_eq!(status, 201);
    let member_cookie = cookie.unwrap();
    let (status, ..) = send_json(
        &client,
        &server,
        reqwest::Method::POST,
        &format!(
            "/api/admin/users/{}/role",
            member["user"]["id"].as_str().unwrap()
        ),
        Some(&admin),
        json!({"role": "regular_contributor", "isApproved": true}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, story, _) = send_json(
        &client,
        &server,
        reqwest::Method::POST,
        "/api/stories",
        Some(&admin),
        story_body("commented", 0),
    )
    .await;
    assert_eq!(status, 201);
    let story = story["id"].as_i64().unwrap();

    let mut all: Vec<Write> = Vec::new();
    let mut unanswered_there = 0;
    for round in 1..=ROUNDS {
        let stream = Arc::new(Stream {
            client: client.clone(),
            base: server.base.clone(),
            admin: admin.clone(),
            member: member_cookie.clone(),
            story,
            acked: AtomicUsize::new(0),
            stop_at: Instant::now() + ROUND_LIMIT,
        });
        let lanes = [
            (Kind::Comment, 3),
            (Kind::AdminStory, 2),
            (Kind::MemberStory, 1),
            (Kind::SignUp, 2),
        ];
        let mut tasks = Vec::new();
        for (kind, n) in lanes {
            for l in 0..n {
                tasks.push(tokio::spawn(lane(stream.clone(), kind, round, l)));
            }
        }
        // Kill after a different number of acknowledged writes each time, with every lane
        // in the middle of a request.
        let kill_after = 30 + usize::try_from(jitter(60)).unwrap();
        while stream.acked.load(Ordering::SeqCst) < kill_after
            && Instant::now() < stream.stop_at
            && !tasks.iter().all(tokio::task::JoinHandle::is_finished)
        {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        server.kill();
        let mut writes = Vec::new();
        for task in tasks {
            writes.extend(task.await.unwrap());
        }
        let acked = writes.iter().filter(|w| w.acked().is_some()).count();
        let refused: Vec<_> = writes
            .iter()
            .filter_map(|w| match w.outcome {
                Outcome::Refused(status) => Some((w.kind, w.key.clone(), status)),
                _ => None,
            })
            .collect();
        assert!(refused.is_empty(), "writes refused: {refused:?}");
        assert!(
            acked >= kill_after,
            "round {round}: only {acked} writes were acknowledged before the time limit"
        );
        all.extend(writes);

        // The same binary on the same database and port.
        server = Server::spawn(&envs, port, Some(&log));
        server.healthy().await;
        // New connections: the old client's were to the killed process.
        client = new_client();
        let conn = adapters::connect(&db.url).await.unwrap();
        unanswered_there = check(&conn, &server, &client, &all, &admin, &member_cookie).await;
        conn.close().await.unwrap();
    }

    // Per kind: sent, acknowledged, in flight at a kill (no answer).
    let mut figures: BTreeMap<Kind, (usize, usize, usize)> = BTreeMap::new();
    for w in &all {
        let f = figures.entry(w.kind).or_default();
        match w.outcome {
            Outcome::Acked { .. } => (f.0, f.1) = (f.0 + 1, f.1 + 1),
            Outcome::NoAnswer => (f.0, f.2) = (f.0 + 1, f.2 + 1),
            Outcome::Refused(_) => f.0 += 1,
            Outcome::NotSent => {}
        }
    }
    let sent: usize = figures.values().map(|f| f.0).sum();
    let acked: usize = figures.values().map(|f| f.1).sum();
    eprintln!(
        "crash safety on {engine:?}: {ROUNDS} SIGKILLs; {sent} writes sent, {acked} acknowledged and \
         all {acked} found whole after the restarts; {} in flight at a kill (no answer), \
         {unanswered_there} of them there (whole), the rest absent; per kind (sent, acknowledged, \
         no answer): {figures:?}; {:.1?}",
        sent - acked,
        started.elapsed()
    );
}

mod acknowledged_writes_survive_sigkill_whole {
    use super::*;

    #[actix_web::test]
    #[ignore = "slow: just test-slow"]
    async fn sqlite() {
        writes_survive_sigkill(Engine::Sqlite).await;
    }

    #[actix_web::test]
    #[ignore = "slow: just test-slow"]
    async fn postgres() {
        writes_survive_sigkill(Engine::Postgres).await;
    }
}

// The bug the test above found: a sign-up wrote the account, then its verification token,
// then its mail, each on its own, so a crash in between left an account without its mail
// (the person could neither confirm the address nor sign up again: "already exists"). They
// are one unit of work now. This fast test (in `just test`) shows it without a crash: the
// mail cannot be recorded, so there is no account either, and the same sign-up works later.
crate::engine_test!(
    a_sign_up_whose_mail_cannot_be_recorded_leaves_no_account,
    |ctx, app| {
        let db = &ctx.state.db;
        let form = json!({"email": "ruth@crash.test", "username": "ruth", "password": PASSWORD,
                          "firstName": "Ruth", "lastName": "Moab"});
        db.execute_unprepared("ALTER TABLE mail_outbox RENAME TO mail_outbox_away")
            .await
            .unwrap();
        let res = crate::helpers::send(
            &app,
            actix_web::http::Method::POST,
            "/api/register",
            None,
            Some(form.clone()),
        )
        .await;
        assert!(res.status >= 500, "{} {}", res.status, res.body);
        db.execute_unprepared("ALTER TABLE mail_outbox_away RENAME TO mail_outbox")
            .await
            .unwrap();
        let left = rows(db, "SELECT id FROM users WHERE email = 'ruth@crash.test'").await;
        assert!(left.is_empty(), "an account without its verification mail");
        assert!(
            rows(db, "SELECT id FROM account_tokens").await.is_empty(),
            "a verification token without its mail"
        );

        let res = crate::helpers::send(
            &app,
            actix_web::http::Method::POST,
            "/api/register",
            None,
            Some(form),
        )
        .await;
        assert_eq!(res.status, 201, "{}", res.body);
        let mails = rows(
            db,
            "SELECT subject FROM mail_outbox WHERE recipient = 'ruth@crash.test'",
        )
        .await;
        assert_eq!(mails.len(), 1);
        assert!(text(&mails[0], "subject").starts_with("Confirm your e-mail address"));
    }
);

// A password reset was three commits (the link used up, the new password, the end of the
// account's sessions): a failure or crash after the first left the link spent and the
// password as it was; after the second, the old sessions alive under the new password. It
// is one unit of work now. This fast test shows it without a crash: the lifted sign-in lock
// (a step in the middle) cannot be written, so the link still works, the old password still
// signs in and the old session still holds; the same link then works and ends it.
crate::engine_test!(
    a_password_reset_that_cannot_finish_changes_nothing,
    |ctx, app| {
        use actix_web::http::Method;
        use domain::user::tokens::{AccountTokenRepository, TokenMinter, TokenPurpose};
        let db = &ctx.state.db;
        let email = "naomi@crash.test";
        let (user, old_cookie) =
            crate::helpers::sign_in_as_with(&ctx, &app, domain::user::Role::Member, |p| {
                p.email(email)
            })
            .await;
        let minted = adapters::Sha256TokenMinter.mint();
        adapters::SeaOrmAccountTokenRepository::new(db.clone())
            .issue(
                &user.id,
                TokenPurpose::PasswordReset,
                &minted.hash,
                SystemClock.now() + chrono::Duration::minutes(60),
            )
            .await
            .unwrap();
        let reset_answer = async || {
            let reset = json!({"token": minted.secret, "password": "a brand new password"});
            crate::helpers::send(
                &app,
                Method::POST,
                "/api/password-reset/confirm",
                None,
                Some(reset),
            )
            .await
        };
        let signs_in = async |password: &str| {
            let form = json!({"email": email, "password": password});
            crate::helpers::send(&app, Method::POST, "/api/login", None, Some(form))
                .await
                .status
        };
        let old_session = async || {
            crate::helpers::send(&app, Method::GET, "/api/user", Some(&old_cookie), None)
                .await
                .status
        };

        db.execute_unprepared("ALTER TABLE sign_in_failures RENAME TO sign_in_failures_away")
            .await
            .unwrap();
        let res = reset_answer().await;
        assert!(res.status >= 500, "{} {}", res.status, res.body);
        db.execute_unprepared("ALTER TABLE sign_in_failures_away RENAME TO sign_in_failures")
            .await
            .unwrap();
        let unused = rows(
            db,
            "SELECT id FROM account_tokens WHERE purpose = 'password_reset' AND used_at IS NULL",
        )
        .await;
        assert_eq!(
            unused.len(),
            1,
            "the link was used up by a reset that failed"
        );
        assert_eq!(
            old_session().await,
            200,
            "the session ended by a reset that failed"
        );
        assert_eq!(
            signs_in(crate::helpers::PASSWORD).await,
            200,
            "the password changed by a reset that failed"
        );

        let res = reset_answer().await;
        assert_eq!(res.status, 200, "{}", res.body);
        assert_eq!(old_session().await, 401, "a session outlived the reset");
        assert_eq!(signs_in(crate::helpers::PASSWORD).await, 401);
        assert_eq!(signs_in("a brand new password").await, 200);
    }
);

/// Messages queued before the server starts.
const MESSAGES: usize = 250;

/// The outbox rows of this test: (id, recipient, sent, attempts).
async fn outbox(db: &DatabaseConnection) -> Vec<(i64, String, bool, i64)> {
    rows(
        db,
        "SELECT CAST(id AS BIGINT) AS id, recipient, \
         CAST(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS sent, \
         CAST(attempts AS BIGINT) AS attempts FROM mail_outbox WHERE recipient LIKE '%@mail.test' ORDER BY id",
    )
    .await
    .iter()
    .map(|r| {
        (
            int(r, "id"),
            text(r, "recipient"),
            int(r, "sent") == 1,
            int(r, "attempts"),
        )
    })
    .collect()
}

async fn mail_survives_sigkill(engine: Engine) {
    let started = Instant::now();
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    // A few hundred messages recorded as the server records them (the outbox adapter).
    let conn = adapters::connect(&db.url).await.unwrap();
    let mailer = adapters::OutboxMailer::new(conn.clone());
    for i in 0..MESSAGES {
        mailer
            .send(OutgoingMail {
                to: format!("reader{i}@mail.test"),
                subject: format!("Crash mail {i}"),
                body: format!("Message {i} of {MESSAGES}."),
                html: None,
                unsubscribe: None,
            })
            .await
            .unwrap();
    }
    // Each message takes the mail server 10 ms to accept, so the kill lands mid-delivery.
    let sink = SmtpSink::start_slow(Duration::from_millis(10)).await;
    let mut envs = crash_env(&db.url, dir.path());
    envs.push(("SMTP_URL", sink.url()));
    let port = free_port();
    let mut server = Server::spawn(&envs, port, Some(&log));
    server.healthy().await;

    let kill_after = 60 + usize::try_from(jitter(80)).unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while sink.received().len() < kill_after {
        assert!(
            Instant::now() < deadline,
            "only {} messages arrived in 30 s",
            sink.received().len()
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    server.kill();
    let killed_at = started.elapsed();
    let delivered_before = sink.received().len();

    let at_kill = outbox(&conn).await;
    let sent_at_kill: HashSet<&str> = at_kill
        .iter()
        .filter(|m| m.2)
        .map(|m| m.1.as_str())
        .collect();
    // Claimed by the killed process (its lease holds them) and not marked sent.
    let claimed: HashSet<String> = at_kill
        .iter()
        .filter(|m| !m.2 && m.3 > 0)
        .map(|m| m.1.clone())
        .collect();
    let received: HashSet<String> = sink.received().into_iter().map(|r| r.to).collect();
    // Marked sent only after the mail server took it.
    for to in &sent_at_kill {
        assert!(
            received.contains(*to),
            "{to} is marked sent but never arrived"
        );
    }
    // A worker holds at most one batch (the claim's limit) under its lease.
    assert!(
        claimed.len() <= domain::mail::delivery::MAIL_BATCH as usize,
        "{} messages held unsent by the killed process, more than one batch: {claimed:?}",
        claimed.len()
    );

    // The lease (two minutes in production) runs out: the test moves its end into the past
    // instead of waiting; nothing else is changed.
    conn.execute_raw(Statement::from_sql_and_values(
        conn.get_database_backend(),
        match conn.get_database_backend() {
            sea_orm::DbBackend::Postgres => {
                "UPDATE mail_outbox SET next_attempt_at = $1 WHERE sent_at IS NULL AND attempts > 0"
            }
            _ => {
                "UPDATE mail_outbox SET next_attempt_at = ? WHERE sent_at IS NULL AND attempts > 0"
            }
        },
        [(SystemClock.now() - chrono::Duration::seconds(1)).into()],
    ))
    .await
    .unwrap();

    server = Server::spawn(&envs, port, Some(&log));
    server.healthy().await;
    let restarted = Instant::now();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let rows = outbox(&conn).await;
        if rows.iter().all(|m| m.2) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{} messages still unsent a minute after the restart",
            rows.iter().filter(|m| !m.2).count()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drained = restarted.elapsed();
    server.kill();

    let mut arrivals: HashMap<String, usize> = HashMap::new();
    for r in sink.received() {
        let i: usize = r.to["reader".len()..r.to.find('@').unwrap()]
            .parse()
            .unwrap();
        assert!(
            r.data.contains(&format!("Message {i} of {MESSAGES}.")),
            "message {i} arrived changed"
        );
        *arrivals.entry(r.to).or_default() += 1;
    }
    for i in 0..MESSAGES {
        assert!(
            arrivals.contains_key(&format!("reader{i}@mail.test")),
            "message {i} was lost"
        );
    }
    let twice: Vec<&String> = arrivals
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(to, _)| to)
        .collect();
    for to in &twice {
        assert_eq!(arrivals[*to], 2, "{to} arrived more than twice");
        assert!(
            claimed.contains(*to),
            "{to} arrived twice but was not held by the killed process unsent"
        );
    }
    conn.close().await.unwrap();
    eprintln!(
        "mail killed mid-delivery on {engine:?}: {MESSAGES} messages; {delivered_before} arrived before \
         the SIGKILL, {} marked sent then, {} held unsent by the killed process; after the restart all \
         {MESSAGES} delivered, {} twice (allowed: held unsent at the kill); {} arrivals in all; killed at {killed_at:.1?}, the rest delivered {drained:.1?} after the restart; {:.1?}",
        sent_at_kill.len(),
        claimed.len(),
        twice.len(),
        arrivals.values().sum::<usize>(),
        started.elapsed()
    );
}

mod mail_killed_mid_delivery_loses_nothing {
    use super::*;

    #[actix_web::test]
    #[ignore = "slow: just test-slow"]
    async fn sqlite() {
        mail_survives_sigkill(Engine::Sqlite).await;
    }

    #[actix_web::test]
    #[ignore = "slow: just test-slow"]
    async fn postgres() {
        mail_survives_sigkill(Engine::Postgres).await;
    }
}
