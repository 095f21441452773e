//! Reviewing stories on the in-memory fakes: the queue, approval and rejection of pending
//! stories and of staged edits, and the mail the author receives.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::permissions::{Caller, Refusal};
use crate::story::lifecycle::TransitionError;
use crate::story::{Revision, Story, StoryDraft, StoryRepository, StoryService};
use crate::testing::{StoryFakes, story_form, t0};
use crate::user::{Role, User};

struct World {
    fakes: StoryFakes,
    service: StoryService,
    author: User,
    reviewer: User,
}

fn world() -> World {
    let fakes = StoryFakes::new();
    World {
        service: fakes.service(),
        author: fakes.user("ruth@example.org", Role::Member, true),
        reviewer: fakes.user("boaz@example.org", Role::SubAdmin, true),
        fakes,
    }
}

fn as_user(user: &User) -> Caller {
    Caller::User(user.clone())
}

impl World {
    fn story(&self, title: &str, status: StoryStatus) -> Story {
        self.fakes.story(&self.author, title, status)
    }

    /// A live story with the author's edit (titled `edited`) staged for review.
    fn staged(&self, title: &str, edited: &str) -> Story {
        let live = self.story(title, StoryStatus::Approved);
        let result = block_on(self.service.update(
            &as_user(&self.author),
            live.id,
            story_form(edited),
        ))
        .unwrap();
        assert!(result.staged);
        live
    }

    fn stored(&self, id: StoryId) -> Story {
        block_on(self.fakes.stories.find_with_author(id))
            .unwrap()
            .unwrap()
            .story
    }

    fn revisions(&self, id: StoryId) -> Vec<Revision> {
        block_on(self.fakes.stories.revisions(id)).unwrap()
    }

    fn approve(&self, id: StoryId) -> Result<StoryWithAuthor, ReviewError> {
        block_on(self.service.approve(&as_user(&self.reviewer), id))
    }

    fn reject(&self, id: StoryId, reason: Option<&str>) -> Result<StoryWithAuthor, ReviewError> {
        block_on(self.service.reject(&as_user(&self.reviewer), id, reason))
    }
}

// --- the queue ----------------------------------------------------------------------------

#[test]
fn members_and_contributors_may_not_see_the_review_queue() {
    let w = world();
    for role in [
        Role::Member,
        Role::RegularContributor,
        Role::PrimaryContributor,
    ] {
        let user = w
            .fakes
            .user(&format!("{}@example.org", role.as_str()), role, true);
        let refused = block_on(w.service.review_queue(&as_user(&user), None, None, None));
        assert!(
            matches!(refused, Err(ReviewError::Refused(Refusal::Forbidden))),
            "{role:?}"
        );
    }
}

#[test]
fn a_visitor_must_sign_in_to_see_the_review_queue() {
    let w = world();
    let refused = block_on(w.service.review_queue(&Caller::Visitor, None, None, None));
    assert!(
        matches!(refused, Err(ReviewError::Refused(Refusal::NotSignedIn))),
        "{refused:?}"
    );
}

#[test]
fn the_queue_holds_pending_stories_and_staged_edits_oldest_first() {
    let w = world();
    w.story("Draft", StoryStatus::Draft);
    let pending = w.story("Pending", StoryStatus::PendingApproval);
    w.story("Live", StoryStatus::Approved);
    w.story("Rejected", StoryStatus::Rejected);
    w.fakes.clock.set(t0() + chrono::Duration::hours(1));
    let staged = w.staged("Live, edited", "Live, edited again");
    for role in [Role::Admin, Role::SubAdmin, Role::SuperAdmin] {
        let reviewer = w
            .fakes
            .user(&format!("{}@example.org", role.as_str()), role, true);
        let queue = block_on(
            w.service
                .review_queue(&as_user(&reviewer), None, None, None),
        )
        .unwrap();
        let ids: Vec<_> = queue.items.iter().map(|item| item.story.story.id).collect();
        assert_eq!(ids, [pending.id, staged.id], "{role:?}");
        assert_eq!(queue.items[0].revision, None);
        let revision = queue.items[1].revision.as_ref().unwrap();
        assert_eq!(revision.fields.title, "Live, edited again");
        assert_eq!(queue.items[1].story.story.title, "Live, edited");
        assert_eq!(
            queue.items[1].story.author.first_name.as_deref(),
            Some("ruth")
        );
    }
}

