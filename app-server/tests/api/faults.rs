//! Faults with real processes (issue 13): the PostgreSQL server goes away under a running
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
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let log = dir.join("server.log");
    let child = Command::new(env!("CARGO_BIN_EXE_app-server"))
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", database_url)
        .env("MEDIA_DIR", dir.join("media"))
        .env("SUPER_ADMIN_PASSWORD", "faults-admin-password")
        .env("RUST_LOG", "info")
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
    let started = Instant::now();
    let mut req = client
        .request(method, format!("{}{path}", server.base))
        .header("origin", &server.base);
    if let Some(body) = body {
        req = req
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    let res = req.send().await.expect("an answer, not a hung request");
    let status = res.status().as_u16();
    let body = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default();
    (status, body, started.elapsed())
}

#[actix_web::test]
async fn when_the_database_goes_away_every_call_answers_503_at_once_and_recovers_after() {
    let Some(db) = TestDatabase::new(Engine::Postgres).await.unwrap() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set");
        return;
    };
    let mut url = url::Url::parse(&db.url).unwrap();
    let upstream = format!("{}:{}", url.host_str().unwrap(), url.port().unwrap_or(5432));
    let proxy = Proxy::start(upstream).await;
    url.set_port(Some(proxy.port)).unwrap();
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
