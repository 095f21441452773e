//! Backups through the real binary: a site made through the API on SQLite is backed up
//! (`app-server backup`), restored into PostgreSQL (`app-server restore`), backed up there
//! and restored into SQLite again; every answer for every kind of caller stays the same,
//! and old passwords, sessions and API tokens keep working. Also the refusals of the
//! `restore` command.

use std::path::{Path, PathBuf};
use std::process::Command;

use adapters::testing::{Engine, TestDatabase};
use reqwest::Method;
use serde_json::{Value, json};

use crate::processes::{ADMIN_PASSWORD, ORIGIN, Server, base_env, send_json, sign_in_admin, start};
use crate::two_servers::upload;

/// Runs `app-server <args>` with `envs`: whether it succeeded, and what it printed.
pub(crate) fn run(envs: &[(&str, String)], args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_app-server"))
        .args(args)
        .env("RUST_LOG", "warn")
        .env_remove("RUST_BACKTRACE")
        .envs(envs.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .expect("run app-server");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The environment of one site: its database, pictures and backups.
pub(crate) fn site_env(url: &str, dir: &Path, name: &str) -> Vec<(&'static str, String)> {
    let mut env = base_env(url);
    env.push((
        "MEDIA_DIR",
        dir.join(format!("media-{name}")).display().to_string(),
    ));
    env.push((
        "BACKUP_DIR",
        dir.join(format!("backups-{name}")).display().to_string(),
    ));
    env.push(("RATE_LIMIT_PER_MINUTE", "1000".into()));
    env
}

/// Who reads the site: the super admin's and a member's sessions, the member's API token,
/// and a visitor.
pub(crate) struct Callers {
    member_id: String,
    admin: String,
    member: String,
    token: String,
}

pub(crate) struct Made {
    pub(crate) story: i64,
    picture: String,
}

async fn call(
    client: &reqwest::Client,
    server: &Server,
    method: Method,
    path: &str,
    cookie: Option<&str>,
    body: Value,
) -> Value {
    let (status, json, _) = send_json(client, server, method, path, cookie, body).await;
    assert!((200..300).contains(&status), "{path}: {status} {json}");
    json
}

/// Makes a site with every kind of data through the API.
pub(crate) async fn make_site(client: &reqwest::Client, server: &Server) -> (Callers, Made) {
    let admin = sign_in_admin(client, server).await;
    let register = |email: &str, user: &str| json!({"email": email, "username": user, "password": "ruth-secret-1", "firstName": "Ruth", "lastName": "Moab"});
    let (status, ruth, member) = send_json(
        client,
        server,
        Method::POST,
        "/api/register",
        None,
        register("ruth@example.org", "ruth"),
    )
    .await;
    assert_eq!(status, 201, "{ruth}");
    let member = member.expect("member cookie");
    let (status, naomi, _) = send_json(
        client,
        server,
        Method::POST,
        "/api/register",
        None,
        register("naomi@example.org", "naomi"),
    )
    .await;
    assert_eq!(status, 201, "{naomi}");
    let ruth_id = ruth["user"]["id"].as_str().unwrap().to_owned();
    call(
        client,
        server,
        Method::POST,
        &format!("/api/admin/users/{ruth_id}/role"),
        Some(&admin),
        json!({"role": "regular_contributor", "isApproved": true}),
    )
    .await;
    let editor = send_json(
        client,
        server,
        Method::POST,
        "/api/register",
        None,
        register("boaz@example.org", "boaz"),
    )
    .await;
    let boaz = editor.1["user"]["id"].as_str().unwrap().to_owned();
    call(
        client,
        server,
        Method::POST,
        &format!("/api/admin/users/{boaz}/role"),
        Some(&admin),
        json!({"role": "admin", "isApproved": true}),
    )
    .await;

    let picture = upload(client, server, ORIGIN, &member).await;
    let story = call(client, server, Method::POST, "/api/stories", Some(&member), json!({"title": "Grace at the well", "content": format!("<p>She came at noon.</p><img src=\"{picture}\" alt=\"The well\">"), "category": "Testimonies", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}, "thumbnailUrl": picture})).await;
    let story = story["id"].as_i64().unwrap();
    call(
        client,
        server,
        Method::POST,
        &format!("/api/admin/stories/{story}/approve"),
        Some(&admin),
        json!({}),
    )
    .await;
    // A staged edit of the live story, and a second story left pending.
    call(client, server, Method::PUT, &format!("/api/stories/{story}"), Some(&member), json!({"title": "Grace at the well, again", "content": "<p>She came back.</p>", "category": "Testimonies", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}})).await;
    call(client, server, Method::POST, "/api/stories", Some(&member), json!({"title": "Still waiting", "content": "<p>Pending.</p>", "category": "Worship", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}})).await;
    for (name, text) in [("Mary", "Amen!"), ("Joseph", "Thank you for sharing.")] {
        call(
            client,
            server,
            Method::POST,
            &format!("/api/stories/{story}/comments"),
            None,
            json!({"authorName": name, "authorEmail": "mary@example.org", "content": text}),
        )
        .await;
    }
    call(client, server, Method::POST, "/api/schedules", Some(&member), json!({"title": "Easter testimony", "description": "For Sunday", "dueDate": "2031-04-20T09:00:00Z"})).await;
    call(client, server, Method::POST, "/api/help/contact", None, json!({"contactEmail": "mary@example.org", "subject": "Cannot upload", "message": "The preview stays empty.", "category": "technical", "userId": null})).await;
    let token = call(
        client,
        server,
        Method::POST,
        "/api/user/tokens",
        Some(&member),
        json!({"name": "Phone app", "scope": "read_write", "expiresInDays": 90}),
    )
    .await;
    let token = token["token"].as_str().expect("token secret").to_owned();
    (
        Callers {
            member_id: ruth_id,
            admin,
            member,
            token,
        },
        Made { story, picture },
    )
}

