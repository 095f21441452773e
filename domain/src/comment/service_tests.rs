//! Comment rules on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::comment::moderation::{BulkAction, ModerateCommentError};
use crate::comment::{CommentId, CommentRepository};
use crate::permissions::Refusal;
use crate::story::{Story, StoryRepository, StoryStatus};
use crate::testing::{
    FakeUnitOfWork, FixedClock, InMemoryCommentRepository, InMemoryStoryRepository,
    InMemoryUserRepository, WorkParts, new_comment, new_story, new_user,
};
use crate::user::{Role, User, UserRepository};

struct World {
    users: Arc<InMemoryUserRepository>,
    stories: Arc<InMemoryStoryRepository>,
    comments: Arc<InMemoryCommentRepository>,
    work: Arc<FakeUnitOfWork>,
    service: CommentService,
}

fn world() -> World {
    let users = Arc::new(InMemoryUserRepository::new());
    let stories = Arc::new(InMemoryStoryRepository::new(users.clone()));
    let comments = Arc::new(InMemoryCommentRepository::new());
    let work = Arc::new(FakeUnitOfWork::new(WorkParts {
        comments: comments.clone(),
        ..WorkParts::new()
    }));
    let service = CommentService::new(crate::comment::CommentPorts {
        comments: comments.clone(),
        stories: stories.clone(),
        work: work.clone(),
        clock: Arc::new(FixedClock::default()),
    });
    World {
        users,
        stories,
        comments,
        work,
        service,
    }
}

impl World {
    fn caller(&self, email: &str, role: Role, approved: bool) -> Caller {
        Caller::User(self.user(email, role, approved))
    }

    fn user(&self, email: &str, role: Role, approved: bool) -> User {
        block_on(self.users.create(new_user(email, role, approved))).unwrap()
    }

    fn story(&self, status: StoryStatus) -> (User, Story) {
        let author = self.user("author@example.org", Role::RegularContributor, true);
        let story = block_on(self.stories.create(new_story(&author.id, "Grace", status))).unwrap();
        (author, story)
    }

    /// A stored comment on `story`, approved or not.
    fn comment(&self, story: &Story, content: &str, approved: bool) -> Comment {
        let c = block_on(self.comments.create(new_comment(
            story.id,
            "Mary",
            Some("mary@example.org"),
            content,
        )))
        .unwrap();
        if approved {
            block_on(self.comments.approve(c.id)).unwrap().unwrap()
        } else {
            c
        }
    }
}

fn form(name: &str, email: Option<&str>, content: &str) -> CommentForm {
    CommentForm {
        author_name: name.into(),
        author_email: email.map(Into::into),
        content: content.into(),
        website: None,
    }
}

fn contents(list: &[Comment]) -> Vec<&str> {
    list.iter().map(|c| c.content.as_str()).collect()
}

#[test]
fn a_visitor_sees_only_approved_comments_newest_first_without_emails() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    w.comment(&story, "first", true);
    w.comment(&story, "pending", false);
    w.comment(&story, "second", true);
    let list = block_on(w.service.list(&Caller::Visitor, story.id, None, None))
        .unwrap()
        .items;
    assert_eq!(contents(&list), ["second", "first"]);
    assert!(list.iter().all(|c| c.author_email.is_none()));
}

#[test]
fn a_comment_moderator_also_sees_pending_comments_and_emails() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    w.comment(&story, "first", true);
    w.comment(&story, "pending", false);
    for (email, role) in [
        ("primary@example.org", Role::PrimaryContributor),
        ("admin@example.org", Role::Admin),
    ] {
        let caller = w.caller(email, role, true);
        let list = block_on(w.service.list(&caller, story.id, None, None))
            .unwrap()
            .items;
        assert_eq!(contents(&list), ["pending", "first"], "{role:?}");
        assert!(!list[0].is_approved);
        assert_eq!(list[0].author_email.as_deref(), Some("mary@example.org"));
    }
}