// --- approve ------------------------------------------------------------------------------

#[test]
fn approving_a_pending_story_publishes_it_and_tells_the_author() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    let approved = w.approve(pending.id).unwrap().story;
    assert_eq!(approved.status, StoryStatus::Approved);
    assert!(approved.is_published && approved.is_public());
    assert_eq!(approved.published_at, Some(t0()));
    assert_eq!(approved.approved_at, Some(t0()));
    assert_eq!(approved.approved_by.as_ref(), Some(&w.reviewer.id));
    assert_eq!(w.stored(pending.id), approved);

    let history = w.revisions(pending.id);
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].status, RevisionStatus::Approved);
    assert_eq!(history[0].fields, StoryFields::of(&approved));

    let sent = w.fakes.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "ruth@example.org");
    assert!(sent[0].subject.contains("Harvest"), "{}", sent[0].subject);
    let link = format!("{}/stories/{}", StoryFakes::PUBLIC_URL, pending.id);
    assert!(sent[0].body.contains(&link), "{}", sent[0].body);
    assert!(
        sent[0].body.contains(StoryFakes::SITE_NAME),
        "{}",
        sent[0].body
    );
    assert!(
        block_on(
            w.service
                .review_queue(&as_user(&w.reviewer), None, None, None)
        )
        .unwrap()
        .items
        .is_empty()
    );
}

#[test]
fn approving_a_staged_edit_replaces_the_live_text_and_closes_the_revision() {
    let w = world();
    let live = w.staged("Original", "Improved");
    let approved = w.approve(live.id).unwrap().story;
    assert_eq!(approved.title, "Improved");
    assert_eq!(approved.content, "<p>Improved: how it happened.</p>");
    assert!(approved.is_public());
    assert_eq!(approved.published_at, live.published_at);
    assert_eq!(approved.approved_by.as_ref(), Some(&w.reviewer.id));

    let history = w.revisions(live.id);
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].status, RevisionStatus::Approved);
    assert_eq!(history[0].reviewed_by.as_ref(), Some(&w.reviewer.id));
    assert_eq!(history[0].reviewed_at, Some(t0()));
    assert_eq!(
        block_on(w.fakes.stories.pending_revision(live.id)).unwrap(),
        None
    );
    assert_eq!(w.fakes.mailer.sent().len(), 1);
}

#[test]
fn approving_a_staged_edit_clears_the_reason_an_earlier_edit_was_refused() {
    let w = world();
    let live = w.staged("Original", "Careless edit");
    w.reject(live.id, Some("Please fix the typos")).unwrap();
    block_on(
        w.service
            .update(&as_user(&w.author), live.id, story_form("Careful edit")),
    )
    .unwrap();
    let approved = w.approve(live.id).unwrap().story;
    assert_eq!(approved.title, "Careful edit");
    assert_eq!(approved.rejection_reason, None);
}

#[test]
fn approving_a_draft_is_refused_as_not_pending() {
    let w = world();
    let draft = w.story("Unfinished", StoryStatus::Draft);
    let refused = w.approve(draft.id);
    assert!(
        matches!(
            refused,
            Err(ReviewError::Transition(TransitionError::NotPending))
        ),
        "{refused:?}"
    );
    assert_eq!(w.stored(draft.id), draft);
    assert!(w.fakes.mailer.sent().is_empty());
}

#[test]
fn approving_a_live_story_with_nothing_staged_is_refused_as_not_pending() {
    let w = world();
    let live = w.story("Live", StoryStatus::Approved);
    let refused = w.approve(live.id);
    assert!(
        matches!(
            refused,
            Err(ReviewError::Transition(TransitionError::NotPending))
        ),
        "{refused:?}"
    );
}

#[test]
fn approving_or_rejecting_a_missing_story_finds_nothing() {
    let w = world();
    assert!(matches!(
        w.approve(StoryId(404)),
        Err(ReviewError::NotFound)
    ));
    assert!(matches!(
        w.reject(StoryId(404), None),
        Err(ReviewError::NotFound)
    ));
}

