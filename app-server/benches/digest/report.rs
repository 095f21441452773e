//! What the digest bench prints: each digest's time and memory, and the loads beside it.

use chrono::{DateTime, Utc};

use crate::load::Figures;

/// One digest by a freshly started server, and what it measured.
pub struct Digest {
    /// From the round's first claim until every subscription is covered to the slot.
    pub seconds: f64,
    /// After launch.
    pub first_claim: f64,
    pub listening: f64,
    pub peak_mib: f64,
    /// Seconds from the first claim and resident MiB when a quarter, half, three quarters
    /// and all of the subscribers were covered.
    pub quarters: Vec<(f64, f64)>,
    /// Each load's figures and how many of its seconds fell inside the digest.
    pub loads: Vec<(&'static str, Figures, f64)>,
}

/// Everything the report names.
pub struct Report<'a> {
    pub engine: &'a str,
    pub subscribers: u64,
    pub stories: u64,
    pub seed_seconds: f64,
    pub slot: DateTime<Utc>,
    pub alone: &'a Digest,
    pub busy: &'a Digest,
    pub quiet: &'a [Figures],
    pub idle_mib: f64,
    pub load_seconds: u64,
    pub seconds: u64,
}

impl Report<'_> {
    pub fn print(&self) {
        let Report {
            engine,
            subscribers,
            stories,
            seed_seconds,
            slot,
            alone,
            busy,
            quiet,
            idle_mib,
            load_seconds,
            seconds,
        } = self;
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
                *subscribers as f64 / d.seconds.max(0.001),
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
}

fn cell(f: &Figures) -> String {
    let errors = if f.errors > 0 {
        format!(", {} errors", f.errors)
    } else {
        String::new()
    };
    format!("{:.0} ({:.1}{errors})", f.rps, f.p99_ms)
}
