//! `just bench` (fourth part): the weekly digest to 10,000 subscribers. `app-server seed`
//! fills a fresh database with 1,000 stories and 10,000 confirmed weekly subscribers
//! (`--subscribers`, covered until a week before the newest story), and the release server
//! starts with the digest's weekday and hour set to the current hour (UTC), so the latest
//! weekly slot lies between their coverage and now: its "subscription mail" job runs a round
//! at start and the next ones at once while subscribers are left (2,000 a round). No
//! `SMTP_URL`: the mails stay in the outbox, so this measures building and queueing them,
//! not delivering them.
//!
//! The bench polls the database (its own connection) for subscriptions whose coverage moved
//! to the slot. A digest's time runs from the round's first claim (the first leased or
//! covered subscription, seen within [`POLL`]) until every subscription is covered to the
//! slot with no lease left; then it checks that the outbox holds one mail per subscriber.
//! The server's peak resident memory (`VmHWM`) is read then, and its resident memory at each
//! quarter of the subscribers (memory that grows with their number shows there).
//!
//! The digest runs twice from the same state. First alone: its time and peak memory. Then,
//! with the subscriptions' coverage and the outbox put back, on a new server under load:
//! from the round's first claim, a visitor's comment write (`POST /api/stories/{id}/comments`)
//! and then the story list (`GET /api/stories?limit=20`), each `wrk -t2 -c64` as in the
//! `http` bench, for `BENCH_SECONDS` or half the digest alone if that is shorter, so both
//! fall inside the digest. Once it is done and the server idle, the same two run again on
//! the same server, quiet. The report gives both and their ratios, and how many seconds of
//! each load fell inside the digest.
//!
//! Settings (environment): `BENCH_SUBSCRIBERS` (default 10000), `BENCH_STORIES` (default
//! 1000; comments are twice that), `BENCH_SECONDS` (default 10), `BENCH_PG_URL` for
//! `postgres` (as in the `http` bench). A small run proves it works in a debug build:
//! `BENCH_SUBSCRIBERS=500 BENCH_SECONDS=3 cargo test -p app-server --bench digest -- sqlite`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

#[path = "http/load.rs"]
#[allow(dead_code)]
mod load;
#[path = "http/processes.rs"]
#[allow(dead_code)]
mod processes;

use std::process::{Child, Command};
use std::time::{Duration, Instant};

use chrono::{DateTime, Datelike, DurationRound, Timelike, Utc};
use domain::clock::Clock as _;
use load::{Figures, Load, a_published_story, comment_script, figures, start_wrk, wrk};
use processes::{Database, Server, free_port, memory, try_get};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, Value};

const SERVER: &str = env!("CARGO_BIN_EXE_app-server");

/// How often the bench reads the digest's progress.
const POLL: Duration = Duration::from_millis(50);

/// The digest may take this long at most.
const DIGEST_AT_MOST: Duration = Duration::from_secs(3600);

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .map(|s| {
            s.replace('_', "")
                .parse()
                .unwrap_or_else(|_| panic!("{name}: a number"))
        })
        .unwrap_or(default)
}

/// The digest's progress: subscriptions covered to the slot (and not held), and held ones.
struct Progress {
    covered: u64,
    leased: u64,
}

struct Probe {
    runtime: tokio::runtime::Runtime,
    db: DatabaseConnection,
    slot: DateTime<Utc>,
}

