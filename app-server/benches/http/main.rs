//! `just bench [sqlite|postgres]`: the release server as its own process, on a database
//! filled by `app-server seed` with 1,000 and then 100,000 stories, driven over loopback by
//! `wrk` (another process: 2 threads, 64 connections, a fixed time per request). Prints one
//! table per engine: requests per second, p50 and p99 latency, errors, the ratio to
//! `/healthz` on the same server, the server's idle and peak resident memory (over the whole
//! run, and each request's own peak: the mark is reset before it), and the change from 1,000
//! to 100,000 stories. Besides visitors' reads (one story, and stories drawn at
//! random from every published one, as the sitemap lists them) and a visitor's comment: a signed-in
//! member's list, search and story (their session cookie on every request; the member is
//! registered and approved through the API), and the visitors' list, search and story page
//! again while visitors' comments and sign-ins arrive each second (`traffic.rs`).
//!
//! Settings (environment): `BENCH_SIZES` (default `1000,100000`), `BENCH_SECONDS` per request
//! (default 10), `BENCH_PG_URL` (an administrative PostgreSQL URL; default
//! `postgres://postgres@127.0.0.1:5432/postgres`, a fresh database is made per size and
//! dropped after). Every load runs against 127.0.0.1 and ends after its time.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

mod load;
mod processes;
mod report;
mod traffic;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use load::{
    Figures, Load, a_member, a_published_story, comment_script, member_script, published_story_ids,
    spread_script, wrk,
};
use processes::{Database, Server, free_port, memory, reset_peak};
use report::{Run, print_report};
use traffic::Traffic;

const SERVER: &str = env!("CARGO_BIN_EXE_app-server");

fn main() {
    let engine = std::env::args()
        .skip(1)
        .find(|a| a == "sqlite" || a == "postgres")
        .unwrap_or_else(|| "sqlite".into());
    let sizes: Vec<u64> = std::env::var("BENCH_SIZES")
        .unwrap_or_else(|_| "1000,100000".into())
        .split(',')
        .map(|s| {
            s.trim()
                .replace('_', "")
                .parse()
                .expect("BENCH_SIZES: numbers")
        })
        .collect();
    let seconds: u64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    assert!(
        Command::new("wrk").arg("--version").output().is_ok(),
        "wrk is missing: `just bench` installs it (apt-get install wrk)"
    );
    let work = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for &stories in &sizes {
        let database = Database::fresh(&engine, work.path(), stories);
        runs.push(measure(&database.url, stories, seconds, work.path()));
        database.drop_it();
    }
    print_report(&engine, seconds, &runs);
}

