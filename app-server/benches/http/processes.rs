//! The processes the benchmark runs: the server, a fresh database per size, and the small
//! HTTP and `/proc` readers it needs.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::SERVER;

/// The super admin's password on the bench's servers (`admin`).
pub const ADMIN_PASSWORD: &str = "bench-super-admin-password";

pub struct Server {
    pub child: Child,
}

impl Server {
    pub fn start(url: &str, bind: &str, work: &Path) -> Self {
        let server = Self::spawn(url, bind, work, &[]);
        server.wait_ready(bind);
        server
    }

    /// Launches the server with `settings` added to the bench's environment, without
    /// waiting for it to listen (its background jobs start as it does).
    pub fn spawn(url: &str, bind: &str, work: &Path, settings: &[(&str, String)]) -> Self {
        Self {
            child: Command::new(SERVER)
                .env("DATABASE_URL", url)
                .env("BIND_ADDR", bind)
                .env("PUBLIC_URL", format!("http://{bind}"))
                .env("RATE_LIMIT_PER_MINUTE", "100000000")
                .env("SUPER_ADMIN_PASSWORD", ADMIN_PASSWORD)
                .env("MEDIA_DIR", work.join("media"))
                // No scheduled backup: it would run at start, beside the first measurements
                // (`benches/backup.rs` measures it on its own).
                .env("BACKUP_EVERY_HOURS", "0")
                .env("RUST_LOG", "warn")
                .envs(settings.iter().map(|(k, v)| (*k, v.as_str())))
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        }
    }

    /// Waits (a minute at most) until `/readyz` answers 200 on `bind`.
    pub fn wait_ready(&self, bind: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if try_get(bind, "/readyz").is_some_and(|r| r.starts_with("HTTP/1.1 200")) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the server did not become ready on {bind}");
    }

    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

pub struct Database {
    pub url: String,
    admin: Option<(String, String)>,
}

impl Database {
    pub fn fresh(engine: &str, dir: &Path, stories: u64) -> Self {
        Self::fresh_named(engine, dir, &stories.to_string())
    }

    /// A fresh database whose name ends in `tag` (a SQLite file in `dir`).
    pub fn fresh_named(engine: &str, dir: &Path, tag: &str) -> Self {
        if engine == "postgres" {
            let admin = std::env::var("BENCH_PG_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
            let name = format!("bench_{}_{tag}", std::process::id());
            psql(&admin, &format!("DROP DATABASE IF EXISTS {name}"));
            psql(&admin, &format!("CREATE DATABASE {name}"));
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
            Self {
                url: format!("{base}/{name}"),
                admin: Some((admin.clone(), name)),
            }
        } else {
            Self {
                url: format!("sqlite://{}/bench-{tag}.db?mode=rwc", dir.display()),
                admin: None,
            }
        }
    }

    pub fn drop_it(self) {
        if let Some((admin, name)) = &self.admin {
            psql(admin, &format!("DROP DATABASE IF EXISTS {name}"));
        }
    }
}

pub fn psql(url: &str, sql: &str) {
    let status = Command::new("psql")
        .args([url, "-q", "-c", sql])
        .status()
        .expect("psql is needed for the PostgreSQL benchmark");
    assert!(status.success(), "psql {sql}");
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn try_get(base: &str, path: &str) -> Option<String> {
    let mut stream = TcpStream::connect(base).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {base}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut out = String::new();
    stream.read_to_string(&mut out).ok()?;
    Some(out)
}

/// An answer read by [`post_json`]: its status, the session cookie it set
/// (`gs_session=...`) and its body.
pub struct Answer {
    pub status: u16,
    pub cookie: Option<String>,
    pub body: String,
}

/// Posts `body` as JSON from the site's own origin (with `cookie`, when given).
pub fn post_json(base: &str, path: &str, cookie: Option<&str>, body: &str) -> Answer {
    let mut stream = TcpStream::connect(base).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {base}\r\nOrigin: http://{base}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n{cookie}\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    stream.read_to_string(&mut out).unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let cookie = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("set-cookie")
            .then(|| {
                value
                    .trim()
                    .split(';')
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            })
            .filter(|c| c.starts_with("gs_session="))
    });
    Answer {
        status,
        cookie,
        body: body.to_owned(),
    }
}

pub fn get(base: &str, path: &str) -> String {
    try_get(base, path).unwrap_or_else(|| panic!("GET {path} failed"))
}

/// A line of `/proc/<pid>/status` in MiB (`VmRSS:` now, `VmHWM:` the peak).
pub fn memory(pid: u32, field: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Starts the peak (`VmHWM:`) again from what the process holds now, so that a later reading
/// is the peak of what ran in between (`echo 5 > /proc/<pid>/clear_refs`; Linux only).
pub fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}
