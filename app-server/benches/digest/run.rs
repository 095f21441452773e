//! One digest by a freshly started server: launching it with the slot due, the loads from
//! the round's first claim, and the progress polled until every subscriber is covered.

use std::process::Child;
use std::time::{Duration, Instant};

use chrono::{Datelike, Timelike};

use crate::load::{Load, figures, start_wrk};
use crate::probe::Probe;
use crate::processes::{Server, free_port, memory, try_get};
use crate::report::Digest;

/// How often the bench reads the digest's progress.
const POLL: Duration = Duration::from_millis(50);

/// The digest may take this long at most.
const DIGEST_AT_MOST: Duration = Duration::from_secs(3600);

/// Launches the server (its digest round starts at once), runs `loads` one after the other
/// for `load_seconds` each from the round's first claim, and waits until every subscriber is
/// covered to the slot and the loads have ended. Answers the still-running server.
pub fn run_digest(
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
pub struct Running {
    pub server: Server,
    pub bind: String,
}

impl Running {
    pub fn pid(&self) -> u32 {
        self.server.child.id()
    }

    pub fn stop(&mut self) {
        self.server.stop();
    }
}
