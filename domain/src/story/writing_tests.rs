//! Writing stories on the in-memory fakes: create, update (with staged revisions of live
//! stories), publish, delete and an author's list.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::permissions::{Caller, Refusal};
use crate::story::lifecycle::TransitionError;
use crate::story::{RevisionStatus, Story, StoryId, StoryRepository, StoryStatus};
use crate::testing::{StoryFakes, new_comment, story_form, t0};
use crate::user::{Role, User};

const YOUTUBE: &str = "https://youtu.be/dQw4w9WgXcQ";
const YOUTUBE_EMBED: &str = "https://www.youtube.com/embed/dQw4w9WgXcQ";

struct World {
    fakes: StoryFakes,
    service: StoryService,
}

fn world() -> World {
    let fakes = StoryFakes::new();
    World {
        service: fakes.service(),
        fakes,
    }
}

fn as_user(user: &User) -> Caller {
    Caller::User(user.clone())
}

fn publishing(title: &str) -> StoryDraft {
    StoryDraft {
        publish: Some(true),
        ..story_form(title)
    }
}

fn error_fields(result: Result<impl std::fmt::Debug, WriteStoryError>) -> Vec<&'static str> {
    match result {
        Err(WriteStoryError::Invalid(errors)) => {
            errors.as_slice().iter().map(|e| e.field).collect()
        }
        other => panic!("expected field errors, got {other:?}"),
    }
}

impl World {
    fn member(&self) -> User {
        self.fakes.user("ruth@example.org", Role::Member, true)
    }

    fn other_member(&self) -> User {
        self.fakes.user("naomi@example.org", Role::Member, true)
    }

    fn admin(&self, role: Role) -> User {
        self.fakes
            .user(&format!("{}@example.org", role.as_str()), role, true)
    }

    fn story(&self, author: &User, title: &str, status: StoryStatus) -> Story {
        self.fakes.story(author, title, status)
    }

    fn stored(&self, id: StoryId) -> Story {
        block_on(self.fakes.stories.find_with_author(id))
            .unwrap()
            .unwrap()
            .story
    }

    fn revisions(&self, id: StoryId) -> Vec<crate::story::Revision> {
        block_on(self.fakes.stories.revisions(id)).unwrap()
    }

    fn create(&self, author: &User, draft: StoryDraft) -> StoryWithAuthor {
        block_on(self.service.create(&as_user(author), draft)).unwrap()
    }

    fn update(
        &self,
        author: &User,
        id: StoryId,
        draft: StoryDraft,
    ) -> Result<EditResult, WriteStoryError> {
        block_on(self.service.update(&as_user(author), id, draft))
    }
}

// --- create -------------------------------------------------------------------------------

#[test]
fn a_visitor_cannot_create_a_story() {
    let w = world();
    let refused = block_on(w.service.create(&Caller::Visitor, story_form("Hello")));
    assert!(
        matches!(refused, Err(WriteStoryError::Refused(Refusal::NotSignedIn))),
        "{refused:?}"
    );
    assert!(w.fakes.stories.all().is_empty());
}

#[test]
fn a_member_awaiting_approval_cannot_create_a_story() {
    let w = world();
    let pending = w.fakes.user("new@example.org", Role::Member, false);
    let refused = block_on(w.service.create(&as_user(&pending), story_form("Hello")));
    assert!(
        matches!(
            refused,
            Err(WriteStoryError::Refused(Refusal::PendingApproval))
        ),
        "{refused:?}"
    );
    assert!(w.fakes.stories.all().is_empty());
}

#[test]
fn a_draft_is_saved_unpublished() {
    let w = world();
    let author = w.member();
    let created = w.create(&author, story_form("Unfinished"));
    let story = &created.story;
    assert_eq!(story.status, StoryStatus::Draft);
    assert!(!story.is_published);
    assert_eq!(story.published_at, None);
    assert_eq!(story.approved_by, None);
    assert_eq!(story.author_id, author.id);
    assert_eq!(created.author.first_name.as_deref(), Some("ruth"));
    assert!(w.revisions(story.id).is_empty());
}