#[test]
fn a_member_or_regular_contributor_sees_only_approved_comments() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    w.comment(&story, "pending", false);
    for role in [Role::Member, Role::RegularContributor] {
        let caller = w.caller(&format!("{}@example.org", role.as_str()), role, true);
        assert!(
            block_on(w.service.list(&caller, story.id, None, None))
                .unwrap()
                .items
                .is_empty()
        );
    }
}

#[test]
fn the_list_holds_ten_comments_by_default_and_at_most_the_limit() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    for i in 0..12 {
        w.comment(&story, &format!("c{i}"), true);
    }
    let list = block_on(w.service.list(&Caller::Visitor, story.id, None, None))
        .unwrap()
        .items;
    assert_eq!(list.len(), 10);
    assert_eq!(list[0].content, "c11");
    let three = block_on(w.service.list(&Caller::Visitor, story.id, Some(3), None))
        .unwrap()
        .items;
    assert_eq!(contents(&three), ["c11", "c10", "c9"]);
}

#[test]
fn a_limit_outside_1_to_50_is_refused() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    for limit in [0, 51] {
        assert!(matches!(
            block_on(
                w.service
                    .list(&Caller::Visitor, story.id, Some(limit), None)
            ),
            Err(ListCommentsError::InvalidPage(_))
        ));
    }
    assert!(block_on(w.service.list(&Caller::Visitor, story.id, Some(50), None)).is_ok());
}

#[test]
fn the_comments_of_a_missing_or_hidden_story_are_not_found() {
    let w = world();
    let (author, draft) = w.story(StoryStatus::Draft);
    let member = w.caller("member@example.org", Role::Member, true);
    for (caller, id) in [
        (Caller::Visitor, StoryId(999)),
        (Caller::Visitor, draft.id),
        (member, draft.id),
    ] {
        assert!(matches!(
            block_on(w.service.list(&caller, id, None, None)),
            Err(ListCommentsError::StoryNotFound)
        ));
    }
    assert!(block_on(w.service.list(&Caller::User(author), draft.id, None, None)).is_ok());
    let reviewer = w.caller("sub@example.org", Role::SubAdmin, true);
    assert!(block_on(w.service.list(&reviewer, draft.id, None, None)).is_ok());
}

#[test]
fn anyone_posts_a_comment_held_for_moderation() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let posted = block_on(w.service.post(
        &Caller::Visitor,
        story.id,
        form(" Mary ", Some(" Mary@Example.org "), " Amen. "),
    ))
    .unwrap();
    assert_eq!(posted.author_name, "Mary");
    assert_eq!(posted.content, "Amen.");
    assert!(!posted.is_approved);
    assert_eq!(posted.platform, "website");
    assert_eq!(posted.author_email, None, "e-mails are private");
    let stored = w.comments.all();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].author_email.as_deref(), Some("mary@example.org"));
    let member = w.caller("m@example.org", Role::Member, false);
    assert!(block_on(w.service.post(&member, story.id, form("Ann", None, "Yes"))).is_ok());
}

#[test]
fn a_comment_on_a_draft_or_missing_story_is_not_found() {
    let w = world();
    let (_, draft) = w.story(StoryStatus::Draft);
    for id in [draft.id, StoryId(999)] {
        assert!(matches!(
            block_on(
                w.service
                    .post(&Caller::Visitor, id, form("Mary", None, "Amen"))
            ),
            Err(PostCommentError::StoryNotFound)
        ));
    }
    assert!(w.comments.all().is_empty());
}