#[test]
fn a_member_may_not_approve_or_reject() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    let member = w
        .fakes
        .user("naomi@example.org", Role::PrimaryContributor, true);
    let approve = block_on(w.service.approve(&as_user(&member), pending.id));
    assert!(
        matches!(approve, Err(ReviewError::Refused(Refusal::Forbidden))),
        "{approve:?}"
    );
    let reject = block_on(w.service.reject(&as_user(&member), pending.id, None));
    assert!(
        matches!(reject, Err(ReviewError::Refused(Refusal::Forbidden))),
        "{reject:?}"
    );
    let visitor = block_on(w.service.approve(&Caller::Visitor, pending.id));
    assert!(
        matches!(visitor, Err(ReviewError::Refused(Refusal::NotSignedIn))),
        "{visitor:?}"
    );
    assert_eq!(w.stored(pending.id).status, StoryStatus::PendingApproval);
}

// --- reject -------------------------------------------------------------------------------

#[test]
fn rejecting_with_a_reason_keeps_it_for_the_author_and_mails_it() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    let rejected = w
        .reject(pending.id, Some("  Please add a conclusion.  "))
        .unwrap()
        .story;
    assert_eq!(rejected.status, StoryStatus::Rejected);
    assert!(!rejected.is_published);
    assert_eq!(
        rejected.rejection_reason.as_deref(),
        Some("Please add a conclusion.")
    );
    assert_eq!(w.stored(pending.id), rejected);
    let mine = block_on(w.service.list_by_author(&as_user(&w.author), &w.author.id)).unwrap();
    assert_eq!(
        mine[0].rejection_reason.as_deref(),
        Some("Please add a conclusion.")
    );

    let sent = w.fakes.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "ruth@example.org");
    assert!(sent[0].subject.contains("Harvest"), "{}", sent[0].subject);
    assert!(
        sent[0].body.contains("Please add a conclusion."),
        "{}",
        sent[0].body
    );
    assert!(w.revisions(pending.id).is_empty());
}

#[test]
fn rejecting_without_a_reason_mails_no_reason() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    let rejected = w.reject(pending.id, Some("   ")).unwrap().story;
    assert_eq!(rejected.status, StoryStatus::Rejected);
    assert_eq!(rejected.rejection_reason, None);
    assert!(!w.fakes.mailer.sent()[0].body.contains("The reviewer wrote"));
}

#[test]
fn a_long_rejection_reason_is_cut_to_the_limit() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    let long = "é".repeat(MAX_REASON_CHARS + 10);
    let rejected = w.reject(pending.id, Some(&long)).unwrap().story;
    assert_eq!(
        rejected.rejection_reason.unwrap().chars().count(),
        MAX_REASON_CHARS
    );
}

#[test]
fn rejecting_a_staged_edit_keeps_the_live_text_and_closes_the_revision() {
    let w = world();
    let live = w.staged("Original", "Worse");
    let after = w
        .reject(live.id, Some("Keep the original ending"))
        .unwrap()
        .story;
    assert_eq!(after.title, "Original");
    assert_eq!(after.content, live.content);
    assert_eq!(after.status, StoryStatus::Approved);
    assert!(after.is_public());

    let history = w.revisions(live.id);
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].status, RevisionStatus::Rejected);
    assert_eq!(
        history[0].reason.as_deref(),
        Some("Keep the original ending")
    );
    assert_eq!(history[0].reviewed_by.as_ref(), Some(&w.reviewer.id));
    assert_eq!(
        block_on(w.fakes.stories.pending_revision(live.id)).unwrap(),
        None
    );

    let sent = w.fakes.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].body.contains("Keep the original ending"),
        "{}",
        sent[0].body
    );
    // The author may edit again now that the reviewer has decided.
    let again = block_on(
        w.service
            .update(&as_user(&w.author), live.id, story_form("Better")),
    );
    assert!(again.unwrap().staged);
}

#[test]
fn rejecting_a_draft_is_refused_as_not_pending() {
    let w = world();
    let draft = w.story("Unfinished", StoryStatus::Draft);
    let refused = w.reject(draft.id, Some("No"));
    assert!(
        matches!(
            refused,
            Err(ReviewError::Transition(TransitionError::NotPending))
        ),
        "{refused:?}"
    );
    assert_eq!(w.stored(draft.id), draft);
}

