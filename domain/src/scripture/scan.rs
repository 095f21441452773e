//! The scanner behind [`super::ScriptureParser`]: text to tokens, tokens to references.
//!
//! A reference is a book name, a chapter, an optional verse (`3:16` or `3.16`), an
//! optional range (`-18`, `–4:2`) and optional list items after a comma or semicolon
//! (`Rom 8:28, 31`; `Ps 23; 91`), each item its own [`Found`]. Where a candidate fails
//! (a verse the book does not have), the scan moves past its whole book name: "1 John
//! 5:22" is no reference, not John 5:22.

use super::books::{Book, is_short_word, ordinal_spellings};
use super::canon::BOOKS;
use super::passage::{Passage, Verse, chapters};
use super::tokens::{Kind, Token, is_dash, tokenize};
use super::{Canon, Found, Reading};

/// One way of writing one book, as the tokens it reads as.
#[derive(Debug, Clone)]
pub(super) struct Name {
    pub(super) tokens: Vec<String>,
    pub(super) book: u32,
    /// An everyday word or name ("Job", "Mark"): needs its capital letter in running text.
    word: bool,
    /// A two-letter word ("Is", "Am"): needs a capital letter and a verse.
    short_word: bool,
}

/// Every spelling of every book in the canon, longest first, so "Song of Solomon" wins
/// over "Song" and "1 John" over "John".
pub(super) fn names(canon: Canon) -> Vec<Name> {
    let mut out = Vec::new();
    for book in BOOKS.iter().filter(|b| canon.includes(b)) {
        add_spellings(&mut out, book, book.names, false);
        add_spellings(&mut out, book, book.words, true);
    }
    out.sort_by_key(|name| std::cmp::Reverse(name.tokens.len()));
    out
}

fn add_spellings(out: &mut Vec<Name>, book: &Book, spellings: &[&str], word: bool) {
    for spelling in spellings {
        let base: Vec<String> = spelling.split(' ').map(str::to_owned).collect();
        if book.ordinal == 0 {
            out.push(Name {
                tokens: base,
                book: book.number,
                word,
                short_word: is_short_word(spelling),
            });
        } else {
            for prefix in ordinal_spellings(book.ordinal) {
                let mut tokens: Vec<String> = prefix.iter().map(|t| (*t).to_owned()).collect();
                tokens.extend(base.iter().cloned());
                out.push(Name {
                    tokens,
                    book: book.number,
                    word: false,
                    short_word: false,
                });
            }
        }
    }
}

struct Scan<'a> {
    names: &'a [Name],
    tokens: Vec<Token>,
    reading: Reading,
}