#[test]
fn a_member_who_publishes_sends_the_story_for_review_and_it_stays_private() {
    let w = world();
    let author = w.member();
    let created = w.create(&author, publishing("Harvest"));
    assert_eq!(created.story.status, StoryStatus::PendingApproval);
    assert!(!created.story.is_published);
    assert!(!created.story.is_public());
    assert_eq!(created.story.published_at, None);
    assert_eq!(created.story.approved_by, None);
    assert!(w.revisions(created.story.id).is_empty());
    let visible = block_on(w.service.get(&Caller::Visitor, created.story.id));
    assert!(visible.is_err());
}

#[test]
fn an_admin_author_who_publishes_goes_live_at_once_with_one_approved_version() {
    for role in [Role::Admin, Role::SubAdmin, Role::SuperAdmin] {
        let w = world();
        let admin = w.admin(role);
        let created = w.create(&admin, publishing("Announcement"));
        let story = &created.story;
        assert_eq!(story.status, StoryStatus::Approved, "{role:?}");
        assert!(story.is_published && story.is_public());
        assert_eq!(story.published_at, Some(t0()));
        assert_eq!(story.approved_at, Some(t0()));
        assert_eq!(story.approved_by.as_ref(), Some(&admin.id));
        let revisions = w.revisions(story.id);
        assert_eq!(revisions.len(), 1);
        assert_eq!(revisions[0].status, RevisionStatus::Approved);
        assert_eq!(revisions[0].fields, crate::story::StoryFields::of(story));
        assert_eq!(revisions[0].created_by.as_ref(), Some(&admin.id));
    }
}

#[test]
fn blank_title_content_and_category_are_each_reported() {
    let w = world();
    let author = w.member();
    let blank = StoryDraft {
        title: "  ".to_owned(),
        content: String::new(),
        category: " ".to_owned(),
        ..story_form("x")
    };
    let fields = error_fields(block_on(w.service.create(&as_user(&author), blank)));
    assert_eq!(fields, ["title", "content", "category"]);
    assert!(w.fakes.stories.all().is_empty());
}

#[test]
fn an_unknown_category_is_a_field_error() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        category: "Gossip".to_owned(),
        ..story_form("Rumours")
    };
    let result = block_on(w.service.create(&as_user(&author), draft));
    assert_eq!(error_fields(result), ["category"]);
}

#[test]
fn a_video_link_from_another_site_is_a_field_error() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        video_url: Some("https://example.com/video.mp4".to_owned()),
        ..story_form("Clip")
    };
    assert_eq!(
        error_fields(block_on(w.service.create(&as_user(&author), draft))),
        ["videoUrl"]
    );
}

#[test]
fn a_video_link_is_stored_in_its_embed_form() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        video_url: Some(YOUTUBE.to_owned()),
        ..story_form("Sermon")
    };
    let created = w.create(&author, draft);
    assert_eq!(created.story.video_url.as_deref(), Some(YOUTUBE_EMBED));
}

#[test]
fn plain_text_content_becomes_paragraphs() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        content: "First day.\nStill raining.\n\nSecond day & sun.".to_owned(),
        ..story_form("Diary")
    };
    let created = w.create(&author, draft);
    assert_eq!(
        created.story.content,
        "<p>First day.<br>Still raining.</p>\n<p>Second day &amp; sun.</p>"
    );
    // What was typed is kept beside the HTML, for the edit form.
    assert_eq!(
        created.story.source,
        "First day.\nStill raining.\n\nSecond day & sun."
    );
    assert_eq!(w.stored(created.story.id).source, created.story.source);
}

#[test]
fn story_html_goes_through_the_sanitizer() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        content: "<p>Hello</p><SCRIPT>alert('x')</script><p>world</p>".to_owned(),
        ..story_form("Greeting")
    };
    let created = w.create(&author, draft);
    assert_eq!(created.story.content, "<p>Hello</p><p>world</p>");
    assert!(w.fakes.sanitizer.calls() >= 1);
}