#[test]
fn a_rejected_story_edited_and_approved_loses_its_rejection_reason() {
    let w = world();
    let pending = w.story("Harvest", StoryStatus::PendingApproval);
    w.reject(pending.id, Some("Too short")).unwrap();
    let resubmitted = StoryDraft {
        publish: Some(true),
        ..story_form("Harvest, longer")
    };
    block_on(
        w.service
            .update(&as_user(&w.author), pending.id, resubmitted),
    )
    .unwrap();
    let approved = w.approve(pending.id).unwrap().story;
    assert_eq!(approved.rejection_reason, None);
    assert_eq!(approved.title, "Harvest, longer");
}

// --- delete from the review screens -------------------------------------------------------

#[test]
fn a_reviewer_may_delete_a_pending_story_but_a_member_may_not() {
    let w = world();
    let pending = w.story("Spam", StoryStatus::PendingApproval);
    let member = w.fakes.user("naomi@example.org", Role::Member, true);
    let refused = block_on(w.service.delete_as_reviewer(&as_user(&member), pending.id));
    assert!(
        matches!(refused, Err(ReviewError::Refused(Refusal::Forbidden))),
        "{refused:?}"
    );
    block_on(
        w.service
            .delete_as_reviewer(&as_user(&w.reviewer), pending.id),
    )
    .unwrap();
    assert!(w.fakes.stories.all().is_empty());
    let again = block_on(
        w.service
            .delete_as_reviewer(&as_user(&w.reviewer), pending.id),
    );
    assert!(matches!(again, Err(ReviewError::NotFound)), "{again:?}");
}

#[test]
fn why_an_edit_was_refused_is_shown_to_the_author_and_reviewers_only() {
    let w = world();
    let live = w.staged("Harvest", "Harvest, edited");
    w.reject(live.id, Some("Keep the original ending")).unwrap();
    let reason = |caller: &Caller| {
        block_on(w.service.get(caller, live.id))
            .unwrap()
            .story
            .rejection_reason
    };
    assert_eq!(reason(&Caller::Visitor), None);
    let member = w.fakes.user("naomi@example.org", Role::Member, true);
    assert_eq!(reason(&as_user(&member)), None);
    assert_eq!(
        reason(&as_user(&w.author)).as_deref(),
        Some("Keep the original ending")
    );
    assert_eq!(
        reason(&as_user(&w.reviewer)).as_deref(),
        Some("Keep the original ending")
    );
}

#[test]
fn the_queue_pages_new_stories_and_edits_apart_oldest_first() {
    let w = world();
    let queue = |kind, limit, offset| {
        block_on(
            w.service
                .review_queue(&as_user(&w.reviewer), kind, limit, offset),
        )
    };
    let all = queue(None, None, None).unwrap();
    let new = queue(Some(super::super::ReviewKind::NewStories), Some(1), None).unwrap();
    let edits = queue(Some(super::super::ReviewKind::Edits), None, None).unwrap();
    assert_eq!(new.total + edits.total, all.total);
    assert!(new.items.len() <= 1);
    assert!(new.items.iter().all(|i| i.revision.is_none()));
    assert!(edits.items.iter().all(|i| i.revision.is_some()));
    for (limit, offset) in [(Some(0), None), (Some(101), None), (None, Some(u64::MAX))] {
        assert!(matches!(
            queue(None, limit, offset),
            Err(ReviewError::InvalidPage(_))
        ));
    }
}

#[test]
fn a_review_that_cannot_be_logged_is_not_committed() {
    let w = world();
    let author = w
        .fakes
        .user("late@example.org", Role::RegularContributor, true);
    let story = w.fakes.story(&author, "Late", StoryStatus::PendingApproval);
    w.fakes.work.audit().set_failing(true);
    let failed = block_on(w.service.approve(&as_user(&w.reviewer), story.id));
    assert!(matches!(failed, Err(ReviewError::Store(_))), "{failed:?}");
    assert_eq!(w.fakes.work.commits(), 0);
    // (The fakes do not roll back; the databases do, tested over HTTP on both engines.)
    w.fakes.work.audit().set_failing(false);
    let story = w.fakes.story(&author, "Late", StoryStatus::PendingApproval);
    block_on(w.service.approve(&as_user(&w.reviewer), story.id)).unwrap();
    assert_eq!(w.fakes.work.commits(), 1);
    let log = w.fakes.work.audit().entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, crate::audit::AuditAction::StoryApproved);
    assert_eq!(log[0].actor_id, w.reviewer.id);
    assert_eq!(log[0].target_label.as_deref(), Some("Late"));
}