impl Probe {
    fn new(url: &str, slot: DateTime<Utc>) -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let db = runtime.block_on(adapters::open(url)).unwrap();
        Self { runtime, db, slot }
    }

    /// The `columns` counts the one row of `sql` answers (`?` its one parameter).
    fn count(&self, sql: &str, values: Vec<Value>, columns: usize) -> Vec<u64> {
        let backend = self.db.get_database_backend();
        let sql = if backend == DbBackend::Postgres {
            sql.replace('?', "$1")
        } else {
            sql.to_owned()
        };
        let row = self
            .runtime
            .block_on(
                self.db
                    .query_one_raw(Statement::from_sql_and_values(backend, sql, values)),
            )
            .unwrap()
            .unwrap();
        (0..columns)
            .map(|i| u64::try_from(row.try_get_by_index::<i64>(i).unwrap()).unwrap())
            .collect()
    }

    fn progress(&self) -> Progress {
        // The slot is bound as the server binds it, so the stored values compare equal.
        let n = self.count(
            "SELECT COUNT(CASE WHEN covered_until = ? AND lease_until IS NULL THEN 1 END), \
             COUNT(lease_until) FROM subscriptions",
            vec![self.slot.into()],
            2,
        );
        Progress {
            covered: n[0],
            leased: n[1],
        }
    }

    /// The subscribers' mails in the outbox, and how many addresses they go to.
    fn queued(&self) -> (u64, u64) {
        let n = self.count(
            "SELECT COUNT(*), COUNT(DISTINCT recipient) FROM mail_outbox \
             WHERE recipient LIKE 'reader-%@bench.example'",
            vec![],
            2,
        );
        (n[0], n[1])
    }

    /// Ends the bench's connections (PostgreSQL drops no database in use).
    fn close(self) {
        self.runtime.block_on(self.db.close()).unwrap();
    }

    /// Back to the seeded state: every subscription covered until its confirmation (as
    /// seeded), none held, the outbox empty.
    fn reset(&self) {
        let backend = self.db.get_database_backend();
        for sql in [
            "UPDATE subscriptions SET covered_until = confirmed_at, lease_until = NULL",
            "DELETE FROM mail_outbox",
        ] {
            self.runtime
                .block_on(self.db.execute_raw(Statement::from_string(backend, sql)))
                .unwrap();
        }
    }

    fn subscribers(&self) -> u64 {
        self.count(
            "SELECT COUNT(*) FROM subscriptions WHERE status = 'confirmed' AND frequency = 'weekly'",
            vec![],
            1,
        )[0]
    }
}

