//! Scripture references in what people write: found once, on the server, and normalised
//! to verse ranges with their OSIS form, so search, links and browsing agree.
//!
//! [`ScriptureParser::find`] reads running text ("as John 3:16-18 says"); it refuses what it
//! would have to guess: a book name that is also an English word counts only when written
//! with a capital letter ("Job 38", never "my job 3 days"), a two-letter spelling with a
//! vowel ("Is", "Am", "Ex") only with a chapter and verse, a spelling shared by two books
//! ("Jud") never, and a chapter or verse the book does not have ("John 3:99", "Jude 2:1")
//! never. [`ScriptureParser::find_in_query`] reads a search box, where people type
//! "job 38" in lower case on purpose. The rules and their reasons are in
//! `docs/decisions/scripture.md`.

mod books;
mod browse;
mod canon;
mod link;
mod passage;
mod scan;
mod tokens;
mod verses;

pub use books::{AMBIGUOUS, Book};
pub use browse::{BookCount, ChapterCount, ScriptureIndex, ScriptureService};
pub use canon::{BOOKS, by_number, by_osis};
pub use link::{ReaderLink, ReaderLinkError, link_references};
pub use passage::{Passage, Verse, VerseId};

use std::ops::Range;

/// Which books count: the 66 of the Protestant canon, or those and the deuterocanonical
/// books of the Catholic canon (Tobit, Judith, Wisdom, Sirach, Baruch, 1 and 2 Maccabees).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Canon {
    #[default]
    Protestant,
    Catholic,
}

impl Canon {
    /// `protestant` or `catholic` (the `SCRIPTURE_CANON` setting), any case.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        match value.trim().to_ascii_lowercase().as_str() {
            "protestant" => Some(Self::Protestant),
            "catholic" => Some(Self::Catholic),
            _ => None,
        }
    }

    fn includes(self, book: &Book) -> bool {
        self == Self::Catholic || !book.deuterocanonical
    }
}

/// A reference found in a text: where it stands (byte offsets, for linking it in place)
/// and the verses it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub span: Range<usize>,
    pub passage: Passage,
}

/// How strictly word-like book names are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// Running text: word-like names need their capital letter.
    Text,
    /// A search box: the case is whatever the person typed.
    Query,
}

/// Finds scripture references for one canon.
#[derive(Debug, Clone)]
pub struct ScriptureParser {
    canon: Canon,
    names: Vec<scan::Name>,
}

impl ScriptureParser {
    #[must_use]
    pub fn new(canon: Canon) -> Self {
        Self {
            canon,
            names: scan::names(canon),
        }
    }

    #[must_use]
    pub fn canon(&self) -> Canon {
        self.canon
    }

    /// Every reference in running text, in the order they appear.
    #[must_use]
    pub fn find(&self, text: &str) -> Vec<Found> {
        scan::find(&self.names, text, Reading::Text)
    }

    /// Every reference in a search query, where case is not a signal ("jn 3:16", "job 38").
    #[must_use]
    pub fn find_in_query(&self, query: &str) -> Vec<Found> {
        scan::find(&self.names, query, Reading::Query)
    }

    /// The distinct passages of several texts (a story's title, excerpt and text), in the
    /// order first met.
    #[must_use]
    pub fn passages<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> Vec<Passage> {
        let mut out: Vec<Passage> = Vec::new();
        for text in texts {
            for found in self.find(text) {
                if !out.contains(&found.passage) {
                    out.push(found.passage);
                }
            }
        }
        out
    }

    /// A passage from its OSIS form (`John.3.16`, `1Cor.13`, `Ps.23.1-Ps.23.4`), as a
    /// `?passage=` parameter carries it. `None` for anything else, or a book outside the
    /// canon, or verses the book does not have.
    #[must_use]
    pub fn parse_osis(&self, osis: &str) -> Option<Passage> {
        let passage = Passage::from_osis(osis)?;
        self.canon.includes(passage.book()).then_some(passage)
    }
}

#[cfg(test)]
#[path = "parser_tests.rs"]
mod parser_tests;
