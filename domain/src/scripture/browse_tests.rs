//! Browsing by passage on a small fake index: every book of the canon with its count, and
//! a chapter counted for each story citing a verse of it (a passage across chapters counts
//! in each; a story citing a chapter twice counts once).

#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use async_trait::async_trait;
use futures_executor::block_on;

use super::*;
use crate::StoreError;

struct FakeIndex {
    spans: Vec<(u32, i64, u16, u16)>,
}

#[async_trait]
impl ScriptureIndex for FakeIndex {
    async fn stories_per_book(&self) -> Result<Vec<(u32, u64)>, StoreError> {
        let pairs: std::collections::BTreeSet<(u32, i64)> =
            self.spans.iter().map(|s| (s.0, s.1)).collect();
        let mut books: std::collections::BTreeMap<u32, u64> = std::collections::BTreeMap::new();
        for (book, _) in pairs {
            *books.entry(book).or_default() += 1;
        }
        Ok(books.into_iter().collect())
    }

    async fn chapters_cited(&self, book: u32) -> Result<Vec<(i64, u16, u16)>, StoreError> {
        Ok(self
            .spans
            .iter()
            .filter(|s| s.0 == book)
            .map(|s| (s.1, s.2, s.3))
            .collect())
    }
}

fn service(canon: Canon) -> ScriptureService {
    let john = 43;
    let index = FakeIndex {
        spans: vec![
            (john, 1, 3, 3),
            (john, 1, 3, 4),
            (john, 2, 4, 4),
            (19, 3, 23, 23),
        ],
    };
    ScriptureService::new(Arc::new(ScriptureParser::new(canon)), Arc::new(index))
}

#[test]
fn every_book_of_the_canon_is_listed_in_order_with_its_stories() {
    let books = block_on(service(Canon::Protestant).books()).unwrap();
    assert_eq!(books.len(), 66);
    assert_eq!(books[0].book.osis, "Gen");
    assert_eq!(books[0].stories, 0);
    assert_eq!(books[0].chapters, 50);
    let john = books.iter().find(|b| b.book.osis == "John").unwrap();
    assert_eq!(john.stories, 2);
    let psalms = books.iter().find(|b| b.book.osis == "Ps").unwrap();
    assert_eq!((psalms.stories, psalms.chapters), (1, 150));
    assert_eq!(
        block_on(service(Canon::Catholic).books()).unwrap().len(),
        73
    );
}

#[test]
fn a_chapter_counts_each_story_citing_a_verse_of_it_once() {
    let (book, chapters) = block_on(service(Canon::Protestant).chapters("John"))
        .unwrap()
        .unwrap();
    assert_eq!(book.name, "John");
    assert_eq!(chapters.len(), 21);
    assert_eq!(
        chapters[2],
        ChapterCount {
            chapter: 3,
            stories: 1
        }
    );
    assert_eq!(
        chapters[3],
        ChapterCount {
            chapter: 4,
            stories: 2
        }
    );
    assert_eq!(chapters[0].stories, 0);
}

#[test]
fn a_book_outside_the_canon_or_unknown_is_not_found() {
    assert!(
        block_on(service(Canon::Protestant).chapters("Tob"))
            .unwrap()
            .is_none()
    );
    assert!(
        block_on(service(Canon::Protestant).chapters("Nope"))
            .unwrap()
            .is_none()
    );
    assert!(
        block_on(service(Canon::Catholic).chapters("Tob"))
            .unwrap()
            .is_some()
    );
    assert!(
        block_on(service(Canon::Protestant).chapters("john"))
            .unwrap()
            .is_some(),
        "any case"
    );
}
