//! Two real `app-server` processes on one PostgreSQL database and one S3-compatible bucket:
//! a picture uploaded through either is served by both, from the same bytes;
//! and a change made through one reaches the other's cached public reads within a second.

use std::time::{Duration, Instant};

use adapters::testing::{Engine, TestDatabase};

use crate::processes::{ADMIN_PASSWORD, ORIGIN, Server, send_json, sign_in_admin, start};

const BOUNDARY: &str = "----twoserversboundary";

pub(crate) fn photo() -> Vec<u8> {
    let image = image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(1000, 700, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 40])
    }));
    crate::uploads::encoded(&image, image::ImageFormat::Jpeg)
}

pub(crate) async fn upload(
    client: &reqwest::Client,
    server: &Server,
    origin: &str,
    cookie: &str,
) -> String {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&photo());
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let res = client
        .post(format!("{}/api/uploads", server.base))
        .header("origin", origin)
        .header("cookie", cookie)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let json: serde_json::Value = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap();
    json["url"].as_str().unwrap().to_owned()
}

async fn fetch(client: &reqwest::Client, server: &Server, url: &str) -> Vec<u8> {
    let res = client
        .get(format!("{}{url}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{} {url}", server.base);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    res.bytes().await.unwrap().to_vec()
}

#[actix_web::test]
async fn two_servers_on_one_database_and_bucket_serve_each_others_pictures() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let s3 = adapters::testing::s3::fresh_bucket().await;
    let public_url = ORIGIN.to_owned();
    let media_dir =
        std::env::temp_dir().join(format!("grace-unused-{}", adapters::new_media_key()));
    let envs = vec![
        ("DATABASE_URL", db.url.clone()),
        ("PUBLIC_URL", public_url.clone()),
        ("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        ("MEDIA_S3_URL", s3.endpoint.clone()),
        ("MEDIA_S3_BUCKET", s3.bucket.clone()),
        ("MEDIA_S3_ACCESS_KEY_ID", s3.access_key_id.clone()),
        ("MEDIA_S3_SECRET_ACCESS_KEY", s3.secret_access_key.clone()),
        // Set, so a picture written to a folder by mistake would not be shared.
        ("MEDIA_DIR", media_dir.display().to_string()),
    ];
    // One after the other: the first creates the schema and the session secret.
    let first = start(&envs).await;
    let second = start(&envs).await;
    let client = reqwest::Client::new();

    let cookie = sign_in_admin(&client, &first).await;

    let from_first = upload(&client, &first, &public_url, &cookie).await;
    assert_eq!(
        fetch(&client, &second, &from_first).await,
        fetch(&client, &first, &from_first).await
    );
    // The session opened on the first server works on the second.
    let from_second = upload(&client, &second, &public_url, &cookie).await;
    assert_ne!(from_first, from_second);
    assert_eq!(
        fetch(&client, &first, &from_second).await,
        fetch(&client, &second, &from_second).await
    );
    assert!(
        !media_dir.exists() || std::fs::read_dir(&media_dir).unwrap().next().is_none(),
        "nothing was written to MEDIA_DIR"
    );
}

/// A visitor's read (no cookie): status, `ETag`, and the JSON.
async fn visitor_get(
    client: &reqwest::Client,
    server: &Server,
    path: &str,
) -> (u16, String, serde_json::Value) {
    let res = client
        .get(format!("{}{path}", server.base))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let tag = res
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default();
    (status, tag, body)
}

fn titles(list: &serde_json::Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Polls `path` on `server` as a visitor until `done` holds; how long it took.
async fn visible_within(
    client: &reqwest::Client,
    server: &Server,
    path: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> Option<Duration> {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        let (status, _, body) = visitor_get(client, server, path).await;
        if status == 200 && done(&body) {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    None
}

#[actix_web::test]
async fn a_change_on_one_server_reaches_the_other_servers_cached_reads_within_a_second() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let public_url = ORIGIN.to_owned();
    let media_dir = std::env::temp_dir().join(format!("grace-media-{}", adapters::new_media_key()));
    let envs = vec![
        ("DATABASE_URL", db.url.clone()),
        ("PUBLIC_URL", public_url.clone()),
        ("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        ("MEDIA_DIR", media_dir.display().to_string()),
    ];
    let first = start(&envs).await;
    let second = start(&envs).await;
    let client = reqwest::Client::new();
    let cookie = sign_in_admin(&client, &first).await;

    // Both servers answer the visitor's list from memory: the second answer is the same.
    for server in [&first, &second] {
        let (status, tag, list) = visitor_get(&client, server, "/api/stories").await;
        assert_eq!((status, list.as_array().map(Vec::len)), (200, Some(0)));
        let again = client
            .get(format!("{}/api/stories", server.base))
            .header("if-none-match", &tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "the visitor's copy is current");
    }

    // The admin publishes a story through the first server.
    let created = client
        .post(format!("{}/api/stories", first.base))
        .header("origin", &public_url)
        .header("cookie", &cookie)
        .header("content-type", "application/json")
        .body(
            serde_json::json!({
                "title": "Shared across servers",
                "content": "Seen everywhere.",
                "excerpt": "Both servers",
                "category": "Community",
                "isPublished": true, "consent": {"site": true, "social": true, "widget": true}
            })
            .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let story: serde_json::Value = serde_json::from_slice(&created.bytes().await.unwrap()).unwrap();
    let id = story["id"].as_i64().unwrap();
    if story["status"] != "approved" {
        let published = client
            .put(format!("{}/api/stories/{id}/publish", first.base))
            .header("origin", &public_url)
            .header("cookie", &cookie)
            .header("content-type", "application/json")
            .body(
                serde_json::json!({"consent": {"site": true, "social": true, "widget": true}})
                    .to_string(),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(published.status(), 200);
    }
    // At once on the server that wrote it...
    let (_, _, list) = visitor_get(&client, &first, "/api/stories").await;
    assert_eq!(titles(&list), ["Shared across servers"]);
    // ...and within a second on the other.
    let took = visible_within(&client, &second, "/api/stories", |list| {
        titles(list) == ["Shared across servers"]
    })
    .await
    .expect("the second server shows the new story");
    assert!(took < Duration::from_secs(1), "took {took:?}");

    // A visitor's comment sent to the second server, approved on the first, shows on the
    // second within a second too.
    let path = format!("/api/stories/{id}/comments");
    let (_, _, none) = visitor_get(&client, &second, &path).await;
    assert_eq!(none.as_array().map(Vec::len), Some(0));
    let posted = client
        .post(format!("{}{path}", second.base))
        .header("origin", &public_url)
        .header("content-type", "application/json")
        .body(serde_json::json!({"authorName": "Ruth", "content": "Amen to this."}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), 201);
    let comment: serde_json::Value =
        serde_json::from_slice(&posted.bytes().await.unwrap()).unwrap();
    let approved = client
        .patch(format!(
            "{}/api/comments/{}/approve",
            first.base, comment["id"]
        ))
        .header("origin", &public_url)
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(approved.status(), 200);
    let took = visible_within(&client, &second, &path, |list| {
        list.as_array().map(Vec::len) == Some(1)
    })
    .await
    .expect("the second server shows the approved comment");
    assert!(took < Duration::from_secs(1), "took {took:?}");

    // A contributor who signed up and writes through the second server; the super admin
    // approves the person and then the story through the first; the story is public on
    // the second within a second.
    let post = reqwest::Method::POST;
    let (status, joined, cookie_2) = send_json(
        &client,
        &second,
        post.clone(),
        "/api/register",
        None,
        serde_json::json!({"email": "lydia@servers.test", "username": "lydia",
            "password": "purple cloth seller", "firstName": "Lydia", "lastName": "Thyatira"}),
    )
    .await;
    assert_eq!(status, 201, "{joined}");
    let person = joined["user"]["id"].as_str().unwrap().to_owned();
    let (status, json, _) = send_json(
        &client,
        &first,
        post.clone(),
        &format!("/api/admin/users/{person}/role"),
        Some(&cookie),
        serde_json::json!({"role": "regular_contributor", "isApproved": true}),
    )
    .await;
    assert_eq!(status, 200, "{json}");
    let (status, submitted, _) = send_json(
        &client,
        &second,
        post.clone(),
        "/api/stories",
        cookie_2.as_deref(),
        serde_json::json!({"title": "Approved on the first", "content": "Read on the second.",
            "excerpt": "Across servers", "category": "Testimonies", "isPublished": true, "consent": {"site": true, "social": true, "widget": true}}),
    )
    .await;
    assert_eq!(status, 201, "{submitted}");
    assert_eq!(submitted["status"], "pending_approval", "{submitted}");
    let (status, json, _) = send_json(
        &client,
        &first,
        post,
        &format!("/api/admin/stories/{}/approve", submitted["id"]),
        Some(&cookie),
        serde_json::json!({}),
    )
    .await;
    assert_eq!(status, 200, "{json}");
    let took = visible_within(&client, &second, "/api/stories", |list| {
        titles(list).contains(&"Approved on the first".to_owned())
    })
    .await
    .expect("the second server shows the approved story");
    assert!(took < Duration::from_secs(1), "took {took:?}");

    // The first story taken down through the first server leaves the second's list within
    // a second.
    let (status, json, _) = send_json(
        &client,
        &first,
        reqwest::Method::POST,
        &format!("/api/admin/stories/{id}/unpublish"),
        Some(&cookie),
        serde_json::json!({"reason": "Asked by the family"}),
    )
    .await;
    assert_eq!(status, 200, "{json}");
    let took = visible_within(&client, &second, "/api/stories", |list| {
        !titles(list).contains(&"Shared across servers".to_owned())
    })
    .await
    .expect("the second server no longer lists the story taken down");
    assert!(took < Duration::from_secs(1), "took {took:?}");
}
