//! Faults with real processes: the PostgreSQL server goes away under a running
//! `app-server` (a proxy in this test closes its port and drops every open connection).
//! Every API call and `/readyz` answer 503 with a JSON message within a second (a visitor's
//! read kept in memory may still be answered until the instance notices, at most half a
//! second), `/healthz`
//! stays 200, the log says so once, and everything works again when the database is back,
//! without a restart.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use adapters::testing::{Engine, TestDatabase};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

/// A TCP proxy to PostgreSQL whose port can be closed (open connections dropped, new ones
/// refused, as when the database server stops) and opened again.
struct Proxy {
    port: u16,
    upstream: String,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
    accept: std::sync::Mutex<Option<JoinHandle<()>>>,
}

impl Proxy {
    async fn start(upstream: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let proxy = Self {
            port,
            upstream,
            links: Arc::default(),
            accept: std::sync::Mutex::new(None),
        };
        proxy.serve(listener);
        proxy
    }

    fn serve(&self, listener: TcpListener) {
        let (upstream, links) = (self.upstream.clone(), self.links.clone());
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let upstream = upstream.clone();
                links.lock().await.push(tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                }));
            }
        });
        *self.accept.lock().unwrap() = Some(accept);
    }

    /// Closes the port and every connection through it.
    async fn cut(&self) {
        if let Some(accept) = self.accept.lock().unwrap().take() {
            accept.abort();
        }
        for link in self.links.lock().await.drain(..) {
            link.abort();
        }
        // The listener is dropped with its task: connecting is refused from now on.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(TcpStream::connect(("127.0.0.1", self.port)).await.is_err());
    }

    async fn restore(&self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.unwrap();
        self.serve(listener);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        if let Some(accept) = self.accept.lock().unwrap().take() {
            accept.abort();
        }
    }
}

/// A fresh PostgreSQL database (kept while the first value lives), a [`Proxy`] in front of
/// it, and the database's URL through the proxy; `None` without `TEST_DATABASE_URL`.
async fn proxied_postgres() -> Option<(TestDatabase, Proxy, url::Url)> {
    let db = TestDatabase::new(Engine::Postgres).await.unwrap()?;
    let mut url = url::Url::parse(&db.url).unwrap();
    let upstream = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap_or(5432));
    let proxy = Proxy::start(upstream).await;
    url.set_port(Some(proxy.port)).unwrap();
    Some((db, proxy, url))
}