#[test]
fn content_that_is_only_a_script_is_refused_as_empty() {
    let w = world();
    let author = w.member();
    let draft = StoryDraft {
        content: "<script>steal()</script>".to_owned(),
        ..story_form("Sneaky")
    };
    assert_eq!(
        error_fields(block_on(w.service.create(&as_user(&author), draft))),
        ["content"]
    );
    assert!(w.fakes.stories.all().is_empty());
}

// --- update -------------------------------------------------------------------------------

#[test]
fn another_member_editing_a_draft_finds_nothing() {
    let w = world();
    let author = w.member();
    let draft = w.story(&author, "Private", StoryStatus::Draft);
    let stranger = w.other_member();
    let refused = w.update(&stranger, draft.id, story_form("Mine now"));
    assert!(
        matches!(refused, Err(WriteStoryError::NotFound)),
        "{refused:?}"
    );
    assert_eq!(w.stored(draft.id).title, "Private");
}

#[test]
fn another_member_editing_a_public_story_is_forbidden() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Public", StoryStatus::Approved);
    let stranger = w.other_member();
    let refused = w.update(&stranger, live.id, story_form("Mine now"));
    assert!(
        matches!(refused, Err(WriteStoryError::Refused(Refusal::Forbidden))),
        "{refused:?}"
    );
    assert_eq!(w.stored(live.id).title, "Public");
    assert!(w.revisions(live.id).is_empty());
}

#[test]
fn a_moderator_cannot_edit_someone_elses_story() {
    let w = world();
    let author = w.member();
    let pending = w.story(&author, "Waiting", StoryStatus::PendingApproval);
    let reviewer = w.admin(Role::SubAdmin);
    let refused = w.update(&reviewer, pending.id, story_form("Rewritten"));
    assert!(
        matches!(refused, Err(WriteStoryError::Refused(Refusal::Forbidden))),
        "{refused:?}"
    );
}

#[test]
fn editing_a_missing_story_finds_nothing() {
    let w = world();
    let author = w.member();
    let refused = w.update(&author, StoryId(404), story_form("Ghost"));
    assert!(
        matches!(refused, Err(WriteStoryError::NotFound)),
        "{refused:?}"
    );
}

#[test]
fn editing_a_draft_overwrites_it_and_keeps_it_a_draft() {
    let w = world();
    let author = w.member();
    let draft = w.story(&author, "First try", StoryStatus::Draft);
    let edited = w
        .update(&author, draft.id, story_form("Second try"))
        .unwrap();
    assert!(!edited.staged);
    assert_eq!(edited.story.story.title, "Second try");
    assert_eq!(edited.story.story.status, StoryStatus::Draft);
    assert_eq!(
        w.stored(draft.id).content,
        "<p>Second try: how it happened.</p>"
    );
    assert!(w.revisions(draft.id).is_empty());
}

#[test]
fn editing_a_draft_with_publish_sends_it_for_review() {
    let w = world();
    let author = w.member();
    let draft = w.story(&author, "Ready", StoryStatus::Draft);
    let edited = w
        .update(&author, draft.id, publishing("Ready now"))
        .unwrap();
    assert!(!edited.staged);
    let story = w.stored(draft.id);
    assert_eq!(
        (story.status, story.is_published),
        (StoryStatus::PendingApproval, false)
    );
    assert_eq!(story.title, "Ready now");
}

#[test]
fn editing_a_rejected_story_with_publish_sends_it_for_review_again() {
    let w = world();
    let author = w.member();
    let rejected = w.story(&author, "Rough", StoryStatus::Rejected);
    w.update(&author, rejected.id, publishing("Polished"))
        .unwrap();
    let story = w.stored(rejected.id);
    assert_eq!(story.status, StoryStatus::PendingApproval);
    assert_eq!(story.title, "Polished");
    assert!(!story.is_published);
}

#[test]
fn editing_a_rejected_story_without_publish_keeps_it_rejected() {
    let w = world();
    let author = w.member();
    let rejected = w.story(&author, "Rough", StoryStatus::Rejected);
    w.update(&author, rejected.id, story_form("Less rough"))
        .unwrap();
    assert_eq!(w.stored(rejected.id).status, StoryStatus::Rejected);
}

