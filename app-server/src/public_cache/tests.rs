//! Tests of the kept answers: least recently used first out, and what a change forgets.

use std::sync::Arc;

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use domain::story::StoryId;

use super::entry::Entry;
use super::{Entries, Visible};

fn answer(body: &str) -> Arc<Entry> {
    let head = HttpResponse::with_body(StatusCode::OK, ());
    Arc::new(Entry::new(&head, Bytes::from(body.to_owned())))
}

fn keys(entries: &Entries) -> Vec<&str> {
    entries.map.keys().map(String::as_str).collect()
}

#[test]
fn a_full_cache_forgets_the_answer_used_least_recently() {
    let mut entries = Entries::default();
    let size = answer("0123456789").size("/k/10");
    // Room for sixteen answers; one may take an eighth (two).
    let budget = 16 * size;
    for i in 10..26 {
        entries.keep(format!("/k/{i}"), answer("0123456789"), budget);
    }
    assert_eq!(entries.map.len(), 16);
    assert_eq!(entries.bytes, 16 * size);
    // Reading /k/10 makes it the most recently used: /k/11 is now the oldest.
    assert!(entries.get("/k/10").is_some());
    // A full cache keeps a new answer the second time it is computed.
    entries.keep("/k/26".into(), answer("0123456789"), budget);
    assert!(entries.get("/k/26").is_none(), "turned away once");
    assert_eq!(entries.map.len(), 16);
    entries.keep("/k/26".into(), answer("0123456789"), budget);
    assert_eq!(
        entries.map.len(),
        16,
        "one left to make room, not everything"
    );
    assert!(
        entries.get("/k/11").is_none(),
        "the least recently used went"
    );
    assert!(entries.get("/k/10").is_some(), "a recently read one stayed");
    assert!(entries.get("/k/26").is_some());
    assert_eq!(entries.bytes, 16 * size);
    // A larger answer makes as much room as it needs, oldest first.
    let big = "x".repeat(2 * size - "/k/big".len());
    entries.keep("/k/big".into(), answer(&big), budget);
    entries.keep("/k/big".into(), answer(&big), budget);
    assert_eq!(entries.bytes, 16 * size);
    assert_eq!(entries.map.len(), 15);
    assert!(!keys(&entries).contains(&"/k/12"));
    assert!(!keys(&entries).contains(&"/k/13"));
    assert!(keys(&entries).contains(&"/k/14"));
    assert!(keys(&entries).contains(&"/k/big"));
}

#[test]
fn answers_asked_for_once_do_not_push_out_those_read_again_and_again() {
    let mut entries = Entries::default();
    let size = answer("0123456789").size("/k/00010");
    let budget = 16 * size;
    for i in 10..26 {
        entries.keep(format!("/k/{i:05}"), answer("0123456789"), budget);
    }
    // A crawler through ten thousand stories, each asked for once.
    for i in 0..10_000 {
        entries.keep(format!("/s/{i:05}"), answer("0123456789"), budget);
    }
    let mut kept = keys(&entries);
    kept.sort_unstable();
    let first: Vec<String> = (10..26).map(|i| format!("/k/{i:05}")).collect();
    assert_eq!(kept, first, "what was there stayed");
    assert_eq!(entries.bytes, 16 * size);
    assert!(entries.turned_away.len() <= super::TURNED_AWAY_AT_MOST);
    // What is asked for again is kept, in place of the least recently used.
    entries.keep("/s/09999".into(), answer("0123456789"), budget);
    assert!(entries.get("/s/09999").is_some());
    assert!(entries.get("/k/00010").is_none());
    assert_eq!(entries.map.len(), 16);
    // While there is room, an answer is kept at once.
    entries.forget(&Visible::Everything);
    entries.keep("/s/00001".into(), answer("0123456789"), budget);
    assert!(entries.get("/s/00001").is_some());
}

#[test]
fn keeping_a_key_again_replaces_its_answer() {
    let mut entries = Entries::default();
    entries.keep("/k".into(), answer("old"), 1024);
    entries.keep("/k".into(), answer("newer"), 1024);
    assert_eq!(entries.map.len(), 1);
    assert_eq!(entries.bytes, answer("newer").size("/k"));
}

#[test]
fn an_answer_larger_than_an_eighth_of_the_budget_is_not_kept() {
    let mut entries = Entries::default();
    entries.keep("/k".into(), answer(&"x".repeat(200)), 1024);
    assert!(entries.map.is_empty());
    entries.keep("/k".into(), answer("small"), 0);
    assert!(entries.map.is_empty(), "no memory for it: nothing kept");
}

#[test]
fn an_approved_comment_forgets_only_its_storys_comments() {
    let mut entries = Entries::default();
    for key in [
        "/api/stories",
        "/api/stories/1",
        "/api/stories/1/comments",
        "/api/stories/1/comments?limit=5",
        "/api/stories/12/comments",
        "/api/stories/2/comments",
    ] {
        entries.keep(key.into(), answer("[]"), 1 << 20);
    }
    let generation = entries.generation;
    entries.forget(&Visible::CommentsOf(vec![StoryId(1)]));
    assert_eq!(
        keys(&entries),
        [
            "/api/stories",
            "/api/stories/1",
            "/api/stories/12/comments",
            "/api/stories/2/comments"
        ]
    );
    let left: usize = entries.map.iter().map(|(k, v)| v.size(k)).sum();
    assert_eq!(entries.bytes, left);
    assert_ne!(
        entries.generation, generation,
        "answers computed meanwhile are not kept"
    );

    entries.forget(&Visible::Everything);
    assert!(entries.map.is_empty());
    assert_eq!(entries.bytes, 0);
}

#[test]
fn declared_changes_combine() {
    let one = Visible::comments_of([StoryId(2), StoryId(1), StoryId(2)]);
    assert_eq!(one, Visible::CommentsOf(vec![StoryId(1), StoryId(2)]));
    assert_eq!(Visible::comments_of([]), Visible::Nothing);
    assert_eq!(
        one.clone().and(Visible::comments_of([StoryId(3)])),
        Visible::CommentsOf(vec![StoryId(1), StoryId(2), StoryId(3)])
    );
    assert_eq!(one.clone().and(Visible::Nothing), one);
    assert_eq!(one.and(Visible::Everything), Visible::Everything);
    assert_eq!(Visible::everything_if(false), Visible::Nothing);
    assert_eq!(Visible::everything_if(true), Visible::Everything);
}