struct Server {
    base: String,
    child: Child,
    log: std::path::PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start(database_url: &str, dir: &std::path::Path) -> Server {
    start_as(database_url, dir, &[]).await
}

/// Starts the binary through `wrapper` (a program and its first arguments; the binary's path
/// comes last) when it is not empty.
async fn start_as(database_url: &str, dir: &std::path::Path, wrapper: &[String]) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let log = dir.join("server.log");
    let binary = env!("CARGO_BIN_EXE_app-server");
    let mut command = match wrapper.split_first() {
        Some((program, args)) => {
            let mut command = Command::new(program);
            command.args(args).arg(binary);
            command
        }
        None => Command::new(binary),
    };
    let child = command
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", database_url)
        .env("MEDIA_DIR", dir.join("media"))
        // The scheduled backup at start goes to the test's folder, not the working one.
        .env("BACKUP_DIR", dir.join("backups"))
        .env("SUPER_ADMIN_PASSWORD", "faults-admin-password")
        .env("RUST_LOG", "info")
        .env("RATE_LIMIT_PER_MINUTE", "1000000")
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start app-server");
    let server = Server { base, child, log };
    let deadline = Instant::now() + Duration::from_secs(60);
    while reqwest::get(format!("{}/readyz", server.base))
        .await
        .map_or(true, |r| r.status() != 200)
    {
        assert!(Instant::now() < deadline, "the server did not become ready");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server
}

/// One request: its status, JSON body and how long the answer took.
async fn call(
    client: &reqwest::Client,
    server: &Server,
    method: reqwest::Method,
    path: &str,
    body: Option<serde_json::Value>,
) -> (u16, serde_json::Value, Duration) {
    call_as(client, server, method, path, None, body).await
}

/// [`call`] with a session cookie.
async fn call_as(
    client: &reqwest::Client,
    server: &Server,
    method: reqwest::Method,
    path: &str,
    cookie: Option<&str>,
    body: Option<serde_json::Value>,
) -> (u16, serde_json::Value, Duration) {
    let started = Instant::now();
    let mut req = client
        .request(method, format!("{}{path}", server.base))
        .header("origin", &server.base);
    if let Some(body) = body {
        req = req
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    if let Some(cookie) = cookie {
        req = req.header("cookie", cookie);
    }
    let res = req.send().await.expect("an answer, not a hung request");
    let status = res.status().as_u16();
    let body = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default();
    (status, body, started.elapsed())
}

#[actix_web::test]
async fn when_the_database_goes_away_every_call_answers_503_at_once_and_recovers_after() {
    let Some((_db, proxy, url)) = proxied_postgres().await else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = start(url.as_str(), dir.path()).await;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let get = reqwest::Method::GET;
    let post = reqwest::Method::POST;
    // A visitor's read, kept in memory.
    let kept = "/api/stories?limit=6";
    assert_eq!(call(&client, &server, get.clone(), kept, None).await.0, 200);

    proxy.cut().await;
    let calls = [
        (get.clone(), "/readyz", None),
        (get.clone(), "/api/stories?limit=7", None),
        (get.clone(), "/api/stories?q=grace", None),
        (get.clone(), "/api/categories?fresh=1", None),
        (get.clone(), "/api/stories/1", None),
        (
            post.clone(),
            "/api/login",
            Some(serde_json::json!({"email": "ruth@example.org", "password": "correct horse"})),
        ),
        (
            post.clone(),
            "/api/help/contact",
            Some(
                serde_json::json!({"contactEmail": "ruth@example.org", "subject": "Hello", "message": "Are you there?"}),
            ),
        ),
    ];
    let mut answers = 0;
    for _round in 0..3 {
        for (method, path, body) in &calls {
            let (status, json, took) =
                call(&client, &server, method.clone(), path, body.clone()).await;
            assert_eq!(status, 503, "{method} {path} during the outage: {json}");
            assert_eq!(json["code"], "unavailable", "{path}: {json}");
            assert!(json["message"].as_str().is_some_and(|m| !m.is_empty()));
            assert!(
                took < Duration::from_secs(1),
                "{method} {path} took {took:?}"
            );
            answers += 1;
        }
        let (status, _, took) = call(&client, &server, get.clone(), "/healthz", None).await;
        assert_eq!(status, 200, "the process itself is alive");
        assert!(took < Duration::from_secs(1));
    }
    // The kept read is dropped too once the instance notices (within half a second).
    let (status, json, _) = call(&client, &server, get.clone(), kept, None).await;
    assert_eq!((status, json["code"].as_str()), (503, Some("unavailable")));

    proxy.restore().await;
    let back = Instant::now();
    loop {
        let (stories, _, _) =
            call(&client, &server, get.clone(), "/api/stories?limit=7", None).await;
        let (ready, _, _) = call(&client, &server, get.clone(), "/readyz", None).await;
        if (stories, ready) == (200, 200) {
            break;
        }
        assert!(
            back.elapsed() < Duration::from_secs(10),
            "not recovered: {stories} {ready}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // One line for the outage, one for the return, not one per request.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let log = std::fs::read_to_string(&server.log).unwrap();
    let away = log
        .matches("the database is unavailable: requests answer 503")
        .count();
    assert_eq!(
        away, 1,
        "said once, after {answers} failed requests:\n{log}"
    );
    assert_eq!(
        log.matches("the database answers again").count(),
        1,
        "{log}"
    );
    // Besides: a line per pooled connection that broke (sqlx's) and per background job
    // round that failed, not one per request.
    let loud = log
        .lines()
        .filter(|l| l.contains("WARN") || l.contains("ERROR"))
        .count();
    assert!(loud <= 20, "{loud} warnings for {answers} requests:\n{log}");
}

/// The command that runs the server with `data` on a tmpfs of `size` of its own: a private
/// mount namespace (`unshare`, as root or, for anyone else, as root of a user namespace of
/// their own), so the small disk is seen by the server alone and goes with it. The test
/// reaches it through `/proc/<pid>/root`.
fn on_a_small_disk(data: &std::path::Path, size: &str) -> Vec<String> {
    let mut wrapper = vec!["unshare".to_owned(), "--mount".to_owned()];
    wrapper.extend(["--propagation".to_owned(), "private".to_owned()]);
    // `/proc/self` belongs to the process's effective user.
    let root = std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").unwrap()) == 0;
    if !root {
        wrapper.push("--map-root-user".to_owned());
    }
    wrapper.extend([
        "sh".to_owned(),
        "-c".to_owned(),
        format!("mount -t tmpfs -o size={size} tmpfs \"$0\" && exec \"$1\""),
        data.display().to_string(),
    ]);
    wrapper
}

/// Fills the disk of `path`'s folder with a file `path` until it refuses more; answers the
/// bytes written (bounded: at most 64 MiB).
fn fill(path: &std::path::Path) -> usize {
    use std::io::Write;
    let mut file = std::fs::File::create(path).unwrap();
    let chunk = vec![0_u8; 64 * 1024];
    let mut written = 0;
    while written < 64 * 1024 * 1024 {
        match file.write(&chunk) {
            Ok(0) => break,
            Ok(n) => written += n,
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(28), "{e}: expected ENOSPC");
                break;
            }
        }
    }
    let _ = file.flush();
    written
}

// SQLite on a disk that fills up under a running server: writes answer
// 503 with a JSON message at once, reads and sign-in state go on, the log says it once, and
// writes work again as soon as there is room, without a restart; nothing acknowledged is
// lost.
#[actix_web::test]
async fn on_a_full_disk_writes_answer_503_reads_go_on_and_writes_return_with_space() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let url = format!("sqlite://{}/site.db?mode=rwc", data.display());
    let server = start_as(&url, dir.path(), &on_a_small_disk(&data, "8m")).await;
    // The server's view of its folder: the tmpfs, which this test's namespace does not see.
    let disk = std::path::PathBuf::from(format!(
        "/proc/{}/root{}",
        server.child.id(),
        data.display()
    ));
    assert!(
        disk.join("site.db").exists(),
        "the database on the small disk"
    );
    assert!(
        !data.join("site.db").exists(),
        "the small disk is the server's own"
    );

    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let (get, post) = (reqwest::Method::GET, reqwest::Method::POST);
    let admin_login = serde_json::json!({"username": "admin", "password": "faults-admin-password"});
    let res = client
        .post(format!("{}/api/admin/login", server.base))
        .header("origin", &server.base)
        .header("content-type", "application/json")
        .body(admin_login.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let admin = crate::processes::session_cookie(&res).expect("a session cookie");
    let story = serde_json::json!({
        "title": "Written before the disk filled", "content": "Still here after it emptied.",
        "excerpt": "Still here.", "videoUrl": null, "thumbnailUrl": null,
        "category": "Testimonies", "isPublished": true, "consent": {"site": true, "social": true, "widget": true},
    });
    let (status, body, _) = call_as(
        &client,
        &server,
        post.clone(),
        "/api/stories",
        Some(&admin),
        Some(story.clone()),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_i64().unwrap();
    let comments = format!("/api/stories/{id}/comments");
    let comment = |n: usize| {
        serde_json::json!({"authorName": format!("Reader {n}"),
            "content": format!("Comment {n}: {}", "words of thanks ".repeat(120)), "website": ""})
    };

    let filled = fill(&disk.join("filler"));
    assert!(filled > 0);
    // Writes until the comments of five rounds in a row are refused (the database's
    // write-ahead log may have room for a few first): a visitor's comment (a unit of work)
    // and a help message (a single insert) each round. Each answer is a 201 or a 503 with a
    // JSON message, at once; whatever was answered 201 is checked for after.
    let (mut acknowledged, mut helped, mut refused, mut in_a_row) = (Vec::new(), Vec::new(), 0, 0);
    for n in 0..300 {
        let help = serde_json::json!({"contactEmail": "ruth@example.org",
            "subject": format!("Help {n}"), "message": "words of thanks ".repeat(100)});
        let (mut refused_now, acked_before) = (0, acknowledged.len());
        for (path, body) in [(comments.as_str(), comment(n)), ("/api/help/contact", help)] {
            let (status, json, took) = call(&client, &server, post.clone(), path, Some(body)).await;
            assert!(took < Duration::from_secs(1), "{path} {n} took {took:?}");
            match status {
                201 if path == comments => acknowledged.push(json["id"].as_i64().unwrap()),
                201 => helped.push(format!("Help {n}")),
                503 => {
                    assert_eq!(json["code"], "unavailable", "{json}");
                    assert!(json["message"].as_str().is_some_and(|m| !m.is_empty()));
                    refused += 1;
                    refused_now += 1;
                }
                other => panic!("{path} {n} on a full disk: {other} {json}"),
            }
        }
        // Counted by the comments; a help message answered 201 meanwhile must be kept.
        in_a_row = if refused_now > 0 && acknowledged.len() == acked_before {
            in_a_row + 1
        } else {
            0
        };
        if in_a_row == 5 {
            break;
        }
    }
    if in_a_row < 5 {
        let missing = missing(&client, &server, &admin, &acknowledged, &helped).await;
        panic!(
            "the full disk never refused a write: {} comments and {} help messages answered 201, of which gone: {missing:?}",
            acknowledged.len(),
            helped.len()
        );
    }
    // Other writes too, signed in; reads and signed-in reads go on; the process is alive.
    let (status, json, took) = call_as(
        &client,
        &server,
        post.clone(),
        "/api/stories",
        Some(&admin),
        Some(story),
    )
    .await;
    assert_eq!(
        (status, json["code"].as_str()),
        (503, Some("unavailable")),
        "{json}"
    );
    assert!(took < Duration::from_secs(1));
    // Signing in writes a session: refused the same way (not actix-session's empty 500).
    let (status, json, took) = call(
        &client,
        &server,
        post.clone(),
        "/api/admin/login",
        Some(admin_login),
    )
    .await;
    assert_eq!(
        (status, json["code"].as_str()),
        (503, Some("unavailable")),
        "signing in on a full disk: {json}"
    );
    assert!(took < Duration::from_secs(1));
    for (path, cookie) in [
        ("/api/stories?limit=5", None),
        (format!("/api/stories/{id}").as_str(), None),
        (comments.as_str(), None),
        ("/api/user", Some(admin.as_str())),
        ("/api/admin/comments/pending", Some(admin.as_str())),
        ("/healthz", None),
    ] {
        let (status, json, took) = call_as(&client, &server, get.clone(), path, cookie, None).await;
        assert_eq!(status, 200, "GET {path} on a full disk: {json}");
        assert!(took < Duration::from_secs(1), "GET {path} took {took:?}");
    }

    std::fs::remove_file(disk.join("filler")).unwrap();
    let back = Instant::now();
    loop {
        let (status, json, _) = call(
            &client,
            &server,
            post.clone(),
            &comments,
            Some(comment(9999)),
        )
        .await;
        if status == 201 {
            acknowledged.push(json["id"].as_i64().unwrap());
            break;
        }
        assert_eq!(status, 503, "{json}");
        assert!(
            back.elapsed() < Duration::from_secs(10),
            "writes did not come back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Every acknowledged comment (waiting for review) and help message is there.
    let missing = missing(&client, &server, &admin, &acknowledged, &helped).await;
    assert!(missing.is_empty(), "acknowledged but gone: {missing:?}");

    tokio::time::sleep(Duration::from_millis(700)).await;
    let log = std::fs::read_to_string(&server.log).unwrap();
    eprintln!(
        "full disk: {filled} bytes filled, {} comments and {} help messages acknowledged, {refused} writes refused",
        acknowledged.len(),
        helped.len()
    );
    assert_eq!(
        log.matches("the database cannot take writes").count(),
        1,
        "said once, after {refused} refused writes:\n{log}"
    );
    assert_eq!(
        log.matches("the database takes writes again").count(),
        1,
        "{log}"
    );
    let loud = log
        .lines()
        .filter(|l| l.contains("WARN") || l.contains("ERROR"))
        .count();
    assert!(
        loud <= 5,
        "{loud} warnings for {refused} refused writes:\n{log}"
    );
}

/// Which of these acknowledged comments (by id) and help messages (by subject) the super
/// admin's lists do not hold.
async fn missing(
    client: &reqwest::Client,
    server: &Server,
    admin: &str,
    comments: &[i64],
    help: &[String],
) -> Vec<String> {
    let mut found_comments = std::collections::HashSet::new();
    let mut found_help = std::collections::HashSet::new();
    for offset in (0..1000).step_by(100) {
        let page = |path: &str| format!("{path}?limit=100&offset={offset}");
        let (status, json, _) = call_as(
            client,
            server,
            reqwest::Method::GET,
            &page("/api/admin/comments/pending"),
            Some(admin),
            None,
        )
        .await;
        assert_eq!(status, 200, "{json}");
        let items = json.as_array().expect("a list of comments");
        found_comments.extend(items.iter().filter_map(|c| c["comment"]["id"].as_i64()));
        let (status, json, _) = call_as(
            client,
            server,
            reqwest::Method::GET,
            &page("/api/admin/help-messages"),
            Some(admin),
            None,
        )
        .await;
        assert_eq!(status, 200, "{json}");
        let messages = json.as_array().expect("a list of help messages");
        found_help.extend(
            messages
                .iter()
                .filter_map(|m| m["subject"].as_str().map(str::to_owned)),
        );
        if items.len() < 100 && messages.len() < 100 {
            break;
        }
    }
    let comments = comments
        .iter()
        .filter(|id| !found_comments.contains(*id))
        .map(|id| format!("comment {id}"));
    let help = help
        .iter()
        .filter(|s| !found_help.contains(*s))
        .map(|s| format!("help message {s:?}"));
    comments.chain(help).collect()
}

/// Starting up, PostgreSQL may be slow to give its first connection (a database created a
/// moment before, a server starting or busy): the pool opens once it does, within seconds,
/// instead of giving up after the half second a request waits (`adapters::db::open`).
#[actix_web::test]
async fn starting_up_waits_for_postgresqls_first_connection() {
    let Some((_db, proxy, url)) = proxied_postgres().await else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    proxy.cut().await;
    let opening = tokio::spawn({
        let url = url.to_string();
        async move { adapters::open(&url).await }
    });
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!opening.is_finished(), "gave up while the port was closed");
    proxy.restore().await;
    let pool = tokio::time::timeout(Duration::from_secs(10), opening)
        .await
        .expect("opened within seconds of the port opening")
        .unwrap()
        .expect("the pool opens");
    adapters::ping(&pool).await.expect("a working pool");
}
