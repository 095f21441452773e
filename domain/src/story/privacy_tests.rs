//! The author projection for every byline and viewer, and the members-only rules of the
//! story service, on the fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::permissions::Caller;
use crate::story::{GetStoryError, StoryDraft, StoryQuery, StoryRepository, StoryStatus};
use crate::testing::{StoryFakes, story_form, story_service};
use crate::user::{Role, User};

const SITE: &str = "Story Site";

fn maria() -> AuthorSummary {
    AuthorSummary {
        first_name: Some("Maria".to_owned()),
        last_name: Some("garcia".to_owned()),
        profile_image_url: Some("/uploads/maria.jpg".to_owned()),
    }
}

fn people(f: &StoryFakes) -> (User, User, User, User) {
    (
        f.user("author@example.org", Role::Member, true),
        f.user("other@example.org", Role::Member, true),
        f.user("reviewer@example.org", Role::Admin, true),
        f.user("waiting@example.org", Role::Member, false),
    )
}

fn show(byline: Byline, viewer: &Caller, author: &User) -> ShownAuthor {
    shown_author(byline, &author.id, &maria(), viewer, SITE)
}

#[test]
fn each_byline_shows_only_what_it_names_to_a_visitor() {
    let f = StoryFakes::new();
    let (author, ..) = people(&f);
    let visitor = Caller::Visitor;

    let full = show(Byline::Full, &visitor, &author);
    assert_eq!(full.name, "Maria garcia");
    assert_eq!(full.last_name.as_deref(), Some("garcia"));
    assert_eq!(
        full.profile_image_url.as_deref(),
        Some("/uploads/maria.jpg")
    );
    assert_eq!(full.author_id.as_ref(), Some(&author.id));

    let first = show(Byline::First, &visitor, &author);
    assert_eq!(first.name, "Maria");
    assert_eq!(
        (first.last_name, first.profile_image_url, first.author_id),
        (None, None, None)
    );

    let initial = show(Byline::FirstInitial, &visitor, &author);
    assert_eq!(initial.name, "Maria G.");
    assert_eq!(initial.first_name.as_deref(), Some("Maria"));
    assert_eq!(initial.last_name.as_deref(), Some("G."));
    assert_eq!((initial.profile_image_url, initial.author_id), (None, None));

    let anonymous = show(Byline::Anonymous, &visitor, &author);
    assert_eq!(anonymous.name, "A member of Story Site");
    assert_eq!(
        (
            anonymous.first_name,
            anonymous.last_name,
            anonymous.profile_image_url,
            anonymous.author_id
        ),
        (None, None, None, None)
    );
    for b in Byline::ALL {
        assert!(show(b, &visitor, &author).writer.is_none(), "{b}");
    }
}

#[test]
fn only_the_author_and_reviewers_see_who_wrote_a_hidden_byline() {
    let f = StoryFakes::new();
    let (author, other, reviewer, _) = people(&f);
    let other = show(Byline::Anonymous, &Caller::User(other), &author);
    assert!(other.writer.is_none() && other.author_id.is_none());
    for viewer in [Caller::User(author.clone()), Caller::User(reviewer)] {
        let shown = show(Byline::Anonymous, &viewer, &author);
        assert_eq!(
            shown.name, "A member of Story Site",
            "the byline still holds"
        );
        let writer = shown.writer.expect("the writer");
        assert_eq!(writer.id, author.id);
        assert_eq!(writer.last_name.as_deref(), Some("garcia"));
        assert_eq!(shown.author_id.as_ref(), Some(&author.id));
    }
}

#[test]
fn a_byline_without_the_names_it_needs_falls_back_to_anonymous() {
    let f = StoryFakes::new();
    let (author, ..) = people(&f);
    let nameless = AuthorSummary {
        first_name: Some("  ".to_owned()),
        last_name: Some("Garcia".to_owned()),
        profile_image_url: None,
    };
    for b in [Byline::First, Byline::FirstInitial] {
        let shown = shown_author(b, &author.id, &nameless, &Caller::Visitor, SITE);
        assert_eq!(shown.name, "A member of Story Site");
        assert_eq!(shown.last_name, None);
    }
    let no_last = AuthorSummary {
        last_name: None,
        ..maria()
    };
    let shown = shown_author(
        Byline::FirstInitial,
        &author.id,
        &no_last,
        &Caller::Visitor,
        SITE,
    );
    assert_eq!((shown.name.as_str(), shown.last_name), ("Maria", None));
}

