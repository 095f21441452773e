//! Giving freed memory back to the system.
//!
//! glibc's allocator keeps what a thread frees in that thread's arena for its next
//! allocation instead of returning it, and after the first large block is freed it raises
//! the size above which it gives memory back, up to tens of megabytes. Start-up (migrations,
//! the OpenAPI document, each worker building its routes, the first backup) left about
//! half of the resident memory at idle as such free pages. The server fixes these sizes at
//! start (blocks above 256 KiB are mapped and unmapped on their own, a free top above 1 MiB
//! is returned, two arenas at most) and calls `malloc_trim`, which returns the free pages
//! inside every arena, shortly after start-up and then every minute. Figures: "Memory" in
//! `docs/benchmarks.md`. With another allocator or C library these do nothing.

use std::time::Duration;

/// Blocks above this are mapped on their own and unmapped when freed.
const MAP_ABOVE: i32 = 256 * 1024;

/// A free top of an arena above this is returned at once.
const TRIM_ABOVE: i32 = 1024 * 1024;

/// Arenas at most. glibc gives each thread that allocates while another holds an arena one
/// of its own, up to eight per core, and each keeps what was freed in it: with two request
/// workers and a SQLite connection thread each, the peak of a load run held about ten
/// megabytes of such free pages more than with two (`docs/benchmarks.md`, "Memory").
const ARENAS: i32 = 2;

/// How long after start-up memory is first given back: by then the workers have built
/// their routes and the start-up work has run.
const FIRST_AFTER: Duration = Duration::from_secs(5);

/// How often memory is given back afterwards.
const EVERY: Duration = Duration::from_secs(60);

/// Fixes the allocator's sizes (see the module's documentation). Call it first in `main`.
pub fn configure() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets two of the allocator's tuning values, under its own lock.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAP_ABOVE);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_ABOVE);
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
    }
}

/// Returns the allocator's free pages to the system now.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes the allocator's own locks; it only releases pages that
    // hold no allocation, so no pointer anyone holds is affected.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Gives memory back [`FIRST_AFTER`] start-up, then every [`EVERY`], on the current runtime.
pub fn spawn_give_back() {
    tokio::spawn(async {
        tokio::time::sleep(FIRST_AFTER).await;
        loop {
            give_back();
            tokio::time::sleep(EVERY).await;
        }
    });
}