#[test]
fn an_admin_author_editing_a_draft_with_publish_goes_live() {
    let w = world();
    let admin = w.admin(Role::Admin);
    let draft = w.story(&admin, "News", StoryStatus::Draft);
    w.update(&admin, draft.id, publishing("News today"))
        .unwrap();
    let story = w.stored(draft.id);
    assert!(story.is_public());
    assert_eq!(story.approved_by.as_ref(), Some(&admin.id));
    assert_eq!(story.published_at, Some(t0()));
    let revisions = w.revisions(draft.id);
    assert_eq!(revisions.len(), 1);
    assert_eq!(revisions[0].fields.title, "News today");
}

#[test]
fn a_story_waiting_for_review_cannot_be_edited() {
    let w = world();
    let author = w.member();
    let pending = w.story(&author, "Waiting", StoryStatus::PendingApproval);
    let refused = w.update(&author, pending.id, story_form("Sneaky change"));
    assert!(
        matches!(
            refused,
            Err(WriteStoryError::Transition(TransitionError::AwaitingReview))
        ),
        "{refused:?}"
    );
    assert_eq!(w.stored(pending.id).title, "Waiting");
}

#[test]
fn a_members_edit_of_a_live_story_is_staged_and_the_live_text_is_unchanged() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Live", StoryStatus::Approved);
    let edited = w
        .update(&author, live.id, story_form("Live, revised"))
        .unwrap();
    assert!(edited.staged);
    assert_eq!(edited.story.story, live);
    assert_eq!(w.stored(live.id), live);
    assert!(w.stored(live.id).is_public());
    let staged = block_on(w.fakes.stories.pending_revision(live.id))
        .unwrap()
        .unwrap();
    assert_eq!(staged.fields.title, "Live, revised");
    assert_eq!(staged.status, RevisionStatus::Pending);
    assert_eq!(staged.created_by.as_ref(), Some(&author.id));
    let mine = block_on(w.service.list_by_author(&as_user(&author), &author.id)).unwrap();
    assert!(mine[0].has_pending_revision);
}

#[test]
fn a_second_edit_while_one_is_staged_is_refused() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Live", StoryStatus::Approved);
    w.update(&author, live.id, story_form("First revision"))
        .unwrap();
    let refused = w.update(&author, live.id, story_form("Second revision"));
    assert!(
        matches!(
            refused,
            Err(WriteStoryError::Transition(TransitionError::AwaitingReview))
        ),
        "{refused:?}"
    );
    assert_eq!(w.revisions(live.id).len(), 1);
    assert_eq!(w.stored(live.id).title, "Live");
}

#[test]
fn an_admin_authors_edit_of_a_live_story_applies_at_once_and_joins_the_history() {
    let w = world();
    let admin = w.admin(Role::SuperAdmin);
    let created = w.create(&admin, publishing("Welcome"));
    let edited = w
        .update(&admin, created.story.id, story_form("Welcome, friends"))
        .unwrap();
    assert!(!edited.staged);
    let story = w.stored(created.story.id);
    assert_eq!(story.title, "Welcome, friends");
    assert!(story.is_public());
    let history: Vec<_> = w
        .revisions(story.id)
        .into_iter()
        .map(|r| (r.fields.title, r.status))
        .collect();
    assert_eq!(history.len(), 2);
    assert!(
        history
            .iter()
            .all(|(_, status)| *status == RevisionStatus::Approved)
    );
    assert!(history.iter().any(|(title, _)| title == "Welcome, friends"));
    assert!(history.iter().any(|(title, _)| title == "Welcome"));
    assert_eq!(
        block_on(w.fakes.stories.pending_revision(story.id)).unwrap(),
        None
    );
}

// --- publish ------------------------------------------------------------------------------

#[test]
fn publishing_a_draft_sends_it_for_review() {
    let w = world();
    let author = w.member();
    let draft = w.story(&author, "Ready", StoryStatus::Draft);
    let published = block_on(w.service.publish(&as_user(&author), draft.id, SITE_ONLY)).unwrap();
    assert_eq!(published.story.status, StoryStatus::PendingApproval);
    assert!(!published.story.is_published);
}