#[test]
fn names_parse_back_from_their_wire_form() {
    for b in Byline::ALL {
        assert_eq!(b.as_str().parse::<Byline>(), Ok(b));
    }
    for a in Audience::ALL {
        assert_eq!(a.as_str().parse::<Audience>(), Ok(a));
    }
    assert!("everyone".parse::<Audience>().is_err());
    assert_eq!(Privacy::default().byline, Byline::Full);
    assert_eq!(Privacy::default().audience, Audience::Public);
}

fn members_only(f: &StoryFakes, author: &User, title: &str) -> crate::story::Story {
    let mut story = f.story(author, title, StoryStatus::Approved);
    story.privacy.audience = Audience::Members;
    block_on(f.stories.update(&story, &[])).unwrap()
}

fn query() -> StoryQuery {
    StoryQuery {
        passages: Vec::new(),
        search: None,
        category: None,
        scope: AudienceScope::Public,
    }
}

#[test]
fn a_members_only_story_is_missing_for_visitors_and_waiting_members() {
    let (service, f) = story_service();
    let (author, other, reviewer, waiting) = people(&f);
    let story = members_only(&f, &author, "Inside");
    for caller in [Caller::Visitor, Caller::User(waiting)] {
        assert!(matches!(
            block_on(service.get(&caller, story.id)),
            Err(GetStoryError::NotFound)
        ));
        let page = block_on(service.list_published(&caller, &query(), None, None)).unwrap();
        assert_eq!(page.total, 0);
    }
    assert!(matches!(
        block_on(service.public_story(story.id)),
        Err(GetStoryError::NotFound)
    ));
    assert!(block_on(service.feed(None, &[])).unwrap().is_empty());
    for caller in [
        Caller::User(other),
        Caller::User(reviewer),
        Caller::User(author),
    ] {
        assert_eq!(
            block_on(service.get(&caller, story.id)).unwrap().story.id,
            story.id
        );
        let page = block_on(service.list_published(&caller, &query(), None, None)).unwrap();
        assert_eq!(page.items.len(), 1);
    }
}

#[test]
fn the_author_listing_hides_stories_that_hide_their_author() {
    let (service, f) = story_service();
    let (author, other, reviewer, _) = people(&f);
    f.story(&author, "Named", StoryStatus::Approved);
    for (title, byline) in [
        ("First", Byline::First),
        ("Initial", Byline::FirstInitial),
        ("Hidden", Byline::Anonymous),
    ] {
        let mut story = f.story(&author, title, StoryStatus::Approved);
        story.privacy.byline = byline;
        block_on(f.stories.update(&story, &[])).unwrap();
    }
    members_only(&f, &author, "Inside");
    let titles = |caller: &Caller| -> Vec<String> {
        block_on(service.list_by_author(caller, &author.id))
            .unwrap()
            .into_iter()
            .map(|s| s.title)
            .collect()
    };
    assert_eq!(titles(&Caller::Visitor), ["Named"]);
    assert_eq!(titles(&Caller::User(other)), ["Inside", "Named"]);
    assert_eq!(titles(&Caller::User(author.clone())).len(), 5);
    assert_eq!(titles(&Caller::User(reviewer)).len(), 5);
}

#[test]
fn the_form_sets_the_choices_and_an_edit_that_says_nothing_keeps_them() {
    let (service, f) = story_service();
    let (author, ..) = people(&f);
    let me = Caller::User(author);
    let draft = StoryDraft {
        byline: Some(Byline::FirstInitial),
        audience: Some(Audience::Members),
        ..story_form("Private")
    };
    let created = block_on(service.create(&me, draft)).unwrap();
    assert_eq!(created.story.privacy.byline, Byline::FirstInitial);
    assert_eq!(created.story.privacy.audience, Audience::Members);
    let edited = block_on(service.update(&me, created.story.id, story_form("Private"))).unwrap();
    assert_eq!(edited.story.story.privacy, created.story.privacy);
    let plain = block_on(service.create(&me, story_form("Plain"))).unwrap();
    assert_eq!(plain.story.privacy, Privacy::default());
}

#[test]
fn a_more_private_choice_applies_at_once_while_an_edit_waits_for_review() {
    let (service, f) = story_service();
    let (author, ..) = people(&f);
    let live = f.story(&author, "Live", StoryStatus::Approved);
    let me = Caller::User(author);
    let draft = StoryDraft {
        byline: Some(Byline::Anonymous),
        ..story_form("Live, edited")
    };
    let result = block_on(service.update(&me, live.id, draft)).unwrap();
    assert!(result.staged);
    assert_eq!(
        result.story.story.title, "Live",
        "the text waits for review"
    );
    assert_eq!(result.story.story.privacy.byline, Byline::Anonymous);
}
