//! `just bench`: the release server in-process on a temporary SQLite database with 1,000
//! published stories, driven over real HTTP on localhost by 16 concurrent clients. Prints
//! requests per second and latency percentiles for the hot read paths, and the process's
//! resident memory. A fixed number of requests per endpoint, so it always ends.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::HttpServer;
use chrono::Utc;
use domain::comment::{CommentRepository, NewComment};
use domain::story::{NewStory, StoryFields, StoryId, StoryRepository, StoryStatus};
use domain::user::{AuthProvider, NewUser, Role, UserRepository};

const STORIES: usize = 1_000;
const REQUESTS: usize = 2_000;
const CONCURRENCY: usize = 16;
const CATEGORIES: [&str; 5] = [
    "Bible Study",
    "Testimonies",
    "Faith & Life",
    "Worship",
    "Community",
];

fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(str::to_owned)
        })
        .and_then(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

async fn seed(state: &app_server::state::AppState) -> StoryId {
    let users = adapters::SeaOrmUserRepository::new(state.db.clone());
    let stories = adapters::SeaOrmStoryRepository::new(state.db.clone());
    let mut authors = Vec::new();
    for i in 0..50 {
        authors.push(
            users
                .create(NewUser {
                    email: format!("author{i}@example.org"),
                    username: Some(format!("author{i}")),
                    password_hash: None,
                    first_name: Some(format!("Author{i}")),
                    last_name: Some("Bench".into()),
                    profile_image_url: None,
                    google_id: None,
                    auth_provider: AuthProvider::Local,
                    role: Role::RegularContributor,
                    is_approved: true,
                    email_verified: true,
                })
                .await
                .unwrap(),
        );
    }
    let mut first = None;
    for i in 0..STORIES {
        let author = &authors[i % authors.len()];
        let at = Utc::now() - chrono::Duration::minutes(i64::try_from(i).unwrap());
        let story = stories
            .create(NewStory {
                fields: StoryFields {
                    title: format!("Story {i} of grace and faith"),
                    content: format!("<p>{}</p>", "Words of hope and testimony. ".repeat(80)),
                    source: "Words of hope and testimony. ".repeat(80),
                    excerpt: Some(format!("Excerpt {i}")),
                    video_url: None,
                    thumbnail_url: None,
                    category: CATEGORIES[i % CATEGORIES.len()].into(),
                },
                author_id: author.id.clone(),
                status: StoryStatus::Approved,
                is_published: true,
                published_at: Some(at),
                approved_by: Some(author.id.clone()),
                approved_at: Some(at),
            })
            .await
            .unwrap();
        first.get_or_insert(story.id);
    }
    let story = first.unwrap();
    let comments = adapters::SeaOrmCommentRepository::new(state.db.clone());
    for i in 0..50 {
        let c = comments
            .create(NewComment {
                story_id: story,
                author_name: format!("Reader {i}"),
                author_email: None,
                content: "Amen".into(),
            })
            .await
            .unwrap();
        comments.approve(c.id).await.unwrap();
    }
    story
}

async fn run(client: &reqwest::Client, url: String) -> (f64, Duration, Duration, Duration) {
    let url = Arc::new(url);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CONCURRENCY {
        let (client, url) = (client.clone(), url.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity(REQUESTS / CONCURRENCY);
            for _ in 0..REQUESTS / CONCURRENCY {
                let t = Instant::now();
                let res = client.get(url.as_str()).send().await.unwrap();
                assert!(res.status().is_success(), "{} -> {}", url, res.status());
                res.bytes().await.unwrap();
                latencies.push(t.elapsed());
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed();
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    (
        all.len() as f64 / elapsed.as_secs_f64(),
        pct(0.5),
        pct(0.99),
        *all.last().unwrap(),
    )
}

fn main() {
    let rt = actix_web::rt::System::new();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let mut config = app_server::config::Config::from_env().unwrap();
        config.database_url = format!("sqlite://{}/bench.db?mode=rwc", dir.path().display());
        config.super_admin_password = Some("bench-password".into());
        let state = app_server::prepare(config).await.unwrap();
        let story = seed(&state).await;
        let openapi = Arc::new(app_server::routes::openapi_document());
        let server_state = state.clone();
        let server = HttpServer::new(move || app_server::app(server_state.clone(), openapi.clone()))
            .workers(2)
            .bind("127.0.0.1:0")
            .unwrap();
        let addr = server.addrs()[0];
        let handle = server.run();
        let stop = handle.handle();
        actix_web::rt::spawn(handle);
        let base = format!("http://{addr}");
        let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).build().unwrap();
        println!("{STORIES} published stories, {REQUESTS} requests per endpoint, {CONCURRENCY} concurrent clients, 2 server workers\n");
        println!("{:<44} {:>10} {:>10} {:>10} {:>10}", "endpoint", "req/s", "p50 ms", "p99 ms", "max ms");
        for path in [
            "/healthz".to_owned(),
            "/api/categories".to_owned(),
            "/api/stories?limit=20".to_owned(),
            "/api/stories?limit=20&offset=900".to_owned(),
            "/api/stories?q=grace%20faith&limit=20".to_owned(),
            "/api/stories?category=Worship&limit=20".to_owned(),
            format!("/api/stories/{story}"),
            format!("/api/stories/{story}/comments?limit=10"),
        ] {
            let (rps, p50, p99, max) = run(&client, format!("{base}{path}")).await;
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            println!("{path:<44} {rps:>10.0} {:>10.2} {:>10.2} {:>10.2}", ms(p50), ms(p99), ms(max));
        }
        println!("\nresident memory of the process (server + client): {:.1} MiB", rss_mib());
        stop.stop(true).await;
    });
}
