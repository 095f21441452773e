//! JSON shapes of scripture: a reference as stories carry it, and the browsing lists.

use domain::scripture::{BookCount, ChapterCount, Passage};
use serde::Serialize;
use utoipa::ToSchema;

/// A scripture passage a story cites.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScriptureRefDto {
    /// OSIS form, as `?passage=` takes it: `John.3.16`, `1Cor.13`, `Ps.23.1-Ps.23.4`.
    #[schema(example = "John.3.16-John.3.18")]
    pub osis: String,
    /// As readers see it: `John 3:16–18`, `Psalm 23`.
    #[schema(example = "John 3:16–18")]
    pub display: String,
    /// The book's OSIS code (`John`), for its page under `/scripture`.
    pub book: String,
    /// The first chapter the passage names, for its chapter page.
    pub chapter: u16,
}

impl From<&Passage> for ScriptureRefDto {
    fn from(p: &Passage) -> Self {
        Self {
            osis: p.osis(),
            display: p.display(),
            book: p.book().osis.to_owned(),
            chapter: p.start().chapter,
        }
    }
}

/// The references of a story, in the order its text cites them.
pub fn refs(passages: &[Passage]) -> Vec<ScriptureRefDto> {
    passages.iter().map(Into::into).collect()
}

/// A book of the site's canon with how many public stories cite it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScriptureBookDto {
    /// OSIS code: `Gen`, `1Cor`, `Ps`.
    pub osis: String,
    pub name: String,
    pub chapters: u16,
    /// Public stories citing a verse of it.
    pub story_count: u64,
}

impl From<BookCount> for ScriptureBookDto {
    fn from(b: BookCount) -> Self {
        Self {
            osis: b.book.osis.to_owned(),
            name: b.book.name.to_owned(),
            chapters: b.chapters,
            story_count: b.stories,
        }
    }
}

/// A chapter with how many public stories cite a verse of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScriptureChapterDto {
    pub chapter: u16,
    /// OSIS of the whole chapter (`Ps.23`), for `GET /api/stories?passage=`.
    pub osis: String,
    /// As readers see it: `Psalm 23`.
    pub display: String,
    pub story_count: u64,
}

/// One book's chapters.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScriptureBookChaptersDto {
    pub osis: String,
    pub name: String,
    pub chapters: Vec<ScriptureChapterDto>,
}

impl ScriptureChapterDto {
    pub fn new(book: &domain::scripture::Book, c: ChapterCount) -> Self {
        let name = if book.chapter_name == book.name || c.chapter == 0 {
            book.name
        } else {
            book.chapter_name
        };
        Self {
            chapter: c.chapter,
            osis: format!("{}.{}", book.osis, c.chapter),
            display: format!("{name} {}", c.chapter),
            story_count: c.stories,
        }
    }
}