/// Every answer the callers get from the pages that show stored data.
async fn answers(
    client: &reqwest::Client,
    server: &Server,
    who: &Callers,
    made: &Made,
) -> Vec<(String, u16, String)> {
    let story = made.story;
    let public = [
        "/api/stories".to_owned(),
        format!("/api/stories/{story}"),
        format!("/api/stories/{story}/comments"),
        "/api/categories".to_owned(),
        "/api/site".to_owned(),
        "/api/stories?search=well".to_owned(),
        made.picture.clone(),
    ];
    let author = format!("/api/stories/author/{}", who.member_id);
    let member = [
        &author,
        "/api/user/export",
        "/api/user",
        "/api/schedules",
        "/api/user/tokens",
        &format!("/api/stories/{story}/revisions"),
        &format!("/api/stories/{story}/pending-edit"),
    ]
    .map(str::to_owned);
    let admin = [
        "/api/admin/users",
        "/api/admin/users/pending",
        "/api/admin/stories/pending",
        "/api/admin/comments/pending",
        "/api/admin/help-messages",
        "/api/admin/audit-log",
        "/api/admin/queues",
        "/api/admin/mail-outbox",
        "/api/admin/tokens",
        "/api/admin/social-posts",
        "/api/user",
    ]
    .map(str::to_owned);
    let mut out = Vec::new();
    let mut ask = async |path: &str, auth: Option<(&str, &str)>| {
        let mut req = client.get(format!("{}{path}", server.base));
        if let Some((name, value)) = auth {
            req = req.header(name, value);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let body = res.bytes().await.unwrap();
        let text = match serde_json::from_slice::<Value>(&body) {
            Ok(mut v) => {
                // The export names when it was made: now, not stored data.
                if let Some(o) = v.as_object_mut() {
                    o.remove("exportedAt");
                }
                v.to_string()
            }
            Err(_) => format!(
                "{} bytes, sha {}",
                body.len(),
                hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&body))
            ),
        };
        out.push((format!("{path} {auth:?}"), status, text));
    };
    for p in &public {
        ask(p, None).await;
    }
    let bearer = format!("Bearer {}", who.token);
    for p in &member {
        ask(p, Some(("cookie", &who.member))).await;
        ask(p, Some(("authorization", &bearer))).await;
    }
    for p in &admin {
        ask(p, Some(("cookie", &who.admin))).await;
    }
    out
}