#[test]
fn a_story_known_from_the_shared_copy_decides_without_a_read_and_only_for_its_own_id() {
    let w = world();
    let (_, live) = w.story(StoryStatus::Approved);
    let draft = block_on(
        w.stories
            .create(new_story(&live.author_id, "Notes", StoryStatus::Draft)),
    )
    .unwrap();
    let post = |id: StoryId, known: &Story, form: CommentForm| {
        block_on(w.service.post_on(&Caller::Visitor, id, Some(known), form))
    };
    let amen = || form("Mary", None, "Amen");
    // The copy says what the store does not: the copy decides (no read).
    let mut known_live = live.clone();
    known_live.id = draft.id;
    assert!(post(draft.id, &known_live, amen()).is_ok());
    let mut known_hidden = draft.clone();
    known_hidden.id = live.id;
    assert!(matches!(
        post(live.id, &known_hidden, amen()),
        Err(PostCommentError::StoryNotFound)
    ));
    // A copy of another story is no answer: the store is read.
    assert!(matches!(
        post(draft.id, &live, amen()),
        Err(PostCommentError::StoryNotFound)
    ));
    // Fields are checked first, whatever the copy says.
    assert!(matches!(
        post(live.id, &live, form("", None, "")),
        Err(PostCommentError::Incomplete(_))
    ));
    assert_eq!(w.comments.all().len(), 1);
}

#[test]
fn a_blank_name_or_comment_is_incomplete_with_every_field_listed() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let refused = block_on(
        w.service
            .post(&Caller::Visitor, story.id, form(" ", Some("bad"), "")),
    )
    .unwrap_err();
    let PostCommentError::Incomplete(errors) = &refused else {
        panic!("{refused:?}");
    };
    assert_eq!(refused.to_string(), "Please fill in all required fields.");
    let fields: Vec<_> = errors
        .as_slice()
        .iter()
        .map(|e| (e.field, e.message.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("authorName", "Name is required"),
            ("authorEmail", "Please enter a valid email address"),
            ("content", "Comment is required"),
        ]
    );
}

#[test]
fn a_comment_longer_than_5000_chars_is_invalid() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let refused = block_on(w.service.post(
        &Caller::Visitor,
        story.id,
        form("Mary", None, &"c".repeat(5_001)),
    ))
    .unwrap_err();
    assert!(matches!(refused, PostCommentError::Invalid(_)));
    assert_eq!(
        refused.to_string(),
        "Comment must be at most 5,000 characters"
    );
}

#[test]
fn a_filled_honeypot_refuses_the_comment_without_storing_it() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let mut spam = form("Bot", None, "Buy now");
    spam.website = Some("http://spam.example".into());
    assert!(matches!(
        block_on(w.service.post(&Caller::Visitor, story.id, spam)),
        Err(PostCommentError::Spam)
    ));
    assert!(w.comments.all().is_empty());
    let mut blank_trap = form("Mary", None, "Amen");
    blank_trap.website = Some(String::new());
    assert!(block_on(w.service.post(&Caller::Visitor, story.id, blank_trap)).is_ok());
}

#[test]
fn comment_moderators_approve_and_others_are_refused() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let c = w.comment(&story, "pending", false);
    let refusals = [
        (Caller::Visitor, Refusal::NotSignedIn),
        (
            w.caller("p@example.org", Role::PrimaryContributor, false),
            Refusal::PendingApproval,
        ),
        (
            w.caller("m@example.org", Role::Member, true),
            Refusal::Forbidden,
        ),
        (
            w.caller("r@example.org", Role::RegularContributor, true),
            Refusal::Forbidden,
        ),
    ];
    for (caller, why) in refusals {
        assert!(
            matches!(
                block_on(w.service.approve(&caller, c.id)),
                Err(ModerateCommentError::Refused(r)) if r == why
            ),
            "{caller:?}"
        );
    }
    let primary = w.caller("primary@example.org", Role::PrimaryContributor, true);
    let approved = block_on(w.service.approve(&primary, c.id)).unwrap();
    assert!(approved.is_approved);
    assert_eq!(
        contents(
            &block_on(w.service.list(&Caller::Visitor, story.id, None, None))
                .unwrap()
                .items
        ),
        ["pending"]
    );
    assert!(matches!(
        block_on(w.service.approve(&primary, CommentId(999))),
        Err(ModerateCommentError::NotFound)
    ));
}

