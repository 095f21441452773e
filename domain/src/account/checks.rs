//! What the password checks of signed-in people share (`reauth.rs`, `sign_in.rs`,
//! `leaving.rs`): why a check was refused, the checks running now, and the limits.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

/// What a locked account hears, at sign-in and at every other password check.
pub const ACCOUNT_LOCKED: &str = "Too many failed sign-ins for this account. Try again later (at most in 15 minutes), or reset your password.";

/// How recent a sign-in must be to act without typing the password again.
pub const REAUTHENTICATION_MINUTES: i64 = 10;

/// Why a password was not even checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckRefused {
    /// Too many wrong passwords for this account from here: try again after this long.
    #[error("{}", ACCOUNT_LOCKED)]
    Locked { retry_after_secs: u64 },
    /// Another check of this account's password is running on this server.
    #[error("A password check for this account is already running; try again in a moment")]
    InProgress,
}

/// The accounts whose password is being checked now (on this server).
#[derive(Debug, Default, Clone)]
pub struct ChecksRunning(Arc<Mutex<HashSet<String>>>);

/// Holds an account's place in [`ChecksRunning`] until dropped.
pub(super) struct Running {
    set: ChecksRunning,
    id: String,
}

impl ChecksRunning {
    pub(super) fn enter(&self, id: &str) -> Option<Running> {
        let mut set = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        set.insert(id.to_owned()).then(|| Running {
            set: self.clone(),
            id: id.to_owned(),
        })
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.set
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}
