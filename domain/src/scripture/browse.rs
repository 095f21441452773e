//! Browsing stories by passage: which books and chapters the public stories cite, and how
//! many stories cite each. Visitors see only public stories here, like everywhere else.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use async_trait::async_trait;

use super::passage::chapters;
use super::{BOOKS, Book, Canon, Found, ScriptureParser, by_osis};
use crate::StoreError;

/// Reads the passages public stories cite.
#[async_trait]
pub trait ScriptureIndex: Send + Sync {
    /// How many public stories cite each book (by book number); books nobody cites are
    /// left out.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn stories_per_book(&self) -> Result<Vec<(u32, u64)>, StoreError>;

    /// Every passage of one book that a public story cites: the story's id and the
    /// chapters the passage spans (first and last).
    ///
    /// # Errors
    /// As [`ScriptureIndex::stories_per_book`].
    async fn chapters_cited(&self, book: u32) -> Result<Vec<(i64, u16, u16)>, StoreError>;
}

/// A book with how many public stories cite it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookCount {
    pub book: &'static Book,
    pub chapters: u16,
    pub stories: u64,
}

/// A chapter with how many public stories cite a verse of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChapterCount {
    pub chapter: u16,
    pub stories: u64,
}

/// Scripture use cases: references found in a text (the editor's preview) and browsing.
#[derive(Clone)]
pub struct ScriptureService {
    parser: Arc<ScriptureParser>,
    index: Arc<dyn ScriptureIndex>,
}

impl ScriptureService {
    pub fn new(parser: Arc<ScriptureParser>, index: Arc<dyn ScriptureIndex>) -> Self {
        Self { parser, index }
    }

    #[must_use]
    pub fn parser(&self) -> &ScriptureParser {
        &self.parser
    }

    /// The references in a text as a story would store them (the editor shows them while
    /// the author types).
    #[must_use]
    pub fn find(&self, text: &str) -> Vec<Found> {
        self.parser.find(text)
    }

    /// Every book of the site's canon, in order, with how many public stories cite it.
    ///
    /// # Errors
    /// The store's error.
    pub async fn books(&self) -> Result<Vec<BookCount>, StoreError> {
        let counts: BTreeMap<u32, u64> = self.index.stories_per_book().await?.into_iter().collect();
        let canon = self.parser.canon();
        Ok(BOOKS
            .iter()
            .filter(|b| canon == Canon::Catholic || !b.deuterocanonical)
            .map(|book| BookCount {
                book,
                chapters: chapters(book.number),
                stories: counts.get(&book.number).copied().unwrap_or(0),
            })
            .collect())
    }

    /// One book's chapters with how many public stories cite a verse of each; `None` for a
    /// book outside the canon.
    ///
    /// # Errors
    /// The store's error.
    pub async fn chapters(
        &self,
        osis: &str,
    ) -> Result<Option<(&'static Book, Vec<ChapterCount>)>, StoreError> {
        let Some(book) =
            by_osis(osis).filter(|b| self.parser.canon() == Canon::Catholic || !b.deuterocanonical)
        else {
            return Ok(None);
        };
        let mut stories: BTreeMap<u16, BTreeSet<i64>> = BTreeMap::new();
        for (story, first, last) in self.index.chapters_cited(book.number).await? {
            for chapter in first..=last {
                stories.entry(chapter).or_default().insert(story);
            }
        }
        let counts = (1..=chapters(book.number))
            .map(|chapter| ChapterCount {
                chapter,
                stories: stories.get(&chapter).map_or(0, |s| s.len() as u64),
            })
            .collect();
        Ok(Some((book, counts)))
    }
}

#[cfg(test)]
#[path = "browse_tests.rs"]
mod browse_tests;
