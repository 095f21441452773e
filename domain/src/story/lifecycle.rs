//! The story state machine of docs/product.md#lifecycles: submit, review, edit and staged revisions.
//!
//! [`next`] is a pure function from a story's [`StoryState`] and a [`StoryAction`] to the
//! [`Transition`] the service must store, or the [`TransitionError`] that refuses it. It does
//! not decide *who* may act: the service asks the permission table first (only the author
//! edits and submits their story, only reviewers approve and reject). It answers whether the
//! action makes sense now and what it does.
//!
//! Recipes for the service:
//! - create: store [`initial_state`]; when it [`is published`](StoryState::is_published), set
//!   `publishedAt`, `approvedBy` (the author) and `approvedAt`.
//! - update with "Publish" chosen: `next(state, Edit)`, then, when the result is a draft or a
//!   rejected story, `next(.., Submit)`. A live story needs no submit: its edit is already
//!   applied or staged.
//! - while anything waits for review (a pending story, a staged revision) the author cannot
//!   change it, so a reviewer never approves text they have not seen.

use super::StoryStatus;
use crate::user::Role;

/// Where a story stands: its status and, for a live story, whether an edit waits for review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoryState {
    Draft,
    PendingApproval,
    /// Live. With `revision_pending`, the author's edit is staged for review and the
    /// published text stays public, unchanged, until a reviewer decides.
    Approved {
        revision_pending: bool,
    },
    Rejected,
}

impl StoryState {
    /// Every state, for exhaustive tests.
    pub const ALL: [StoryState; 5] = [
        StoryState::Draft,
        StoryState::PendingApproval,
        StoryState::Approved {
            revision_pending: false,
        },
        StoryState::Approved {
            revision_pending: true,
        },
        StoryState::Rejected,
    ];

    /// The state of a stored story. The revision flag counts only for an approved story.
    pub fn new(status: StoryStatus, revision_pending: bool) -> Self {
        match status {
            StoryStatus::Draft => StoryState::Draft,
            StoryStatus::PendingApproval => StoryState::PendingApproval,
            StoryStatus::Approved => StoryState::Approved { revision_pending },
            StoryStatus::Rejected => StoryState::Rejected,
        }
    }

    /// The stored status.
    pub fn status(self) -> StoryStatus {
        match self {
            StoryState::Draft => StoryStatus::Draft,
            StoryState::PendingApproval => StoryStatus::PendingApproval,
            StoryState::Approved { .. } => StoryStatus::Approved,
            StoryState::Rejected => StoryStatus::Rejected,
        }
    }

    /// Whether the story is live (`isPublished`).
    pub fn is_published(self) -> bool {
        matches!(self, StoryState::Approved { .. })
    }

    /// Whether an edit of the live version waits for review.
    pub fn revision_pending(self) -> bool {
        matches!(
            self,
            StoryState::Approved {
                revision_pending: true
            }
        )
    }
}

impl From<StoryStatus> for StoryState {
    /// A stored status with no staged revision.
    fn from(status: StoryStatus) -> Self {
        StoryState::new(status, false)
    }
}

/// Something done to a story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoryAction {
    /// The author chooses Publish (on save, or the card menu's Publish action). `author` is
    /// the author's role: admin roles skip the review queue.
    Submit { author: Role },
    /// The author saves changes.
    Edit { author: Role },
    /// A reviewer approves the pending story, or its staged revision.
    Approve,
    /// A reviewer rejects the pending story, or its staged revision.
    Reject,
    /// A reviewer takes a live story off the site, with a reason.
    TakeDown,
    /// The author takes their own live story off the site ("Save as Draft" on it).
    Withdraw,
}

/// What an allowed edit does to the story's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EditOutcome {
    /// Not live: the changes overwrite the story in place.
    Overwrite,
    /// Live, edited by an admin author: the changes go live at once and join the history.
    ApplyLive,
    /// Live, edited by anyone else: the changes are kept as a pending revision; the published
    /// version stays public, unchanged.
    StageRevision,
}

/// What the service must store besides the new state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The story joins the review queue.
    QueuedForReview,
    /// The story goes live: set `isPublished`, `publishedAt`, `approvedBy`, `approvedAt`,
    /// and keep this version in the history.
    Published,
    /// A reviewer refused the story; keep the reason, if any, for the author.
    Rejected,
    /// The author's changes, applied as described.
    Edited(EditOutcome),
    /// The staged revision replaces the live text and joins the history.
    RevisionApplied,
    /// The staged revision is dropped; the live text stays.
    RevisionDiscarded,
    /// Off the site: rejected with the reviewer's reason (a staged edit goes too).
    TakenDown,
    /// Off the site: back to a draft, by its author.
    Withdrawn,
}

