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
mod traffic;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use load::{
    Figures, Load, a_member, a_published_story, comment_script, member_script, published_story_ids,
    spread_script, wrk,
};
use processes::{Database, Server, free_port, memory, reset_peak};
use traffic::{COMMENTS_PER_SECOND, SIGN_INS_PER_SECOND, Traffic};

const SERVER: &str = env!("CARGO_BIN_EXE_app-server");

struct Run {
    stories: u64,
    seed_seconds: f64,
    idle_mib: f64,
    peak_mib: f64,
    /// Each request's figures and the server's peak resident memory (MiB) while it ran.
    rows: Vec<(&'static str, Figures, f64)>,
    /// Beside the busy rows: requests sent, and how many were not answered as expected.
    traffic: (u64, u64),
}

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
    // The peak of start-up and the first requests above; from here each row's own.
    let mut peak_mib = memory(pid, "VmHWM:");
    let mut rows = Vec::new();
    let mut measured = |name, figures: &dyn Fn() -> Figures| {
        reset_peak(pid);
        let f = figures();
        let row_peak = memory(pid, "VmHWM:");
        peak_mib = peak_mib.max(row_peak);
        rows.push((name, f, row_peak));
    };
    for load in &loads {
        measured(load.name, &|| wrk(&base, load, seconds));
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
    let traffic = std::cell::Cell::new((0, 0));
    for load in &busy {
        measured(load.name, &|| {
            let beside = Traffic::start(&base, story);
            let f = wrk(&base, load, seconds);
            let (sent, unexpected) = beside.stop();
            let (s, u) = traffic.get();
            traffic.set((s + sent, u + unexpected));
            f
        });
    }
    let traffic = traffic.get();
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

fn print_report(engine: &str, seconds: u64, runs: &[Run]) {
    let cpus = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "\n{engine}: wrk -t2 -c64 -d{seconds}s per request on 127.0.0.1, release build, {cpus} cores"
    );
    for run in runs {
        println!(
            "\n{} stories (seeded in {:.0} s); server memory {:.0} MiB idle, {:.0} MiB peak",
            run.stories, run.seed_seconds, run.idle_mib, run.peak_mib
        );
        println!(
            "busy rows: {COMMENTS_PER_SECOND} visitors' comments and {SIGN_INS_PER_SECOND} sign-ins a \
             second beside them ({} sent, {} not answered as expected)",
            run.traffic.0, run.traffic.1
        );
        let healthz = run.rows.first().map_or(1.0, |(_, f, _)| f.rps.max(1.0));
        println!(
            "| {:<40} | {:>9} | {:>8} | {:>8} | {:>6} | {:>10} | {:>8} |",
            "request", "req/s", "p50 ms", "p99 ms", "errors", "of healthz", "peak MiB"
        );
        println!(
            "|{:-<42}|{:->11}|{:->10}|{:->10}|{:->8}|{:->12}|{:->10}|",
            "", "", "", "", "", "", ""
        );
        for (name, f, peak) in &run.rows {
            println!(
                "| {name:<40} | {:>9.0} | {:>8.2} | {:>8.2} | {:>6} | {:>9.1} % | {:>8.0} |",
                f.rps,
                f.p50_ms,
                f.p99_ms,
                f.errors,
                100.0 * f.rps / healthz,
                peak
            );
        }
    }
    if let [first, .., last] = runs {
        println!(
            "\nchange from {} to {} stories (req/s):",
            first.stories, last.stories
        );
        for ((name, a, _), (_, b, _)) in first.rows.iter().zip(&last.rows) {
            println!(
                "  {name:<40} {:>+7.1} %",
                100.0 * (b.rps - a.rps) / a.rps.max(1.0)
            );
        }
        println!(
            "  {:<40} {:>+7.1} %",
            "peak memory",
            100.0 * (last.peak_mib - first.peak_mib) / first.peak_mib.max(1.0)
        );
    }
}
