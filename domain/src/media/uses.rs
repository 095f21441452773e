//! How long an upload may wait for a story to use it. Which pictures a story uses, and
//! retiring those the last story using them left, is the story's business
//! (`crate::story::pictures`).

/// How long an upload may wait for a story to use it before the clean-up job deletes it
/// (long enough to finish writing a story in another tab).
pub const UNUSED_GRACE_HOURS: i64 = 24;