/// The result of an allowed action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transition {
    /// The state to store.
    pub to: StoryState,
    /// What else to store.
    pub effect: Effect,
}

impl Transition {
    /// The status to store.
    pub fn status(self) -> StoryStatus {
        self.to.status()
    }

    /// Whether the story goes live now (and `publishedAt`, `approvedBy`, `approvedAt` are set).
    pub fn publishes(self) -> bool {
        self.effect == Effect::Published
    }

    /// Whether the changes are kept as a pending revision instead of being applied.
    pub fn stages_revision(self) -> bool {
        self.effect == Effect::Edited(EditOutcome::StageRevision)
    }
}

/// Why an action does not fit the story's state (the server answers 409).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum TransitionError {
    /// Approve or reject when neither the story nor a revision waits for review.
    #[error("Only a story or revision waiting for review can be approved or rejected")]
    NotPending,
    /// Submit a story that is already live.
    #[error("This story is already published")]
    AlreadyPublished,
    /// Submit a story that is already in the review queue.
    #[error("This story is already waiting for review")]
    AlreadyPending,
    /// Edit while the story or its revision waits for review.
    #[error("This story is waiting for review and can be edited again once a reviewer has decided")]
    AwaitingReview,
    #[error("Only a published story can be taken off the site")]
    NotLive,
}

/// The state a new story is stored in: a draft, or submitted at once when the author chose
/// Publish (live at once for admin authors).
pub fn initial_state(publish: bool, author: Role) -> StoryState {
    if !publish {
        StoryState::Draft
    } else if author.is_admin() {
        LIVE
    } else {
        StoryState::PendingApproval
    }
}

/// A live story with nothing waiting for review.
const LIVE: StoryState = StoryState::Approved {
    revision_pending: false,
};
/// A live story whose edit waits for review.
const LIVE_WITH_REVISION: StoryState = StoryState::Approved {
    revision_pending: true,
};

/// What `action` does to a story in state `from`.
///
/// # Errors
/// [`TransitionError`] when the action does not fit the state; see each variant.
pub fn next(from: StoryState, action: StoryAction) -> Result<Transition, TransitionError> {
    use StoryAction::{Approve, Edit, Reject, Submit, TakeDown, Withdraw};
    use StoryState::{Draft, PendingApproval, Rejected};
    let go = |to, effect| Ok(Transition { to, effect });
    match (action, from) {
        (Submit { author }, Draft | Rejected) if author.is_admin() => go(LIVE, Effect::Published),
        (Submit { .. }, Draft | Rejected) => go(PendingApproval, Effect::QueuedForReview),
        // An admin author's story left in the queue (written before a promotion) goes live
        // on publish like any other story of theirs.
        (Submit { author }, PendingApproval) if author.is_admin() => go(LIVE, Effect::Published),
        (Submit { .. }, PendingApproval) => Err(TransitionError::AlreadyPending),
        (Submit { .. }, LIVE | LIVE_WITH_REVISION) => Err(TransitionError::AlreadyPublished),

        (Edit { .. }, Draft | Rejected) => go(from, Effect::Edited(EditOutcome::Overwrite)),
        (Edit { author }, LIVE) if author.is_admin() => {
            go(LIVE, Effect::Edited(EditOutcome::ApplyLive))
        }
        (Edit { .. }, LIVE) => go(
            LIVE_WITH_REVISION,
            Effect::Edited(EditOutcome::StageRevision),
        ),
        (Edit { .. }, PendingApproval | LIVE_WITH_REVISION) => Err(TransitionError::AwaitingReview),

        (Approve, PendingApproval) => go(LIVE, Effect::Published),
        (Approve, LIVE_WITH_REVISION) => go(LIVE, Effect::RevisionApplied),
        (Reject, PendingApproval) => go(Rejected, Effect::Rejected),
        (Reject, LIVE_WITH_REVISION) => go(LIVE, Effect::RevisionDiscarded),
        (Approve | Reject, Draft | Rejected | LIVE) => Err(TransitionError::NotPending),

        (TakeDown, LIVE | LIVE_WITH_REVISION) => go(Rejected, Effect::TakenDown),
        (Withdraw, LIVE) => go(Draft, Effect::Withdrawn),
        (Withdraw, LIVE_WITH_REVISION) => Err(TransitionError::AwaitingReview),
        (TakeDown | Withdraw, Draft | PendingApproval | Rejected) => Err(TransitionError::NotLive),
    }
}

#[cfg(test)]
#[path = "lifecycle_tests.rs"]
mod tests;
