//! Tests of the story state machine: the whole table, then the key rules as sentences.

use super::*;
use crate::user::Role;

const DRAFT: StoryState = StoryState::Draft;
const PENDING: StoryState = StoryState::PendingApproval;
const LIVE: StoryState = StoryState::Approved {
    revision_pending: false,
};
const LIVE_WITH_REVISION: StoryState = StoryState::Approved {
    revision_pending: true,
};
const REJECTED: StoryState = StoryState::Rejected;

const SUBMIT: StoryAction = StoryAction::Submit {
    author: Role::Member,
};
const ADMIN_SUBMIT: StoryAction = StoryAction::Submit {
    author: Role::SubAdmin,
};
const EDIT: StoryAction = StoryAction::Edit {
    author: Role::Member,
};
const ADMIN_EDIT: StoryAction = StoryAction::Edit {
    author: Role::SubAdmin,
};
const APPROVE: StoryAction = StoryAction::Approve;
const REJECT: StoryAction = StoryAction::Reject;

fn ok(to: StoryState, effect: Effect) -> Result<Transition, TransitionError> {
    Ok(Transition { to, effect })
}

/// Every state × every action, written out.
#[test]
fn every_state_and_action_has_the_expected_outcome() {
    use Effect::*;
    use TransitionError::*;
    let overwrite = Edited(EditOutcome::Overwrite);
    let table: [(StoryState, StoryAction, Result<Transition, TransitionError>); 30] = [
        (DRAFT, SUBMIT, ok(PENDING, QueuedForReview)),
        (DRAFT, ADMIN_SUBMIT, ok(LIVE, Published)),
        (DRAFT, EDIT, ok(DRAFT, overwrite)),
        (DRAFT, ADMIN_EDIT, ok(DRAFT, overwrite)),
        (DRAFT, APPROVE, Err(NotPending)),
        (DRAFT, REJECT, Err(NotPending)),
        (PENDING, SUBMIT, Err(AlreadyPending)),
        (PENDING, ADMIN_SUBMIT, ok(LIVE, Published)),
        (PENDING, EDIT, Err(AwaitingReview)),
        (PENDING, ADMIN_EDIT, Err(AwaitingReview)),
        (PENDING, APPROVE, ok(LIVE, Published)),
        (PENDING, REJECT, ok(REJECTED, Rejected)),
        (LIVE, SUBMIT, Err(AlreadyPublished)),
        (LIVE, ADMIN_SUBMIT, Err(AlreadyPublished)),
        (
            LIVE,
            EDIT,
            ok(LIVE_WITH_REVISION, Edited(EditOutcome::StageRevision)),
        ),
        (LIVE, ADMIN_EDIT, ok(LIVE, Edited(EditOutcome::ApplyLive))),
        (LIVE, APPROVE, Err(NotPending)),
        (LIVE, REJECT, Err(NotPending)),
        (LIVE_WITH_REVISION, SUBMIT, Err(AlreadyPublished)),
        (LIVE_WITH_REVISION, ADMIN_SUBMIT, Err(AlreadyPublished)),
        (LIVE_WITH_REVISION, EDIT, Err(AwaitingReview)),
        (LIVE_WITH_REVISION, ADMIN_EDIT, Err(AwaitingReview)),
        (LIVE_WITH_REVISION, APPROVE, ok(LIVE, RevisionApplied)),
        (LIVE_WITH_REVISION, REJECT, ok(LIVE, RevisionDiscarded)),
        (REJECTED, SUBMIT, ok(PENDING, QueuedForReview)),
        (REJECTED, ADMIN_SUBMIT, ok(LIVE, Published)),
        (REJECTED, EDIT, ok(REJECTED, overwrite)),
        (REJECTED, ADMIN_EDIT, ok(REJECTED, overwrite)),
        (REJECTED, APPROVE, Err(NotPending)),
        (REJECTED, REJECT, Err(NotPending)),
    ];
    for (from, action, expected) in table {
        assert_eq!(next(from, action), expected, "{from:?} + {action:?}");
    }
    // The table covers every state with every kind of action.
    for state in StoryState::ALL {
        assert_eq!(
            table.iter().filter(|(s, ..)| *s == state).count(),
            6,
            "{state:?}"
        );
    }
}

#[test]
fn every_admin_role_and_only_those_skip_the_review_queue() {
    for role in Role::ALL {
        let submitted = next(DRAFT, StoryAction::Submit { author: role });
        let expected = if role.is_admin() { LIVE } else { PENDING };
        assert_eq!(submitted.map(|t| t.to), Ok(expected), "{role}");
        let edited = next(LIVE, StoryAction::Edit { author: role });
        assert_eq!(
            edited.map(Transition::stages_revision),
            Ok(!role.is_admin()),
            "{role}"
        );
    }
}

#[test]
fn submitting_a_draft_sends_it_to_the_review_queue_unpublished() {
    let t = next(DRAFT, SUBMIT);
    assert_eq!(t.map(Transition::status), Ok(StoryStatus::PendingApproval));
    assert_eq!(t.map(Transition::publishes), Ok(false));
}

