//! The tables `just bench` prints: one per engine and size, and the change from the first
//! size to the last.

use crate::load::Figures;
use crate::traffic::{COMMENTS_PER_SECOND, SIGN_INS_PER_SECOND};

/// One size's run: the seed, the server's memory and each request's figures.
pub struct Run {
    pub stories: u64,
    pub seed_seconds: f64,
    pub idle_mib: f64,
    pub peak_mib: f64,
    /// Each request's figures and the server's peak resident memory (MiB) while it ran.
    pub rows: Vec<(&'static str, Figures, f64)>,
    /// Beside the busy rows: requests sent, and how many were not answered as expected.
    pub traffic: (u64, u64),
}

pub fn print_report(engine: &str, seconds: u64, runs: &[Run]) {
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
