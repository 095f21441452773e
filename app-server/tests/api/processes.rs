//! Real `app-server` processes for the tests: started on a free port of
//! 127.0.0.1 with the environment a test gives, killed with SIGKILL when dropped (or when a
//! test says so), and spoken to over HTTP.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The origin every process of these tests is told it serves (`PUBLIC_URL`); writes send it
/// as `Origin` to pass the cross-site check.
pub const ORIGIN: &str = "http://stories.example.test";
pub const ADMIN_PASSWORD: &str = "processes-admin-password";

/// A server process, killed when dropped.
pub struct Server {
    pub base: String,
    child: Child,
    log: Option<PathBuf>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

/// The environment every process needs besides the test's own: the database, the origin,
/// the super admin's password.
pub fn base_env(database_url: &str) -> Vec<(&'static str, String)> {
    vec![
        ("DATABASE_URL", database_url.to_owned()),
        ("PUBLIC_URL", ORIGIN.to_owned()),
        ("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD.to_owned()),
        // No scheduled backup into the working folder; the backup tests set their own.
        ("BACKUP_EVERY_HOURS", "0".to_owned()),
    ]
}

impl Server {
    /// Starts the binary on `port` without waiting for it; its output goes to `log` when
    /// given (appended, so a restarted server adds to the same file).
    pub fn spawn(envs: &[(&str, String)], port: u16, log: Option<&Path>) -> Self {
        let base = format!("http://127.0.0.1:{port}");
        let (out, err) = match log {
            Some(path) => {
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .unwrap();
                (Stdio::from(file.try_clone().unwrap()), Stdio::from(file))
            }
            None => (Stdio::null(), Stdio::inherit()),
        };
        let child = Command::new(env!("CARGO_BIN_EXE_app-server"))
            .env("BIND_ADDR", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "warn")
            // Backups (scheduled, or before an upgrade) go to a directory of the test's own,
            // never into the working tree; a test that cares sets `BACKUP_DIR` itself.
            .env(
                "BACKUP_DIR",
                std::env::temp_dir().join(format!(
                    "grace-backups-{port}-{}",
                    adapters::new_media_key()
                )),
            )
            .envs(envs.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start app-server");
        Self {
            base,
            child,
            log: log.map(Path::to_path_buf),
        }
    }

    /// Waits (at most a minute) until `/healthz` answers 200.
    pub async fn healthy(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let log = self.log.as_ref().map(std::fs::read_to_string);
                panic!("app-server exited early: {status}; its log: {log:?}");
            }
            if let Ok(res) = reqwest::get(format!("{}/healthz", self.base)).await
                && res.status() == 200
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not become healthy",
                self.base
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Asks the process to stop with SIGTERM, as a service manager does, and waits at most
    /// `within` for it to exit: its exit status, or `None` when it was still running then.
    pub fn terminate(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a process id");
        // SAFETY: `kill` only sends a signal, to our own child, which is not reaped yet (so its
        // id is still its own).
        let sent = unsafe { libc::kill(pid, libc::SIGTERM) };
        assert_eq!(
            sent,
            0,
            "SIGTERM to {pid}: {}",
            std::io::Error::last_os_error()
        );
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Kills the process with SIGKILL (no shutdown of any kind) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts a server on a free port and waits until it is healthy.
pub async fn start(envs: &[(&str, String)]) -> Server {
    let mut server = Server::spawn(envs, free_port(), None);
    server.healthy().await;
    server
}

/// The super admin's session cookie (`name=value`), signed in through `server`.
pub async fn sign_in_admin(client: &reqwest::Client, server: &Server) -> String {
    let (status, _, cookie) = send_json(
        client,
        server,
        reqwest::Method::POST,
        "/api/admin/login",
        None,
        serde_json::json!({"username": "admin", "password": ADMIN_PASSWORD}),
    )
    .await;
    assert_eq!(status, 200);
    cookie.expect("a session cookie")
}

/// Sends `body` as JSON with the site's origin (and `cookie` when given): the status, the
/// JSON answer (`Null` when there is none) and the session cookie the answer sets.
pub async fn send_json(
    client: &reqwest::Client,
    server: &Server,
    method: reqwest::Method,
    path: &str,
    cookie: Option<&str>,
    body: serde_json::Value,
) -> (u16, serde_json::Value, Option<String>) {
    let mut request = client
        .request(method, format!("{}{path}", server.base))
        .header("origin", ORIGIN)
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let res = request.send().await.unwrap();
    let status = res.status().as_u16();
    let set_cookie = session_cookie(&res);
    let json = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or_default();
    (status, json, set_cookie)
}

/// The session cookie an answer sets (`name=value`), if any (a sign-in also sets the
/// device cookie, which this is not).
pub fn session_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .find(|c| c.starts_with(&format!("{}=", app_server::session::COOKIE_NAME)))
        .map(str::to_owned)
}