#[test]
fn an_admin_authors_story_is_approved_and_published_on_submit() {
    let t = next(DRAFT, ADMIN_SUBMIT);
    assert_eq!(t.map(Transition::status), Ok(StoryStatus::Approved));
    assert_eq!(t.map(Transition::publishes), Ok(true));
}

#[test]
fn a_rejected_story_can_be_edited_and_submitted_again() {
    assert_eq!(next(REJECTED, EDIT).map(|t| t.to), Ok(REJECTED));
    assert_eq!(next(REJECTED, SUBMIT).map(|t| t.to), Ok(PENDING));
}

#[test]
fn approving_a_pending_story_publishes_it() {
    let t = next(PENDING, APPROVE);
    assert_eq!(
        t.map(|t| (t.to.is_published(), t.publishes())),
        Ok((true, true))
    );
}

#[test]
fn rejecting_a_pending_story_leaves_it_unpublished() {
    let t = next(PENDING, REJECT);
    assert_eq!(
        t.map(|t| (t.status(), t.to.is_published())),
        Ok((StoryStatus::Rejected, false))
    );
}

#[test]
fn a_members_edit_of_a_live_story_is_staged_and_the_story_stays_live() {
    let t = next(LIVE, EDIT);
    assert_eq!(t.map(|t| t.to), Ok(LIVE_WITH_REVISION));
    assert_eq!(t.map(Transition::stages_revision), Ok(true));
    assert!(LIVE_WITH_REVISION.is_published());
}

#[test]
fn an_admin_authors_edit_of_a_live_story_applies_directly() {
    let t = next(LIVE, ADMIN_EDIT);
    assert_eq!(t, ok(LIVE, Effect::Edited(EditOutcome::ApplyLive)));
}

#[test]
fn approving_a_staged_revision_replaces_the_live_text() {
    assert_eq!(
        next(LIVE_WITH_REVISION, APPROVE),
        ok(LIVE, Effect::RevisionApplied)
    );
}

#[test]
fn rejecting_a_staged_revision_keeps_the_live_text() {
    assert_eq!(
        next(LIVE_WITH_REVISION, REJECT),
        ok(LIVE, Effect::RevisionDiscarded)
    );
}

#[test]
fn approving_or_rejecting_a_story_that_is_not_pending_is_refused() {
    for from in [DRAFT, LIVE, REJECTED] {
        assert_eq!(next(from, APPROVE), Err(TransitionError::NotPending));
        assert_eq!(next(from, REJECT), Err(TransitionError::NotPending));
    }
}

#[test]
fn submitting_a_published_story_is_refused() {
    assert_eq!(next(LIVE, SUBMIT), Err(TransitionError::AlreadyPublished));
}

#[test]
fn nothing_waiting_for_review_can_be_edited() {
    for from in [PENDING, LIVE_WITH_REVISION] {
        assert_eq!(next(from, EDIT), Err(TransitionError::AwaitingReview));
        assert_eq!(next(from, ADMIN_EDIT), Err(TransitionError::AwaitingReview));
    }
}

#[test]
fn a_new_story_starts_as_a_draft_unless_published() {
    assert_eq!(initial_state(false, Role::Member), DRAFT);
    assert_eq!(initial_state(false, Role::SuperAdmin), DRAFT);
    assert_eq!(initial_state(true, Role::Member), PENDING);
    assert_eq!(initial_state(true, Role::Admin), LIVE);
}

#[test]
fn a_stored_status_and_revision_flag_round_trip_through_the_state() {
    for state in StoryState::ALL {
        assert_eq!(
            StoryState::new(state.status(), state.revision_pending()),
            state
        );
    }
    assert_eq!(StoryState::new(StoryStatus::Draft, true), DRAFT);
    assert_eq!(StoryState::from(StoryStatus::Approved), LIVE);
}

#[test]
#[allow(clippy::unwrap_used)]
fn only_a_live_story_is_taken_down_or_withdrawn() {
    use super::{Effect, StoryAction, StoryState, TransitionError, next};
    let live = StoryState::Approved {
        revision_pending: false,
    };
    let staged = StoryState::Approved {
        revision_pending: true,
    };
    assert_eq!(
        next(live, StoryAction::TakeDown).unwrap().effect,
        Effect::TakenDown
    );
    assert_eq!(
        next(staged, StoryAction::TakeDown).unwrap().to,
        StoryState::Rejected
    );
    assert_eq!(
        next(live, StoryAction::Withdraw).unwrap().to,
        StoryState::Draft
    );
    assert_eq!(
        next(staged, StoryAction::Withdraw),
        Err(TransitionError::AwaitingReview)
    );
    for state in [
        StoryState::Draft,
        StoryState::PendingApproval,
        StoryState::Rejected,
    ] {
        for action in [StoryAction::TakeDown, StoryAction::Withdraw] {
            assert_eq!(next(state, action), Err(TransitionError::NotLive));
        }
    }
}
