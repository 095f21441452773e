//! Server-side sessions: the cookie holds only a signed id, the state lives in the store;
//! the domain sees a person's sessions through [`SessionRepository`].

pub mod ports;

pub use ports::{SessionRepository, SessionWork};

use chrono::{DateTime, Utc};

/// One stored session: its id, serialised state and expiry, and, for a signed-in session,
/// whose it is and the handle by which its owner names it (the id itself is a secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    pub sid: String,
    /// JSON object of the session's entries.
    pub sess: String,
    pub expire: DateTime<Utc>,
    pub user_id: Option<String>,
    pub handle: Option<String>,
}
