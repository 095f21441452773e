//! What writing a story can fail with: the form's checks (`draft.rs`), the writes
//! (`writing.rs`), submitting for review and the versions.

use super::lifecycle::TransitionError;
use crate::StoreError;
use crate::permissions::Refusal;
use crate::validation::FieldErrors;

#[derive(Debug, thiserror::Error)]
pub enum WriteStoryError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error("Story not found")]
    NotFound,
    /// Reading or withdrawing a waiting edit when none waits.
    #[error("No edit of this story is waiting for review")]
    NoPendingEdit,
    #[error(transparent)]
    Transition(#[from] TransitionError),
    #[error(transparent)]
    Store(#[from] StoreError),
}
