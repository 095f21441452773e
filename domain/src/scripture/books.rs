//! The books of the Bible as a congregation writes them: OSIS code, the name shown, and
//! the spellings and abbreviations the parser accepts.
//!
//! Numbered books (`1 Corinthians`) list the name without its number; the parser accepts
//! it after `1`, `1st`, `I` or `First` (and `2`, `2nd`, `II`, `Second`; `3`, `3rd`, `III`,
//! `Third`), with or without a space. Names are matched whole-word and case-insensitively;
//! a trailing period is allowed after any of them.

/// One book of the Bible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Book {
    /// 1 = Genesis ... 66 = Revelation; the deuterocanonical books follow (67 and up).
    pub number: u32,
    /// The OSIS code: `Gen`, `1Cor`, `Ps`.
    pub osis: &'static str,
    /// The name shown to readers: `1 Corinthians`.
    pub name: &'static str,
    /// The name of one chapter when it differs (`Psalm 23`, not `Psalms 23`).
    pub chapter_name: &'static str,
    /// The book's number for a numbered book (`1` of `1 Corinthians`), else 0.
    pub(super) ordinal: u8,
    /// Spellings, lower-case, without the number of a numbered book.
    pub(super) names: &'static [&'static str],
    /// Spellings that are also everyday English words or names ("Job", "Mark", "Acts"):
    /// in running text they count only when written with a capital letter.
    pub(super) words: &'static [&'static str],
    /// Part of the Catholic canon only.
    pub deuterocanonical: bool,
}

/// Spellings refused everywhere because they could name two books ("Jud": Judges or
/// Jude; "Ph": Philippians or Philemon). No book lists them.
pub const AMBIGUOUS: &[&str] = &["jud", "ju", "jo", "ph", "phi", "th"];

/// Whether a spelling is also a short English word ("is", "am", "ex", "re"): two letters
/// with a vowel. In running text such a spelling counts only with a capital letter and
/// a chapter *and* verse ("Is 53:5", never "is 3 years"); consonant abbreviations such as
/// "Ps" and "Jn" are not words and need neither.
pub(super) fn is_short_word(spelling: &str) -> bool {
    spelling.len() <= 2 && spelling.chars().any(|c| "aeiouy".contains(c))
}

/// Spellings of a book's number: `1`, `1st`, `i`, `first`.
pub(super) fn ordinal_spellings(ordinal: u8) -> &'static [&'static [&'static str]] {
    match ordinal {
        1 => &[&["1"], &["1", "st"], &["i"], &["first"]],
        2 => &[&["2"], &["2", "nd"], &["ii"], &["second"]],
        3 => &[&["3"], &["3", "rd"], &["iii"], &["third"]],
        _ => &[],
    }
}