pub(super) fn find(names: &[Name], text: &str, reading: Reading) -> Vec<Found> {
    let scan = Scan {
        names,
        tokens: tokenize(text),
        reading,
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < scan.tokens.len() {
        i = match scan.book_at(i) {
            // A book name that fails as a reference is skipped whole: "1 John 5:22" is
            // no verse of 1 John, and reading it as John 5:22 would be a guess.
            Some((_, after_name)) => scan.reference_at(i, &mut found).unwrap_or(after_name),
            None => i + 1,
        };
    }
    found
}

/// A chapter and, when written, a verse, as read before they are checked.
#[derive(Debug, Clone, Copy)]
struct Point {
    chapter: u16,
    verse: Option<u16>,
}

impl Scan<'_> {
    fn number(&self, i: usize) -> Option<u16> {
        match self.tokens.get(i)?.kind {
            Kind::Number(n) => Some(n),
            _ => None,
        }
    }

    fn punct(&self, i: usize) -> Option<char> {
        match self.tokens.get(i)?.kind {
            Kind::Punct(c) => Some(c),
            _ => None,
        }
    }

    fn tight(&self, i: usize) -> bool {
        self.tokens.get(i).is_some_and(|t| !t.spaced)
    }

    /// The longest book name that starts at token `i`: the book and the token after it.
    fn book_at(&self, i: usize) -> Option<(&Name, usize)> {
        self.names.iter().find_map(|name| {
            let matches = name.tokens.iter().enumerate().all(|(k, want)| {
                self.tokens.get(i + k).is_some_and(|t| match &t.kind {
                    Kind::Word(w) => w == want,
                    Kind::Number(n) => n.to_string() == *want && (k == 0 || !t.spaced),
                    Kind::Punct(_) => false,
                })
            });
            matches.then_some((name, i + name.tokens.len()))
        })
    }

    /// `C` or `C:V` / `C.V` (no spaces inside) starting at `i`: the point and the next token.
    fn point_at(&self, i: usize) -> Option<(Point, usize)> {
        let chapter = self.number(i)?;
        let separated = matches!(self.punct(i + 1), Some(':' | '.'));
        if separated
            && self.tight(i + 1)
            && self.tight(i + 2)
            && let Some(verse) = self.number(i + 2)
        {
            // "3.16.1" is a version number or a date, not a verse.
            let dotted_on = self.punct(i + 3) == Some('.')
                && self.number(i + 4).is_some()
                && self.tight(i + 3)
                && self.tight(i + 4);
            if dotted_on {
                return None;
            }
            let verse = Some(verse);
            return Some((Point { chapter, verse }, i + 3));
        }
        Some((
            Point {
                chapter,
                verse: None,
            },
            i + 1,
        ))
    }

    /// A reference starting at token `i` with its list items, pushed to `found`; the token
    /// after the last one read, or `None` when no reference starts here.
    fn reference_at(&self, i: usize, found: &mut Vec<Found>) -> Option<usize> {
        let (name, mut next) = self.book_at(i)?;
        let first = &self.tokens[i];
        if self.reading == Reading::Text && (name.word || name.short_word) && !first.capital {
            return None;
        }
        if self.punct(next) == Some('.') && self.tight(next) {
            next += 1;
        }
        let (start, after) = self.point_at(next)?;
        if name.short_word && start.verse.is_none() {
            return None;
        }
        let (passage, after) = self.passage(name.book, start, after)?;
        found.push(Found {
            span: first.start..self.tokens[after - 1].end,
            passage,
        });
        Some(self.list_items(name.book, start, after, found))
    }

    /// The passage that starts at `start` (already read, up to token `after`), with its
    /// range when one follows; `None` when the start names no verse of the book.
    fn passage(&self, book: u32, start: Point, after: usize) -> Option<(Passage, usize)> {
        let single = self.resolve(book, start, start)?;
        let Some(dash) = self.punct(after).filter(|c| is_dash(*c)).map(|_| after) else {
            return Some((single, after));
        };
        let Some((end, end_after)) = self.point_at(dash + 1) else {
            return Some((single, after));
        };
        // "John 3:16-18": the end is a verse of the same chapter; "Ps 23-24": a chapter.
        let end = match (start.verse, end.verse) {
            (Some(_), None) if chapters(book) > 1 => Point {
                chapter: start.chapter,
                verse: Some(end.chapter),
            },
            _ => end,
        };
        match self.resolve(book, start, end) {
            Some(range) => Some((range, end_after)),
            None => Some((single, after)),
        }
    }

    /// Checks a start and end against the book's chapters and verses.
    fn resolve(&self, book: u32, start: Point, end: Point) -> Option<Passage> {
        // One-chapter books: "Jude 3" is verse 3; "Jude 1" the whole book.
        let one_chapter = chapters(book) == 1;
        let as_verse = |p: Point| -> Option<Verse> {
            match p.verse {
                Some(verse) => Some(Verse {
                    chapter: p.chapter,
                    verse,
                }),
                None if one_chapter && p.chapter > 1 => Some(Verse {
                    chapter: 1,
                    verse: p.chapter,
                }),
                None => None,
            }
        };
        match (as_verse(start), as_verse(end)) {
            (None, None) => Passage::chapters(book, start.chapter, end.chapter),
            (Some(s), Some(e)) => Passage::verses(book, s, e),
            (Some(s), None) if one_chapter => Passage::verses(
                book,
                s,
                Verse {
                    chapter: 1,
                    verse: end.chapter,
                },
            ),
            (Some(s), None) => Passage::verses(
                book,
                s,
                Verse {
                    chapter: end.chapter,
                    verse: super::passage::verses_in(book, end.chapter),
                },
            ),
            (None, Some(e)) => Passage::verses(
                book,
                Verse {
                    chapter: start.chapter,
                    verse: 1,
                },
                e,
            ),
        }
    }

    /// `, 31` or `; 9:1` after a reference: more passages of the same book. A number that
    /// begins another book's name ("John 3:16, 1 John 4:8") ends the list.
    fn list_items(
        &self,
        book: u32,
        mut last: Point,
        mut i: usize,
        found: &mut Vec<Found>,
    ) -> usize {
        while matches!(self.punct(i), Some(',' | ';')) {
            if self.book_at(i + 1).is_some() {
                break;
            }
            let Some((item, after)) = self.point_at(i + 1) else {
                break;
            };
            // After a verse, a bare number is another verse of the same chapter. After a
            // chapter, a bare number may be anything ("Ps 23, 5 people"): not read.
            if last.verse.is_none() && item.verse.is_none() && chapters(book) > 1 {
                break;
            }
            let item = match (last.verse, item.verse) {
                (Some(_), None) if self.punct(i) == Some(',') && chapters(book) > 1 => Point {
                    chapter: last.chapter,
                    verse: Some(item.chapter),
                },
                _ => item,
            };
            let Some((passage, after)) = self.passage(book, item, after) else {
                break;
            };
            found.push(Found {
                span: self.tokens[i + 1].start..self.tokens[after - 1].end,
                passage,
            });
            last = item;
            i = after;
        }
        i
    }
}
