//! Which pictures a story uses: the keys in its text, the uses every write adds, and the
//! pictures a deleted story leaves behind, on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::media::{MediaRepository, NewMedia, StoredFormat};
use crate::permissions::Caller;
use crate::story::{PictureUses, StoryDraft};
use crate::testing::{StoryFakes, story_form, t0};
use crate::user::{Role, User};

const A: &str = "0123456789abcdef0123456789abcdef";
const B: &str = "fedcba9876543210fedcba9876543210";

#[test]
fn keys_come_from_relative_and_absolute_picture_addresses_once_each() {
    let text = format!(
        r#"<p><img src="/media/{A}-800.jpg" alt="a"></p><img src="https://church.example/media/{B}-400.png" alt="b">![again](/media/{A}-1600.jpg)"#
    );
    assert_eq!(keys_in(&text), [A, B]);
}

#[test]
fn other_addresses_are_not_pictures_of_the_site() {
    for text in [
        "/media/short-800.jpg".to_owned(),
        format!("/media/{}-800.jpg", A.to_uppercase()),
        format!("/media/{A}.jpg"),
        format!("/media/{A}"),
        "no pictures here".to_owned(),
        "/media/".to_owned(),
    ] {
        assert!(keys_in(&text).is_empty(), "{text}");
    }
}

#[test]
fn a_story_uses_the_pictures_of_its_text_and_its_thumbnail_once_each() {
    let fields = StoryFields {
        title: "t".to_owned(),
        content: format!(r#"<img src="/media/{A}-800.jpg">"#),
        source: String::new(),
        excerpt: None,
        video_url: None,
        thumbnail_url: Some(format!("/media/{B}-400.jpg")),
        category: "c".to_owned(),
    };
    assert_eq!(fields.pictures(), [A, B]);
    let same = StoryFields {
        thumbnail_url: Some(format!("/media/{A}-400.jpg")),
        ..fields
    };
    assert_eq!(same.pictures(), [A]);
}

fn with_picture(title: &str, key: &str) -> StoryDraft {
    StoryDraft {
        content: format!(r#"<p>{title}</p><p><img src="/media/{key}-800.jpg" alt="x"></p>"#),
        ..story_form(title)
    }
}

fn upload(fakes: &StoryFakes, owner: &User, key: &str) {
    block_on(fakes.media.create(NewMedia {
        owner: owner.id.clone(),
        key: key.to_owned(),
        format: StoredFormat::Jpeg,
        width: 800,
        height: 600,
        widths: vec![400, 800],
        bytes: 1000,
        created_at: t0(),
    }))
    .unwrap();
}

#[test]
fn an_edit_adds_the_pictures_it_uses_and_keeps_the_earlier_ones() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("ruth@example.org", Role::Member, true);
    let me = Caller::User(author.clone());
    let story = block_on(service.create(&me, with_picture("Harvest", A))).unwrap();
    assert_eq!(block_on(fakes.media.used_by(story.story.id)).unwrap(), [A]);

    block_on(service.update(&me, story.story.id, with_picture("Harvest", B))).unwrap();

    // The history may still show the first picture: its use stays.
    assert_eq!(
        block_on(fakes.media.used_by(story.story.id)).unwrap(),
        [A, B]
    );
}

#[test]
fn a_staged_edit_of_a_live_story_records_the_pictures_of_the_waiting_version() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("ruth@example.org", Role::Member, true);
    let live = fakes.story(&author, "Harvest", crate::story::StoryStatus::Approved);
    let me = Caller::User(author);

    let edit = block_on(service.update(&me, live.id, with_picture("Harvest", B))).unwrap();

    assert!(edit.staged);
    assert_eq!(block_on(fakes.media.used_by(live.id)).unwrap(), [B]);
}

#[test]
fn deleting_a_story_retires_only_the_pictures_no_other_story_uses() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("ruth@example.org", Role::Member, true);
    let me = Caller::User(author.clone());
    for key in [A, B] {
        upload(&fakes, &author, key);
    }
    let both = StoryDraft {
        content: format!(
            r#"<p><img src="/media/{A}-800.jpg" alt="a"><img src="/media/{B}-400.jpg" alt="b"></p>"#
        ),
        ..story_form("Both")
    };
    let leaving = block_on(service.create(&me, both)).unwrap();
    block_on(service.create(&me, with_picture("Staying", B))).unwrap();

    block_on(service.delete(&me, leaving.story.id)).unwrap();

    assert!(fakes.media.is_gone(A), "only the deleted story used it");
    assert!(!fakes.media.is_gone(B), "another story still uses it");
    assert!(
        block_on(fakes.media.used_by(leaving.story.id))
            .unwrap()
            .is_empty()
    );
}
