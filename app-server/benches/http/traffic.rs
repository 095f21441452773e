//! Real traffic beside a measurement: visitors' comments and a member's sign-ins arriving at a
//! steady rate, each on its own thread, while `wrk` measures a read. Neither changes what
//! visitors see (a visitor's comment waits for a moderator; a sign-in is personal), so the
//! reads measured beside them should stay as fast as when the site is quiet.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::load::{MEMBER_EMAIL, MEMBER_PASSWORD};
use crate::processes::post_json;

/// Comments and sign-ins a second.
pub const COMMENTS_PER_SECOND: u32 = 30;
pub const SIGN_INS_PER_SECOND: u32 = 5;

pub struct Traffic {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<(u64, u64)>>,
}

impl Traffic {
    /// Starts the comments on `story` and the member's sign-ins against `base`.
    pub fn start(base: &str, story: i64) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let comment = (
            format!("/api/stories/{story}/comments"),
            r#"{"authorName":"Sunday Reader","content":"Praying for you this week."}"#.to_owned(),
            201,
        );
        let sign_in = (
            "/api/login".to_owned(),
            format!(r#"{{"email":"{MEMBER_EMAIL}","password":"{MEMBER_PASSWORD}"}}"#),
            200,
        );
        let threads = [
            (comment, COMMENTS_PER_SECOND),
            (sign_in, SIGN_INS_PER_SECOND),
        ]
        .into_iter()
        .map(|((path, body, expected), rate)| {
            let (base, stop) = (base.to_owned(), stop.clone());
            std::thread::spawn(move || steady(&base, &path, &body, expected, rate, &stop))
        })
        .collect();
        Self { stop, threads }
    }

    /// Stops both; answers how many requests were sent and how many got another answer than
    /// expected.
    pub fn stop(self) -> (u64, u64) {
        self.stop.store(true, Ordering::Relaxed);
        self.threads
            .into_iter()
            .map(|t| t.join().unwrap())
            .fold((0, 0), |(s, f), (s2, f2)| (s + s2, f + f2))
    }
}

/// Posts `body` to `path` `rate` times a second until `stop`; answers (sent, unexpected).
fn steady(
    base: &str,
    path: &str,
    body: &str,
    expected: u16,
    rate: u32,
    stop: &AtomicBool,
) -> (u64, u64) {
    let every = Duration::from_secs(1) / rate;
    let started = Instant::now();
    let (mut sent, mut unexpected) = (0u64, 0u64);
    while !stop.load(Ordering::Relaxed) {
        let due = started + every * u32::try_from(sent).unwrap_or(u32::MAX);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        if post_json(base, path, None, body).status != expected {
            unexpected += 1;
        }
        sent += 1;
    }
    (sent, unexpected)
}
