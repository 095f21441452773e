//! The error every port returns; services translate it into their per-operation errors.

/// What a repository or other port can report. Adapters translate their own errors at the
/// boundary: a unique-constraint violation becomes [`StoreError::Conflict`], a dead
/// connection [`StoreError::Unavailable`], anything else [`StoreError::Unknown`].
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A unique value is already taken; the string names the field (`email`, `username`, ...).
    #[error("{0} is already taken")]
    Conflict(String),
    /// The store cannot be reached (connection refused, pool exhausted).
    #[error("the database is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// A resource of this server is saturated (every password hashing slot is taken); the
    /// message says so to a person. Nothing is wrong with the store.
    #[error("{0}")]
    Busy(String),
    /// Anything else; the cause chain is logged, never shown to a client.
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}
