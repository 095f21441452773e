//! The passages a story cites, on the in-memory fakes: stored when the live text is
//! written (create, direct edit, an approved staged edit), not when an edit is only staged;
//! and a search that cites scripture finds the stories citing an overlapping passage.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::permissions::Caller;
use crate::scripture::{Canon, ScriptureParser};
use crate::story::{StoryDraft, StoryId, StoryQuery, StoryRepository};
use crate::testing::{StoryFakes, story_form};
use crate::user::{Role, User};

fn osis(passages: &[crate::scripture::Passage]) -> Vec<String> {
    passages
        .iter()
        .map(crate::scripture::Passage::osis)
        .collect()
}

fn cited(fakes: &StoryFakes, id: StoryId) -> Vec<String> {
    osis(
        &block_on(fakes.stories.find_with_author(id))
            .unwrap()
            .unwrap()
            .passages,
    )
}

fn draft(title: &str, content: &str, publish: bool) -> StoryDraft {
    StoryDraft {
        content: format!("<p>{content}</p>"),
        publish: Some(publish),
        ..story_form(title)
    }
}

fn query(search: &str) -> StoryQuery {
    StoryQuery {
        search: Some(search.to_owned()),
        category: None,
        passages: Vec::new(),
        scope: Default::default(),
    }
}

struct World {
    fakes: StoryFakes,
    service: StoryService,
    admin: User,
    member: User,
}

fn world() -> World {
    let fakes = StoryFakes::new();
    World {
        service: fakes.service(),
        admin: fakes.user("admin@example.org", Role::SuperAdmin, true),
        member: fakes.user("ruth@example.org", Role::Member, true),
        fakes,
    }
}

impl World {
    fn publish(&self, title: &str, content: &str) -> StoryId {
        let created = block_on(self.service.create(
            &Caller::User(self.admin.clone()),
            draft(title, content, true),
        ))
        .unwrap();
        created.story.id
    }

    fn titles(&self, search: &str) -> Vec<String> {
        let page =
            block_on(
                self.service
                    .list_published(&Caller::Visitor, &query(search), None, None),
            )
            .unwrap();
        page.items.into_iter().map(|s| s.title).collect()
    }
}

#[test]
fn a_new_story_keeps_the_passages_of_its_title_excerpt_and_text() {
    let w = world();
    let id = w.publish("Hope in Psalm 23", "As Jn 3:16 says, and Rom 8:28, 31.");
    assert_eq!(
        cited(&w.fakes, id),
        ["Ps.23", "John.3.16", "Rom.8.28", "Rom.8.31"]
    );
}

#[test]
fn an_edit_of_a_draft_replaces_its_passages() {
    let w = world();
    let me = Caller::User(w.member.clone());
    let id = block_on(w.service.create(&me, draft("Draft", "Ps 23", false)))
        .unwrap()
        .story
        .id;
    assert_eq!(cited(&w.fakes, id), ["Ps.23"]);
    block_on(
        w.service
            .update(&me, id, draft("Draft", "Now Micah 6:8", false)),
    )
    .unwrap();
    assert_eq!(cited(&w.fakes, id), ["Mic.6.8"]);
}

#[test]
fn a_staged_edit_changes_the_passages_only_when_a_reviewer_approves_it() {
    let w = world();
    let me = Caller::User(w.member.clone());
    let id = block_on(w.service.create(&me, draft("Live", "John 3:16", true)))
        .unwrap()
        .story
        .id;
    block_on(w.service.approve(&Caller::User(w.admin.clone()), id)).unwrap();
    assert_eq!(cited(&w.fakes, id), ["John.3.16"]);

    block_on(w.service.update(&me, id, draft("Live", "Psalm 91", true))).unwrap();
    assert_eq!(
        cited(&w.fakes, id),
        ["John.3.16"],
        "the staged edit is not live yet"
    );

    block_on(w.service.approve(&Caller::User(w.admin.clone()), id)).unwrap();
    assert_eq!(cited(&w.fakes, id), ["Ps.91"]);
}

#[test]
fn a_search_that_cites_a_passage_finds_the_stories_citing_an_overlapping_one() {
    let w = world();
    w.publish("Love", "1 Cor 13 changed me");
    w.publish("Patience", "Love is patient (1 Corinthians 13:4).");
    w.publish("Shepherd", "Psalm 23");
    w.publish("Unrelated", "Cor and thirteen words, 13 of them");
    for spelling in ["1 Cor 13", "1 cor 13:4", "I Corinthians 13:4-7", "1Co 13"] {
        let mut found = w.titles(spelling);
        found.sort();
        assert_eq!(found, ["Love", "Patience"], "{spelling:?}");
    }
    assert_eq!(w.titles("Ps 23"), ["Shepherd"]);
    assert_eq!(w.titles("psalm 23:1"), ["Shepherd"]);
}

#[test]
fn a_search_mixing_words_and_a_reference_needs_both() {
    let w = world();
    w.publish("Patient love", "1 Cor 13:4 at home");
    w.publish("Kind love", "1 Cor 13:4 at work");
    assert_eq!(w.titles("work 1 Cor 13"), ["Kind love"]);
    assert_eq!(w.titles("1 Cor 13 home"), ["Patient love"]);
}

#[test]
fn a_search_with_no_reference_searches_its_words_as_before() {
    let w = world();
    w.publish("Psalm singing", "We sang");
    assert_eq!(w.titles("singing"), ["Psalm singing"]);
    assert!(w.titles("Jn 3:16").is_empty());
}

#[test]
fn passages_of_reads_title_excerpt_and_text_in_the_site_canon() {
    let w = world();
    let found = w
        .service
        .passages_of("Tobit 1:1", Some("Job 38"), "<p>John 3:16</p>");
    assert_eq!(
        osis(&found),
        ["Job.38", "John.3.16"],
        "Tobit is outside the Protestant canon"
    );
    let catholic = StoryService::new(StoryPorts {
        scripture: std::sync::Arc::new(ScriptureParser::new(Canon::Catholic)),
        ..w.fakes.ports()
    });
    let found = catholic.passages_of("Tobit 1:1", None, "");
    assert_eq!(osis(&found), ["Tob.1.1"]);
}