#[test]
fn only_admins_delete_comments() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let c = w.comment(&story, "gone soon", true);
    let primary = w.caller("primary@example.org", Role::PrimaryContributor, true);
    assert!(matches!(
        block_on(w.service.delete(&primary, c.id)),
        Err(ModerateCommentError::Refused(Refusal::Forbidden))
    ));
    assert!(matches!(
        block_on(w.service.delete(&Caller::Visitor, c.id)),
        Err(ModerateCommentError::Refused(Refusal::NotSignedIn))
    ));
    for (i, role) in [Role::Admin, Role::SubAdmin, Role::SuperAdmin]
        .into_iter()
        .enumerate()
    {
        let c = if i == 0 {
            c.clone()
        } else {
            w.comment(&story, "x", true)
        };
        let admin = w.caller(&format!("admin{i}@example.org"), role, false);
        block_on(w.service.delete(&admin, c.id)).unwrap();
        assert!(matches!(
            block_on(w.service.delete(&admin, c.id)),
            Err(ModerateCommentError::NotFound)
        ));
    }
    assert!(w.comments.all().is_empty());
}

#[test]
fn older_comments_are_paged_with_the_total() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    for i in 0..12 {
        w.comment(&story, &format!("c{i}"), true);
    }
    w.comment(&story, "pending", false);
    let page = block_on(
        w.service
            .list(&Caller::Visitor, story.id, Some(10), Some(10)),
    )
    .unwrap();
    assert_eq!(page.total, 12, "pending ones are not counted for a visitor");
    assert_eq!(contents(&page.items), ["c1", "c0"]);
    assert!(matches!(
        block_on(w.service.list(
            &Caller::Visitor,
            story.id,
            None,
            Some(COMMENT_PAGES.max_offset + 1)
        )),
        Err(ListCommentsError::InvalidPage(_))
    ));
}

#[test]
fn each_moderated_comment_is_logged_once_with_its_moderator_in_one_committed_work() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let a = w.comment(&story, "First words", false);
    let b = w.comment(&story, "Second words", false);
    let already = w.comment(&story, "Old news", true);
    let admin = w.caller("admin@example.org", Role::Admin, true);
    let n = block_on(w.service.bulk(
        &admin,
        BulkAction::Approve,
        &[a.id, b.id, already.id, CommentId(999)],
    ))
    .unwrap();
    assert_eq!(
        n.len(),
        2,
        "the approved and the missing one change nothing"
    );
    let log = w.work.audit().entries();
    assert_eq!(log.len(), 2);
    assert!(
        log.iter()
            .all(|e| e.action == crate::audit::AuditAction::CommentApproved
                && e.actor_id == *admin.user_id().unwrap())
    );
    assert_eq!(log[0].target_id, a.id.0.to_string());
    assert_eq!(log[0].target_label.as_deref(), Some("Mary: First words"));
    assert_eq!(w.work.commits(), 1);
    block_on(w.service.delete(&admin, b.id)).unwrap();
    assert_eq!(
        w.work.audit().entries().last().unwrap().action,
        crate::audit::AuditAction::CommentDeleted
    );
}

#[test]
fn a_log_that_cannot_be_written_fails_the_moderation_and_commits_nothing() {
    let w = world();
    let (_, story) = w.story(StoryStatus::Approved);
    let a = w.comment(&story, "Words", false);
    let admin = w.caller("admin@example.org", Role::Admin, true);
    w.work.audit().set_failing(true);
    let err = block_on(w.service.approve(&admin, a.id)).unwrap_err();
    assert!(matches!(err, ModerateCommentError::Store(_)), "{err:?}");
    assert_eq!(w.work.commits(), 0);
}
