//! `just bench` (third part): backing up and restoring a site of 100,000 stories and
//! 200,000 comments (`app-server seed`). The release server takes its scheduled backup at
//! start (written, read back and verified, as every backup is) while the bench watches its
//! `BACKUP_DIR`: the time from the archive's `.partial` file appearing to the finished
//! `backup-*.zip`, and the server's peak resident memory (`VmHWM`, nothing else runs on it)
//! beside its memory once idle. Then `app-server restore` loads the archive into a fresh
//! database: its time and the restoring process's peak memory.
//!
//! Settings (environment): `BENCH_BACKUP_STORIES` (default 100000; comments are twice
//! that), `BENCH_PG_URL` for `postgres` (as in the `http` bench). A tiny run proves it
//! works without a release build: `BENCH_BACKUP_STORIES=200 cargo test -p app-server
//! --bench backup -- sqlite`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

#[path = "http/processes.rs"]
#[allow(dead_code)]
mod processes;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use processes::{Database, Server, free_port, memory};

const SERVER: &str = env!("CARGO_BIN_EXE_app-server");

/// The finished archive and the in-progress one in `dir`, if any.
fn archives(dir: &Path) -> (Option<PathBuf>, bool) {
    let mut done = None;
    let mut partial = false;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".partial") {
            partial = true;
        } else if name.starts_with("backup-") && name.ends_with(".zip") {
            done = Some(entry.path());
        }
    }
    (done, partial)
}

fn main() {
    let engine = std::env::args()
        .skip(1)
        .find(|a| a == "sqlite" || a == "postgres")
        .unwrap_or_else(|| "sqlite".into());
    let stories: u64 = std::env::var("BENCH_BACKUP_STORIES")
        .ok()
        .map(|s| {
            s.replace('_', "")
                .parse()
                .expect("BENCH_BACKUP_STORIES: a number")
        })
        .unwrap_or(100_000);
    let work = tempfile::tempdir().unwrap();
    let database = Database::fresh(&engine, work.path(), stories);
    let seeded = Command::new(SERVER)
        .args([
            "seed",
            "--stories",
            &stories.to_string(),
            "--comments",
            &(stories * 2).to_string(),
            "--users",
            &(stories / 20).max(10).to_string(),
        ])
        .env("DATABASE_URL", &database.url)
        .env("RUST_LOG", "warn")
        .status()
        .unwrap();
    assert!(seeded.success(), "seed failed");
    let _ = Command::new("sync").status();

    // The server takes the period's backup at start.
    let backups = work.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    let bind = format!("127.0.0.1:{}", free_port());
    let launched = Instant::now();
    let mut server = Server {
        child: Command::new(SERVER)
            .env("DATABASE_URL", &database.url)
            .env("BIND_ADDR", &bind)
            .env("PUBLIC_URL", format!("http://{bind}"))
            .env("MEDIA_DIR", work.path().join("media"))
            .env("BACKUP_DIR", &backups)
            .env("BACKUP_EVERY_HOURS", "24")
            .env("SUPER_ADMIN_PASSWORD", "bench-admin-password")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    };
    let mut started = None;
    let deadline = Instant::now() + Duration::from_secs(3600);
    let archive = loop {
        let (done, partial) = archives(&backups);
        if partial && started.is_none() {
            started = Some(Instant::now());
        }
        if let Some(done) = done {
            break done;
        }
        assert!(Instant::now() < deadline, "no backup within an hour");
        std::thread::sleep(Duration::from_millis(10));
    };
    // A backup too small to be seen half-way is timed from the server's launch.
    let backup_seconds = started.unwrap_or(launched).elapsed().as_secs_f64();
    let peak_mib = memory(server.child.id(), "VmHWM:");
    std::thread::sleep(Duration::from_secs(1));
    let idle_mib = memory(server.child.id(), "VmRSS:");
    server.stop();
    let bytes = std::fs::metadata(&archive).unwrap().len();

    let target = Database::fresh_named(&engine, work.path(), &format!("{stories}_restored"));
    let began = Instant::now();
    let mut restore = Command::new(SERVER)
        .args(["restore", archive.to_str().unwrap()])
        .env("DATABASE_URL", &target.url)
        .env("MEDIA_DIR", work.path().join("restored-media"))
        .env("RUST_LOG", "warn")
        .spawn()
        .unwrap();
    let mut restore_peak_mib = f64::NAN;
    let status = loop {
        if let Some(status) = restore.try_wait().unwrap() {
            break status;
        }
        let now = memory(restore.id(), "VmHWM:");
        if now.is_finite() {
            restore_peak_mib = now;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let restore_seconds = began.elapsed().as_secs_f64();
    assert!(status.success(), "restore failed");
    database.drop_it();
    target.drop_it();

    println!(
        "\nBackup and restore on {engine}: {stories} stories, {} comments; archive {:.1} MiB",
        stories * 2,
        bytes as f64 / 1024.0 / 1024.0
    );
    println!("| step | seconds | peak memory (MiB) |");
    println!("|---|---:|---:|");
    println!(
        "| backup by the running server (written, read back, verified) | {backup_seconds:.1} | {peak_mib:.0} (idle after: {idle_mib:.0}) |"
    );
    println!(
        "| `app-server restore` into an empty database | {restore_seconds:.1} | {restore_peak_mib:.0} |"
    );
}