#[test]
fn publishing_a_story_already_waiting_is_refused() {
    let w = world();
    let author = w.member();
    let pending = w.story(&author, "Waiting", StoryStatus::PendingApproval);
    let refused = block_on(w.service.publish(&as_user(&author), pending.id, SITE_ONLY));
    assert!(
        matches!(
            refused,
            Err(WriteStoryError::Transition(TransitionError::AlreadyPending))
        ),
        "{refused:?}"
    );
}

#[test]
fn publishing_a_live_story_is_refused() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Live", StoryStatus::Approved);
    let refused = block_on(w.service.publish(&as_user(&author), live.id, SITE_ONLY));
    assert!(
        matches!(
            refused,
            Err(WriteStoryError::Transition(
                TransitionError::AlreadyPublished
            ))
        ),
        "{refused:?}"
    );
}

#[test]
fn publishing_someone_elses_draft_finds_nothing() {
    let w = world();
    let author = w.member();
    let draft = w.story(&author, "Private", StoryStatus::Draft);
    let refused = block_on(
        w.service
            .publish(&as_user(&w.other_member()), draft.id, SITE_ONLY),
    );
    assert!(
        matches!(refused, Err(WriteStoryError::NotFound)),
        "{refused:?}"
    );
    assert_eq!(w.stored(draft.id).status, StoryStatus::Draft);
}

// --- delete -------------------------------------------------------------------------------

#[test]
fn an_author_may_delete_their_own_story_with_its_revisions_and_comments() {
    use crate::comment::CommentRepository;
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Live", StoryStatus::Approved);
    let kept = w.story(&author, "Kept", StoryStatus::Approved);
    w.update(&author, live.id, story_form("Live, revised"))
        .unwrap();
    for story in [live.id, kept.id] {
        block_on(w.fakes.comments.create(new_comment(
            story,
            "Boaz",
            Some("boaz@example.org"),
            "Amen",
        )))
        .unwrap();
    }
    block_on(w.service.delete(&as_user(&author), live.id)).unwrap();
    assert_eq!(
        block_on(w.fakes.stories.find_with_author(live.id)).unwrap(),
        None
    );
    assert!(w.revisions(live.id).is_empty());
    let comments: Vec<_> = w
        .fakes
        .comments
        .all()
        .into_iter()
        .map(|c| c.story_id)
        .collect();
    assert_eq!(comments, [kept.id]);
}

#[test]
fn another_member_may_not_delete_a_story() {
    let w = world();
    let author = w.member();
    let stranger = w.other_member();
    let draft = w.story(&author, "Private", StoryStatus::Draft);
    let live = w.story(&author, "Public", StoryStatus::Approved);
    let hidden = block_on(w.service.delete(&as_user(&stranger), draft.id));
    assert!(
        matches!(hidden, Err(WriteStoryError::NotFound)),
        "{hidden:?}"
    );
    let forbidden = block_on(w.service.delete(&as_user(&stranger), live.id));
    assert!(
        matches!(forbidden, Err(WriteStoryError::Refused(Refusal::Forbidden))),
        "{forbidden:?}"
    );
    assert_eq!(w.fakes.stories.all().len(), 2);
}

#[test]
fn a_primary_contributor_may_not_delete_someone_elses_story() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Public", StoryStatus::Approved);
    let contributor = w
        .fakes
        .user("eli@example.org", Role::PrimaryContributor, true);
    let refused = block_on(w.service.delete(&as_user(&contributor), live.id));
    assert!(
        matches!(refused, Err(WriteStoryError::Refused(Refusal::Forbidden))),
        "{refused:?}"
    );
}

