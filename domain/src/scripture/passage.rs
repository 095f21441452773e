//! A passage: a range of verses of one book, with its OSIS form, its display form and the
//! numeric [`VerseId`]s that make "which passages overlap this one" an indexed range query.

use std::fmt;

use super::books::Book;
use super::canon::{by_number, by_osis};
use super::verses::verse_counts;

/// One verse as a number that sorts in canonical order:
/// `book × 1,000,000 + chapter × 1,000 + verse` (John 3:16 is 43,003,016).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VerseId(pub u32);

/// A chapter and verse of some book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Verse {
    pub chapter: u16,
    pub verse: u16,
}

/// A range of verses of one book. Built only by the parser, so it always names verses the
/// book has and its end never comes before its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Passage {
    book: u32,
    start: Verse,
    end: Verse,
    /// Written as whole chapters ("Ps 23", "Ps 23-24"): shown and coded without verses.
    whole_chapters: bool,
}

/// How many chapters a book has.
pub(super) fn chapters(book: u32) -> u16 {
    u16::try_from(verse_counts(book).len()).unwrap_or(u16::MAX)
}

/// How many verses a chapter has (0 when the book has no such chapter).
pub(super) fn verses_in(book: u32, chapter: u16) -> u16 {
    usize::from(chapter)
        .checked_sub(1)
        .and_then(|i| verse_counts(book).get(i).copied())
        .unwrap_or(0)
}

impl Passage {
    /// Verses `start..=end` of a book, or `None` when a verse does not exist or the end
    /// comes first.
    pub(super) fn verses(book: u32, start: Verse, end: Verse) -> Option<Self> {
        let exists = |v: Verse| v.verse >= 1 && v.verse <= verses_in(book, v.chapter);
        (exists(start) && exists(end) && start <= end).then_some(Self {
            book,
            start,
            end,
            whole_chapters: false,
        })
    }

    /// Whole chapters `first..=last` of a book.
    pub(super) fn chapters(book: u32, first: u16, last: u16) -> Option<Self> {
        let count = chapters(book);
        (first >= 1 && first <= last && last <= count).then(|| Self {
            book,
            start: Verse {
                chapter: first,
                verse: 1,
            },
            end: Verse {
                chapter: last,
                verse: verses_in(book, last),
            },
            whole_chapters: true,
        })
    }

    #[must_use]
    #[allow(clippy::missing_panics_doc)] // every passage's book is in the table
    pub fn book(&self) -> &'static Book {
        #[allow(clippy::expect_used)]
        by_number(self.book).expect("a passage names a known book")
    }

    /// Whether it was written as whole chapters ("Ps 23", "Ps 23-24").
    #[must_use]
    pub fn is_whole_chapters(&self) -> bool {
        self.whole_chapters
    }

    /// The book's number (1 = Genesis).
    #[must_use]
    pub fn book_number(&self) -> u32 {
        self.book
    }

    #[must_use]
    pub fn start(&self) -> Verse {
        self.start
    }

    #[must_use]
    pub fn end(&self) -> Verse {
        self.end
    }

    #[must_use]
    pub fn start_id(&self) -> VerseId {
        self.id(self.start)
    }

    #[must_use]
    pub fn end_id(&self) -> VerseId {
        self.id(self.end)
    }

    fn id(&self, v: Verse) -> VerseId {
        VerseId(self.book * 1_000_000 + u32::from(v.chapter) * 1_000 + u32::from(v.verse))
    }

    /// Whether the two passages share at least one verse.
    #[must_use]
    pub fn overlaps(&self, other: &Passage) -> bool {
        self.start_id() <= other.end_id() && other.start_id() <= self.end_id()
    }

    /// The OSIS form: `John.3.16`, `John.3.16-John.3.18`, `1Cor.13`, `Ps.23-Ps.24`.
    #[must_use]
    pub fn osis(&self) -> String {
        let b = self.book().osis;
        let (s, e) = (self.start, self.end);
        if self.whole_chapters {
            if s.chapter == e.chapter {
                format!("{b}.{}", s.chapter)
            } else {
                format!("{b}.{}-{b}.{}", s.chapter, e.chapter)
            }
        } else if s == e {
            format!("{b}.{}.{}", s.chapter, s.verse)
        } else {
            format!(
                "{b}.{}.{}-{b}.{}.{}",
                s.chapter, s.verse, e.chapter, e.verse
            )
        }
    }

    /// Reads an OSIS form back (`John.3.16`, `1Cor.13`, `Ps.23.1-Ps.23.4`, `Ps.23-Ps.24`),
    /// whatever the canon: for passages read back from storage. Input from people goes
    /// through [`super::ScriptureParser::parse_osis`], which also checks the canon.
    #[must_use]
    pub fn from_osis(text: &str) -> Option<Self> {
        let (first, last) = match text.trim().split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (text.trim(), None),
        };
        let (book, start_chapter, start_verse) = osis_point(first)?;
        let Some(last) = last else {
            return match start_verse {
                Some(v) => Self::verses(
                    book,
                    start_chapter_verse(start_chapter, v),
                    start_chapter_verse(start_chapter, v),
                ),
                None => Self::chapters(book, start_chapter, start_chapter),
            };
        };
        let (end_book, end_chapter, end_verse) = osis_point(last)?;
        if end_book != book {
            return None;
        }
        match (start_verse, end_verse) {
            (None, None) => Self::chapters(book, start_chapter, end_chapter),
            (s, e) => Self::verses(
                book,
                start_chapter_verse(start_chapter, s.unwrap_or(1)),
                start_chapter_verse(
                    end_chapter,
                    e.unwrap_or_else(|| verses_in(book, end_chapter)),
                ),
            ),
        }
    }

    /// How readers see it: `John 3:16`, `John 3:16–18`, `John 3:16–4:2`, `Psalm 23`,
    /// `Psalms 23–24`, `1 Corinthians 13`, `Jude 3`.
    #[must_use]
    pub fn display(&self) -> String {
        self.to_string()
    }
}

fn start_chapter_verse(chapter: u16, verse: u16) -> Verse {
    Verse { chapter, verse }
}

/// `Book.C` or `Book.C.V`.
fn osis_point(text: &str) -> Option<(u32, u16, Option<u16>)> {
    let mut parts = text.split('.');
    let book = by_osis(parts.next()?)?.number;
    let chapter = parts.next()?.parse().ok()?;
    let verse = match parts.next() {
        Some(v) => Some(v.parse().ok()?),
        None => None,
    };
    if parts.next().is_some() {
        return None;
    }
    Some((book, chapter, verse))
}

impl fmt::Display for Passage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let book = self.book();
        let (s, e) = (self.start, self.end);
        let one_chapter_book = chapters(self.book) == 1;
        if self.whole_chapters {
            return if one_chapter_book {
                write!(f, "{}", book.name)
            } else if s.chapter == e.chapter {
                write!(f, "{} {}", book.chapter_name, s.chapter)
            } else {
                write!(f, "{} {}–{}", book.name, s.chapter, e.chapter)
            };
        }
        if one_chapter_book {
            write!(f, "{} {}", book.name, s.verse)?;
            return if s == e {
                Ok(())
            } else {
                write!(f, "–{}", e.verse)
            };
        }
        let name = if s.chapter == e.chapter {
            book.chapter_name
        } else {
            book.name
        };
        write!(f, "{name} {}:{}", s.chapter, s.verse)?;
        if s == e {
            Ok(())
        } else if s.chapter == e.chapter {
            write!(f, "–{}", e.verse)
        } else {
            write!(f, "–{}:{}", e.chapter, e.verse)
        }
    }
}