fn compare(before: &[(String, u16, String)], after: &[(String, u16, String)], step: &str) {
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(after) {
        assert_eq!(b, a, "{step}: {} answers differently", b.0);
    }
}

fn newest_backup(dir: &Path) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "zip"))
        .collect();
    files.sort();
    files.pop().expect("a backup")
}

#[actix_web::test]
async fn a_site_moves_sqlite_to_postgres_to_sqlite_and_every_answer_stays_the_same() {
    let Some(pg) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let sqlite_a = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let sqlite_c = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let client = reqwest::Client::new();
    let (env_a, env_b, env_c) = (
        site_env(&sqlite_a.url, dir.path(), "a"),
        site_env(&pg.url, dir.path(), "b"),
        site_env(&sqlite_c.url, dir.path(), "c"),
    );

    let mut a = start(&env_a).await;
    let (who, made) = make_site(&client, &a).await;
    let first = answers(&client, &a, &who, &made).await;
    // The site keeps serving while it is backed up.
    let (ok, out) = run(&env_a, &["backup"]);
    assert!(ok, "{out}");
    a.kill();
    let archive_a = newest_backup(&dir.path().join("backups-a"));

    let (ok, out) = run(&env_b, &["restore", archive_a.to_str().unwrap()]);
    assert!(ok, "{out}");
    let b = start(&env_b).await;
    compare(
        &first,
        &answers(&client, &b, &who, &made).await,
        "on PostgreSQL",
    );
    let (ok, out) = run(
        &env_b,
        &[
            "backup",
            "--out",
            dir.path().join("from-pg.zip").to_str().unwrap(),
        ],
    );
    assert!(ok, "{out}");
    drop(b);

    let (ok, out) = run(
        &env_c,
        &["restore", dir.path().join("from-pg.zip").to_str().unwrap()],
    );
    assert!(ok, "{out}");
    let c = start(&env_c).await;
    compare(
        &first,
        &answers(&client, &c, &who, &made).await,
        "back on SQLite",
    );
    // Old passwords sign in, and new rows get new ids.
    let (status, _, cookie) = send_json(
        &client,
        &c,
        Method::POST,
        "/api/login",
        None,
        json!({"email": "ruth@example.org", "password": "ruth-secret-1"}),
    )
    .await;
    assert_eq!(status, 200);
    let cookie = cookie.unwrap();
    let (status, body, _) = send_json(&client, &c, Method::POST, "/api/stories", Some(&cookie), json!({"title": "After the move", "content": "<p>New.</p>", "category": "Worship", "isPublished": false})).await;
    assert_eq!(status, 201, "{body}");
    assert!(body["id"].as_i64().unwrap() > made.story);
    let (status, _, _) = send_json(
        &client,
        &c,
        Method::POST,
        "/api/admin/login",
        None,
        json!({"username": "admin", "password": ADMIN_PASSWORD}),
    )
    .await;
    assert_eq!(status, 200);
}

#[actix_web::test]
async fn restore_refuses_a_site_without_replace_and_bad_archives_change_nothing_on_sqlite() {
    restore_refusals(Engine::Sqlite).await;
}

#[actix_web::test]
async fn restore_refuses_a_site_without_replace_and_bad_archives_change_nothing_on_postgres() {
    restore_refusals(Engine::Postgres).await;
}

