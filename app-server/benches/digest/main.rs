//! `just bench` (fourth part): the weekly digest to 10,000 subscribers. `app-server seed`
//! fills a fresh database with 1,000 stories and 10,000 confirmed weekly subscribers
//! (`--subscribers`, covered until a week before the newest story), and the release server
//! starts with the digest's weekday and hour set to the current hour (UTC), so the latest
//! weekly slot lies between their coverage and now: its "subscription mail" job runs a round
//! at start and the next ones at once while subscribers are left (2,000 a round). No
//! `SMTP_URL`: the mails stay in the outbox, so this measures building and queueing them,
//! not delivering them.
//!
//! The bench polls the database (its own connection, `probe.rs`) for subscriptions whose
//! coverage moved to the slot. A digest's time runs from the round's first claim (the first leased or
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

#[path = "../http/load.rs"]
#[allow(dead_code)]
mod load;
mod probe;
#[path = "../http/processes.rs"]
#[allow(dead_code)]
mod processes;
mod report;
mod run;

use std::process::Command;
use std::time::{Duration, Instant};

use chrono::DurationRound;
use domain::clock::Clock as _;
use load::{Figures, Load, a_published_story, comment_script, wrk};
use probe::Probe;
use processes::{Database, memory};
use run::run_digest;

const SERVER: &str = env!("CARGO_BIN_EXE_app-server");

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

    report::Report {
        engine: &engine,
        subscribers,
        stories,
        seed_seconds,
        slot,
        alone: &alone,
        busy: &busy,
        quiet: &quiet,
        idle_mib,
        load_seconds,
        seconds,
    }
    .print();
}
