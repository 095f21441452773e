//! Two real `app-server` processes on one PostgreSQL database: a story made anonymous, then
//! members-only, or its consent withdrawn, through one server is so on every one of the other's
//! kept visitor reads (story, list, page, feed) within a second of the write's answer
//! (`docs/decisions/privacy.md`).

use std::time::{Duration, Instant};

use adapters::testing::{Engine, TestDatabase};
use serde_json::{Value, json};

use crate::processes::{ADMIN_PASSWORD, ORIGIN, Server, send_json, sign_in_admin, start};

/// A visitor's read (no cookie): status and JSON.
async fn visitor(client: &reqwest::Client, server: &Server, path: &str) -> (u16, Value) {
    let res = client
        .get(format!("{}{path}", server.base))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (
        status,
        serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default(),
    )
}

/// How long until a visitor's read of `path` on `server` satisfies `done` (at most 3 s).
async fn within(
    client: &reqwest::Client,
    server: &Server,
    path: &str,
    done: impl Fn(u16, &Value) -> bool,
) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        let (status, body) = visitor(client, server, path).await;
        if done(status, &body) {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    None
}

/// Whether every visitor output on `server` leaves out story `id` titled `title`: its answer
/// and page are 404, the story list and the feed do not show it.
async fn gone_everywhere(client: &reqwest::Client, server: &Server, id: i64, title: &str) -> bool {
    let (status, _) = visitor(client, server, &format!("/api/stories/{id}")).await;
    let (_, list) = visitor(client, server, "/api/stories").await;
    let listed = list
        .as_array()
        .is_none_or(|l| l.iter().any(|s| s["id"] == id));
    let page = client
        .get(format!("{}/stories/{id}", server.base))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16();
    let feed = client
        .get(format!("{}/feed.xml", server.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    status == 404 && !listed && page == 404 && !feed.contains(title)
}

/// How long, from `since`, until every visitor output of story `id` on `server` leaves it
/// out (at most 3 s). Each output is kept by its own cache entry, so each is watched: they
/// may follow at different moments within the second, not all at once.
async fn gone_within(
    client: &reqwest::Client,
    server: &Server,
    id: i64,
    title: &str,
    since: Instant,
) -> Option<Duration> {
    while since.elapsed() < Duration::from_secs(3) {
        if gone_everywhere(client, server, id, title).await {
            return Some(since.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    None
}

/// Reads the story, the list, the page and the feed on `server` as a visitor once its cache
/// has settled (another server's earlier change followed), so that they are kept answers when
/// the next change comes.
async fn keep_visitor_reads(client: &reqwest::Client, server: &Server, id: i64) {
    let settled = public_cache_settles();
    tokio::time::sleep(settled).await;
    for path in [
        format!("/api/stories/{id}"),
        "/api/stories".to_owned(),
        format!("/stories/{id}"),
        "/feed.xml".to_owned(),
    ] {
        let res = client
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{path}");
    }
}

/// Long enough for any server to have followed a change told by another.
fn public_cache_settles() -> Duration {
    app_server::public_cache::FOLLOW_EVERY + app_server::public_cache::TELL_EVERY * 2
}

#[actix_web::test]
async fn hiding_a_story_through_one_server_hides_it_on_the_other_within_a_second() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let media_dir = std::env::temp_dir().join(format!("grace-media-{}", adapters::new_media_key()));
    let envs = vec![
        ("DATABASE_URL", db.url.clone()),
        ("PUBLIC_URL", ORIGIN.to_owned()),
        ("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        ("MEDIA_DIR", media_dir.display().to_string()),
    ];
    let first = start(&envs).await;
    let second = start(&envs).await;
    let client = reqwest::Client::new();
    let cookie = sign_in_admin(&client, &first).await;

    // The super admin publishes a story signed with their name.
    let form = |choices: Value| {
        let mut body = json!({
            "title": "Carried through",
            "content": "What happened.",
            "category": "Community",
            "isPublished": true, "consent": {"site": true, "social": true, "widget": true},
        });
        for (k, v) in choices.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let (status, story, _) = send_json(
        &client,
        &first,
        reqwest::Method::POST,
        "/api/stories",
        Some(&cookie),
        form(json!({})),
    )
    .await;
    assert_eq!(status, 201, "{story}");
    let id = story["id"].as_i64().unwrap();
    let path = format!("/api/stories/{id}");
    // Both servers keep the visitor's answer, with the author's id.
    for server in [&first, &second] {
        let took = within(&client, server, &path, |s, b| {
            s == 200 && b["authorId"].is_string()
        })
        .await
        .expect("published on both");
        assert!(took < Duration::from_secs(1), "took {took:?}");
    }

    // Made anonymous through the first server...
    let (status, body, _) = send_json(
        &client,
        &first,
        reqwest::Method::PUT,
        &path,
        Some(&cookie),
        form(json!({"byline": "anonymous"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // ...the second server's kept answer follows within a second.
    let took = within(&client, &second, &path, |s, b| {
        s == 200
            && b.get("authorId").is_none()
            && b["author"]["name"] == "A member of Grace Stories"
    })
    .await
    .expect("anonymous on the second server");
    assert!(took < Duration::from_secs(1), "took {took:?}");

    // Made members-only: gone for visitors on the second server within a second.
    keep_visitor_reads(&client, &second, id).await;
    let (status, body, _) = send_json(
        &client,
        &first,
        reqwest::Method::PUT,
        &path,
        Some(&cookie),
        form(json!({"audience": "members"})),
    )
    .await;
    let changed = Instant::now();
    assert_eq!(status, 200, "{body}");
    let took = gone_within(&client, &second, id, "Carried through", changed)
        .await
        .expect("missing on the second server");
    assert!(took < Duration::from_secs(1), "took {took:?}");
}

#[actix_web::test]
async fn consent_withdrawn_through_one_server_takes_the_story_off_the_other_within_a_second() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let media_dir = std::env::temp_dir().join(format!("grace-media-{}", adapters::new_media_key()));
    let envs = vec![
        ("DATABASE_URL", db.url.clone()),
        ("PUBLIC_URL", ORIGIN.to_owned()),
        ("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        ("MEDIA_DIR", media_dir.display().to_string()),
    ];
    let first = start(&envs).await;
    let second = start(&envs).await;
    let client = reqwest::Client::new();
    let cookie = sign_in_admin(&client, &first).await;
    let (status, story, _) = send_json(
        &client,
        &first,
        reqwest::Method::POST,
        "/api/stories",
        Some(&cookie),
        json!({"title": "Taken back", "content": "What happened.", "category": "Community",
               "isPublished": true, "consent": {"site": true, "social": false, "widget": false}}),
    )
    .await;
    assert_eq!(status, 201, "{story}");
    let id = story["id"].as_i64().unwrap();
    let path = format!("/api/stories/{id}");
    // The second server keeps the visitor's answers: story, list, page and feed.
    within(&client, &second, &path, |s, _| s == 200)
        .await
        .expect("published on the second server");
    keep_visitor_reads(&client, &second, id).await;

    // The author withdraws consent through the first server...
    let (status, body, _) = send_json(
        &client,
        &first,
        reqwest::Method::POST,
        &format!("{path}/withdraw-consent"),
        Some(&cookie),
        json!({}),
    )
    .await;
    let withdrawn = Instant::now();
    assert_eq!(status, 200, "{body}");
    // ...and the second server's visitors lose the story, page, list and feed, within a second.
    let took = gone_within(&client, &second, id, "Taken back", withdrawn)
        .await
        .expect("gone on the second server");
    assert!(took < Duration::from_secs(1), "took {took:?}");
}