fn measure(url: &str, stories: u64, seconds: u64, work: &Path) -> Run {
    let started = Instant::now();
    let status = Command::new(SERVER)
        .args([
            "seed",
            "--stories",
            &stories.to_string(),
            "--comments",
            &(stories * 2).to_string(),
            "--users",
            &(stories / 20).max(10).to_string(),
        ])
        .env("DATABASE_URL", url)
        .env("SUPER_ADMIN_PASSWORD", processes::ADMIN_PASSWORD)
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(status.success(), "seed failed");
    let seed_seconds = started.elapsed().as_secs_f64();
    // The seed's writes reach the disk before anything is measured.
    let _ = Command::new("sync").status();
    std::thread::sleep(Duration::from_secs(2));

    let port = free_port();
    let base = format!("127.0.0.1:{port}");
    let mut server = Server::start(url, &base, work);
    // Idle as it stays: after the server's first give-back of freed memory to the system,
    // 5 s after its start (`app-server/src/memory.rs`).
    std::thread::sleep(Duration::from_secs(7));
    let idle_mib = memory(server.child.id(), "VmRSS:");

    let story = a_published_story(&base);
    let ids = published_story_ids(&base);
    let spread = |name, prefix| {
        Some(
            spread_script(work, name, &ids, prefix)
                .display()
                .to_string(),
        )
    };
    let comment = comment_script(work);
    let member = member_script(work, &a_member(&base));
    let signed_in = || Some(member.display().to_string());
    let loads = [
        ("GET /healthz", "/healthz".to_owned(), None),
        ("GET /api/categories", "/api/categories".to_owned(), None),
        (
            "GET /api/stories?limit=20",
            "/api/stories?limit=20".to_owned(),
            None,
        ),
        (
            "GET /api/stories?q=grace&limit=20",
            "/api/stories?q=grace&limit=20".to_owned(),
            None,
        ),
        (
            "GET /api/stories?q=John 3:16&limit=20",
            "/api/stories?q=John%203%3A16&limit=20".to_owned(),
            None,
        ),
        (
            "GET /api/stories?passage=Ps.23&limit=20",
            "/api/stories?passage=Ps.23&limit=20".to_owned(),
            None,
        ),
        (
            "GET /api/stories?category=Worship&limit=20",
            "/api/stories?category=Worship&limit=20".to_owned(),
            None,
        ),
        (
            "GET /api/stories/{id}",
            format!("/api/stories/{story}"),
            None,
        ),
        (
            "GET /api/stories/{any id}",
            format!("/api/stories/{story}"),
            spread("story-any", "/api/stories/"),
        ),
        (
            "GET /stories/{any id} (HTML)",
            format!("/stories/{story}"),
            spread("page-any", "/stories/"),
        ),
        (
            "GET /api/stories/{id}/comments",
            format!("/api/stories/{story}/comments"),
            None,
        ),
        (
            "GET /stories/{id} (HTML)",
            format!("/stories/{story}"),
            None,
        ),
        (
            "GET /api/stories?limit=20 (member)",
            "/api/stories?limit=20".to_owned(),
            signed_in(),
        ),
        (
            "GET /api/stories?q=grace&limit=20 (member)",
            "/api/stories?q=grace&limit=20".to_owned(),
            signed_in(),
        ),
        (
            "GET /api/stories/{id} (member)",
            format!("/api/stories/{story}"),
            signed_in(),
        ),
        (
            "POST /api/stories/{id}/comments",
            format!("/api/stories/{story}/comments"),
            Some(comment.display().to_string()),
        ),
    ]
    .map(|(name, path, script)| Load { name, path, script });
    let pid = server.child.id();
    // From here each row's own peak; before, start-up's and the first requests' above.
    let started_peak = memory(pid, "VmHWM:");
    let mut rows = Vec::new();
    for load in &loads {
        let (figures, peak) = with_peak(pid, || wrk(&base, load, seconds));
        rows.push((load.name, figures, peak));
    }
    // The same reads while comments and sign-ins arrive (`traffic.rs`).
    let busy = [
        (
            "GET /api/stories?limit=20 (busy)",
            "/api/stories?limit=20".to_owned(),
        ),
        (
            "GET /api/stories?q=grace&limit=20 (busy)",
            "/api/stories?q=grace&limit=20".to_owned(),
        ),
        (
            "GET /stories/{id} (HTML, busy)",
            format!("/stories/{story}"),
        ),
    ]
    .map(|(name, path)| Load {
        name,
        path,
        script: None,
    });
    let mut traffic = (0, 0);
    for load in &busy {
        let beside = Traffic::start(&base, story);
        let (figures, peak) = with_peak(pid, || wrk(&base, load, seconds));
        let (sent, unexpected) = beside.stop();
        traffic = (traffic.0 + sent, traffic.1 + unexpected);
        rows.push((load.name, figures, peak));
    }
    let peak_mib = rows
        .iter()
        .map(|(_, _, peak)| *peak)
        .fold(started_peak, f64::max);
    server.stop();
    Run {
        stories,
        seed_seconds,
        idle_mib,
        peak_mib,
        rows,
        traffic,
    }
}

/// `run()`'s figures and the server's peak resident memory (MiB) while it ran: the mark is
/// reset first, so the peak is what the process held then plus what `run` added.
fn with_peak(pid: u32, run: impl FnOnce() -> Figures) -> (Figures, f64) {
    reset_peak(pid);
    let figures = run();
    (figures, memory(pid, "VmHWM:"))
}