#[test]
fn admins_sub_admins_and_super_admins_may_delete_any_story() {
    let w = world();
    let author = w.member();
    for role in [Role::Admin, Role::SubAdmin, Role::SuperAdmin] {
        let admin = w.admin(role);
        let draft = w.story(&author, "Someone's draft", StoryStatus::Draft);
        block_on(w.service.delete(&as_user(&admin), draft.id)).unwrap();
        assert_eq!(
            block_on(w.fakes.stories.find_with_author(draft.id)).unwrap(),
            None,
            "{role:?}"
        );
    }
}

#[test]
fn deleting_a_missing_story_finds_nothing() {
    let w = world();
    let author = w.member();
    let admin = w.admin(Role::SuperAdmin);
    for caller in [as_user(&author), as_user(&admin)] {
        let missing = block_on(w.service.delete(&caller, StoryId(404)));
        assert!(
            matches!(missing, Err(WriteStoryError::NotFound)),
            "{caller:?} {missing:?}"
        );
    }
}

#[test]
fn a_visitor_may_not_delete_a_story() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Public", StoryStatus::Approved);
    let refused = block_on(w.service.delete(&Caller::Visitor, live.id));
    assert!(
        matches!(refused, Err(WriteStoryError::Refused(Refusal::NotSignedIn))),
        "{refused:?}"
    );
}

// --- list_by_author -----------------------------------------------------------------------

fn one_of_each(w: &World, author: &User) -> [Story; 4] {
    [
        w.story(author, "Draft", StoryStatus::Draft),
        w.story(author, "Pending", StoryStatus::PendingApproval),
        w.story(author, "Live", StoryStatus::Approved),
        w.story(author, "Rejected", StoryStatus::Rejected),
    ]
}

fn titles(list: &[crate::story::StorySummary]) -> Vec<&str> {
    list.iter().map(|s| s.title.as_str()).collect()
}

#[test]
fn an_author_sees_all_their_stories_newest_first() {
    let w = world();
    let author = w.member();
    one_of_each(&w, &author);
    let other = w.other_member();
    w.story(&other, "Not mine", StoryStatus::Approved);
    let mine = block_on(w.service.list_by_author(&as_user(&author), &author.id)).unwrap();
    assert_eq!(titles(&mine), ["Rejected", "Live", "Pending", "Draft"]);
}

#[test]
fn a_stranger_sees_only_an_authors_public_stories() {
    let w = world();
    let author = w.member();
    one_of_each(&w, &author);
    for caller in [Caller::Visitor, as_user(&w.other_member())] {
        let theirs = block_on(w.service.list_by_author(&caller, &author.id)).unwrap();
        assert_eq!(titles(&theirs), ["Live"], "{caller:?}");
    }
}

#[test]
fn a_sub_admin_sees_all_of_an_authors_stories() {
    let w = world();
    let author = w.member();
    one_of_each(&w, &author);
    let reviewer = w.admin(Role::SubAdmin);
    let all = block_on(w.service.list_by_author(&as_user(&reviewer), &author.id)).unwrap();
    assert_eq!(all.len(), 4);
}

#[test]
fn the_authors_list_carries_the_rejection_reason() {
    let w = world();
    let author = w.member();
    let mut rejected = w.story(&author, "Rough", StoryStatus::Rejected);
    rejected.rejection_reason = Some("Too short".to_owned());
    block_on(w.fakes.stories.update(&rejected, &[])).unwrap();
    let mine = block_on(w.service.list_by_author(&as_user(&author), &author.id)).unwrap();
    assert_eq!(mine[0].rejection_reason.as_deref(), Some("Too short"));
    assert!(!mine[0].has_pending_revision);
}

#[test]
fn an_invalid_edit_of_a_live_story_stages_nothing() {
    let w = world();
    let author = w.member();
    let live = w.story(&author, "Live", StoryStatus::Approved);
    let blank_title = StoryDraft {
        title: String::new(),
        ..story_form("x")
    };
    assert_eq!(
        error_fields(w.update(&author, live.id, blank_title)),
        ["title"]
    );
    assert!(w.revisions(live.id).is_empty());
}

const SITE_ONLY: Option<crate::story::consent::ConsentUses> =
    Some(crate::story::consent::ConsentUses {
        site: true,
        social: false,
        widget: false,
    });