/// Also: the backups written into `BACKUP_DIR` by the commands are in the list of runs.
async fn restore_refusals(engine: Engine) {
    let Some(db) = TestDatabase::new(engine).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let env = site_env(&db.url, dir.path(), "x");
    let client = reqwest::Client::new();
    let server = start(&env).await;
    let admin = sign_in_admin(&client, &server).await;
    let archive = dir.path().join("site.zip");
    let (ok, out) = run(&env, &["backup", "--out", archive.to_str().unwrap()]);
    assert!(ok, "{out}");

    let (ok, out) = run(&env, &["restore", archive.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        out.contains("This database already holds a site; use --replace to overwrite it"),
        "{out}"
    );

    let bytes = std::fs::read(&archive).unwrap();
    let cut = dir.path().join("cut.zip");
    std::fs::write(&cut, &bytes[..bytes.len() - 100]).unwrap();
    let empty = dir.path().join("empty.zip");
    std::fs::write(&empty, b"").unwrap();
    for (file, says) in [
        (&cut, "not a backup archive (or cut off)"),
        (&empty, "the file is empty"),
    ] {
        let (ok, out) = run(&env, &["restore", "--replace", file.to_str().unwrap()]);
        assert!(!ok);
        assert!(
            out.contains(&format!("the archive is refused: {says}")),
            "{out}"
        );
    }
    // Nothing changed: the running server still answers for the same people.
    let (status, me, _) = send_json(
        &client,
        &server,
        Method::GET,
        "/api/user",
        Some(&admin),
        Value::Null,
    )
    .await;
    assert_eq!((status, me["username"].as_str()), (200, Some("admin")));

    // With --replace, what was there is backed up first.
    let (ok, out) = run(&env, &["restore", "--replace", archive.to_str().unwrap()]);
    assert!(ok, "{out}");
    let kept = std::fs::read_dir(dir.path().join("backups-x"))
        .unwrap()
        .count();
    assert_eq!(kept, 1, "the backup before the restore");
    // It is in the restored site's list of runs, and so is a backup taken with the command
    // into BACKUP_DIR; the dashboard lists both.
    let (ok, out) = run(&env, &["backup"]);
    assert!(ok, "{out}");
    let cli = Path::new(out.trim().lines().last().unwrap())
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let (status, overview, _) = send_json(
        &client,
        &server,
        Method::GET,
        "/api/admin/backups",
        Some(&admin),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{overview}");
    let runs: Vec<(&str, &str)> = overview["backups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["state"].as_str().unwrap()))
        .collect();
    assert!(
        runs.iter()
            .any(|(n, s)| n.ends_with("-before-restore.zip") && *s == "verified"),
        "{overview}"
    );
    assert!(
        runs.contains(&(cli.as_str(), "verified")),
        "{cli}: {overview}"
    );
    assert_eq!(overview["lastGood"]["name"], cli.as_str(), "{overview}");
    assert_eq!(overview["lastGood"]["downloadable"], true, "{overview}");
}

#[actix_web::test]
#[ignore = "slow: just test-slow"]
async fn a_backup_killed_half_way_leaves_no_file_that_counts_as_good() {
    let db = TestDatabase::new(Engine::Sqlite).await.unwrap().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let env = site_env(&db.url, dir.path(), "k");
    let (ok, out) = run(
        &env,
        &[
            "seed",
            "--stories",
            "8000",
            "--comments",
            "16000",
            "--users",
            "50",
        ],
    );
    assert!(ok, "{out}");
    let target = dir.path().join("killed.zip");
    let partial = dir.path().join(".killed.zip.partial");
    let mut child = Command::new(env!("CARGO_BIN_EXE_app-server"))
        .args(["backup", "--out", target.to_str().unwrap()])
        .env("RUST_LOG", "warn")
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .spawn()
        .unwrap();
    // Half-way: once the archive is being written.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::metadata(&partial).map_or(true, |m| m.len() < 64 * 1024) {
        assert!(
            std::time::Instant::now() < deadline,
            "the backup never started writing"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the backup finished before it could be killed"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !target.exists(),
        "a killed backup left a finished-looking file"
    );
    let finished: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".zip"))
        .collect();
    assert!(finished.is_empty(), "{finished:?}");
    // What is left does not pass for an archive either.
    assert!(adapters::backup::verify(&partial).await.is_err());
    // The next backup succeeds beside it.
    let (ok, out) = run(&env, &["backup", "--out", target.to_str().unwrap()]);
    assert!(ok, "{out}");
    let manifest = adapters::backup::verify(&target).await.unwrap();
    assert_eq!(
        manifest
            .tables
            .iter()
            .find(|t| t.name == "stories")
            .unwrap()
            .rows,
        8000
    );
}