fn main() {
    let engine = std::env::args()
        .skip(1)
        .find(|a| a == "sqlite" || a == "postgres")
        .unwrap_or_else(|| "sqlite".into());
    let subscribers = setting("BENCH_SUBSCRIBERS", 10_000);
    let stories = setting("BENCH_STORIES", 1_000);
    let seconds = setting("BENCH_SECONDS", 10);
    assert!(
        Command::new("wrk").arg("--version").output().is_ok(),
        "wrk is missing: `just bench` installs it (apt-get install wrk)"
    );
    let work = tempfile::tempdir().unwrap();
    let database = Database::fresh_named(&engine, work.path(), "digest");

    let seeding = Instant::now();
    let seeded = Command::new(SERVER)
        .args([
            "seed",
            "--stories",
            &stories.to_string(),
            "--comments",
            &(stories * 2).to_string(),
            "--users",
            &(stories / 20).max(10).to_string(),
            "--subscribers",
            &subscribers.to_string(),
        ])
        .env("DATABASE_URL", &database.url)
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(seeded.success(), "seed failed");
    let seed_seconds = seeding.elapsed().as_secs_f64();
    let _ = Command::new("sync").status();
    std::thread::sleep(Duration::from_secs(2));

    // The latest weekly slot is this hour: after the subscribers' coverage (a week before
    // the newest story) and before now.
    let slot = domain::clock::SystemClock
        .now()
        .duration_trunc(chrono::Duration::hours(1))
        .unwrap();
    let probe = Probe::new(&database.url, slot);
    assert_eq!(probe.subscribers(), subscribers, "seeded subscribers");

    // The digest alone: its time and the server's peak memory.
    let (alone, mut server) = run_digest(&probe, &database.url, work.path(), subscribers, &[], 0);
    let story = a_published_story(&server.bind);
    server.stop();
    assert_eq!(
        probe.queued(),
        (subscribers, subscribers),
        "one mail per subscriber"
    );

    // The same digest again, from the same state, with the site under load meanwhile: each
    // load at most half as long as the digest alone took, so both fall inside it.
    probe.reset();
    assert_eq!(probe.progress().covered, 0, "the digest is due again");
    let _ = Command::new("sync").status();
    std::thread::sleep(Duration::from_secs(2));
    let load_seconds = seconds.min((alone.seconds / 2.0) as u64).max(1);
    let comment = comment_script(work.path());
    let loads = [
        Load {
            name: "POST /api/stories/{id}/comments",
            path: format!("/api/stories/{story}/comments"),
            script: Some(comment.display().to_string()),
        },
        Load {
            name: "GET /api/stories?limit=20",
            path: "/api/stories?limit=20".to_owned(),
            script: None,
        },
    ];
    let (busy, mut server) = run_digest(
        &probe,
        &database.url,
        work.path(),
        subscribers,
        &loads,
        load_seconds,
    );
    assert_eq!(
        probe.queued(),
        (subscribers, subscribers),
        "one mail per subscriber"
    );

    // The same loads on the same server, quiet.
    std::thread::sleep(Duration::from_secs(2));
    let quiet: Vec<Figures> = loads
        .iter()
        .map(|load| wrk(&server.bind, load, load_seconds))
        .collect();
    let idle_mib = memory(server.pid(), "VmRSS:");
    server.stop();
    probe.close();
    database.drop_it();

    println!(
        "\nWeekly digest on {engine}: {subscribers} confirmed weekly subscribers, {stories} stories \
         (seeded in {seed_seconds:.0} s); slot {} UTC; {subscribers} mails in the outbox each time",
        slot.format("%a %H:%M")
    );
    for (what, d) in [("alone", &alone), ("under load", &busy)] {
        println!(
            "digest {what}: {:.1} s from the round's first claim ({:.0} subscribers/s); first \
             claim {:.2} s, listening {:.2} s after launch; server peak {:.0} MiB (VmHWM); \
             resident at each quarter of the subscribers: {}",
            d.seconds,
            subscribers as f64 / d.seconds.max(0.001),
            d.first_claim,
            d.listening,
            d.peak_mib,
            d.quarters
                .iter()
                .map(|(at, mib)| format!("{mib:.0} MiB ({at:.1} s)"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    println!("server resident memory, idle at the end: {idle_mib:.0} MiB");
    println!(
        "load: wrk -t2 -c64 -d{load_seconds}s per request, one after the other, from the \
         round's first claim (BENCH_SECONDS {seconds}, at most half the digest alone)"
    );
    println!(
        "| {:<34} | {:>20} | {:>20} | {:>12} | {:>18} |",
        "request",
        "quiet req/s (p99 ms)",
        "digest req/s (p99)",
        "req/s, p99 ×",
        "inside the digest"
    );
    println!(
        "|{:-<36}|{:->22}|{:->22}|{:->14}|{:->20}|",
        "", "", "", "", ""
    );
    for (q, (name, d, inside)) in quiet.iter().zip(&busy.loads) {
        println!(
            "| {name:<34} | {:>20} | {:>20} | {:>12} | {:>18} |",
            cell(q),
            cell(d),
            format!(
                "{:.2}, {:.1}",
                d.rps / q.rps.max(0.001),
                d.p99_ms / q.p99_ms.max(0.001)
            ),
            format!("{inside:.1} of {load_seconds} s"),
        );
    }
}

/// One digest by a freshly started server, and what it measured.
struct Digest {
    /// From the round's first claim until every subscription is covered to the slot.
    seconds: f64,
    /// After launch.
    first_claim: f64,
    listening: f64,
    peak_mib: f64,
    /// Seconds from the first claim and resident MiB when a quarter, half, three quarters
    /// and all of the subscribers were covered.
    quarters: Vec<(f64, f64)>,
    /// Each load's figures and how many of its seconds fell inside the digest.
    loads: Vec<(&'static str, Figures, f64)>,
}

/// Launches the server (its digest round starts at once), runs `loads` one after the other
/// for `load_seconds` each from the round's first claim, and waits until every subscriber is
/// covered to the slot and the loads have ended. Answers the still-running server.
fn run_digest(
    probe: &Probe,
    url: &str,
    work: &std::path::Path,
    subscribers: u64,
    loads: &[Load],
    load_seconds: u64,
) -> (Digest, Running) {
    let bind = format!("127.0.0.1:{}", free_port());
    let launched = Instant::now();
    let mut server = Server::spawn(
        url,
        &bind,
        work,
        &[
            ("SITE_TIME_ZONE", "UTC".to_owned()),
            ("DIGEST_WEEKDAY", probe.slot.weekday().to_string()),
            ("DIGEST_HOUR", probe.slot.hour().to_string()),
        ],
    );
    let pid = server.child.id();
    let mut ready_at = None;
    let mut first_claim = None;
    let mut done = None;
    let mut quarters: Vec<(f64, f64)> = Vec::new();
    let mut waiting = loads.iter();
    let mut current: Option<(&Load, Child, Instant)> = None;
    let mut ran = Vec::new();
    let mut peak_mib = f64::NAN;
    loop {
        let now = Instant::now();
        assert!(
            now - launched < DIGEST_AT_MOST,
            "the digest did not finish within an hour"
        );
        if let Some(status) = server.child.try_wait().unwrap() {
            panic!("the server stopped: {status}");
        }
        if ready_at.is_none()
            && try_get(&bind, "/readyz").is_some_and(|r| r.starts_with("HTTP/1.1 200"))
        {
            ready_at = Some(now);
        }
        // The loads, one after the other, once the server listens and the round has begun.
        let finished = current
            .as_mut()
            .is_some_and(|(_, child, _)| child.try_wait().unwrap().is_some());
        if finished {
            let (load, child, started) = current.take().unwrap();
            let inside = overlap(started, now, first_claim.unwrap_or(started), done)
                .min(load_seconds as f64);
            ran.push((
                load.name,
                figures(&child.wait_with_output().unwrap()),
                inside,
            ));
        }
        if current.is_none()
            && ready_at.is_some()
            && first_claim.is_some()
            && let Some(load) = waiting.next()
        {
            current = Some((load, start_wrk(&bind, load, load_seconds), Instant::now()));
        }
        if done.is_none() {
            let p = probe.progress();
            if first_claim.is_none() && (p.covered > 0 || p.leased > 0) {
                first_claim = Some(now);
            }
            if let Some(first) = first_claim {
                while quarters.len() < 4
                    && p.covered * 4 >= subscribers * (quarters.len() as u64 + 1)
                {
                    quarters.push(((now - first).as_secs_f64(), memory(pid, "VmRSS:")));
                }
            }
            if p.covered == subscribers && p.leased == 0 {
                done = Some(now);
                peak_mib = memory(pid, "VmHWM:");
            }
        }
        if done.is_some() && ready_at.is_some() && current.is_none() && ran.len() == loads.len() {
            break;
        }
        std::thread::sleep(POLL);
    }
    let (first, done, ready) = (first_claim.unwrap(), done.unwrap(), ready_at.unwrap());
    let digest = Digest {
        seconds: (done - first).as_secs_f64(),
        first_claim: (first - launched).as_secs_f64(),
        listening: (ready - launched).as_secs_f64(),
        peak_mib,
        quarters,
        loads: ran,
    };
    (digest, Running { server, bind })
}

/// How many seconds of `[started, ended]` fell inside the digest (`[first, done]`).
fn overlap(started: Instant, ended: Instant, first: Instant, done: Option<Instant>) -> f64 {
    let from = started.max(first);
    let to = done.map_or(ended, |d| ended.min(d));
    to.saturating_duration_since(from).as_secs_f64()
}

/// A server left running after its digest.
struct Running {
    server: Server,
    bind: String,
}

impl Running {
    fn pid(&self) -> u32 {
        self.server.child.id()
    }

    fn stop(&mut self) {
        self.server.stop();
    }
}

fn cell(f: &Figures) -> String {
    let errors = if f.errors > 0 {
        format!(", {} errors", f.errors)
    } else {
        String::new()
    };
    format!("{:.0} ({:.1}{errors})", f.rps, f.p99_ms)
}
