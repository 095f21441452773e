//! The table of books: every book's number, OSIS code, name and spellings, in canonical
//! order. What the fields mean is on [`Book`].

use super::books::Book;

pub(super) const fn book(
    number: u32,
    osis: &'static str,
    name: &'static str,
    names: &'static [&'static str],
    words: &'static [&'static str],
) -> Book {
    Book {
        number,
        osis,
        name,
        chapter_name: name,
        ordinal: 0,
        names,
        words,
        deuterocanonical: false,
    }
}

const fn numbered(
    number: u32,
    ordinal: u8,
    osis: &'static str,
    name: &'static str,
    names: &'static [&'static str],
) -> Book {
    Book {
        number,
        osis,
        name,
        chapter_name: name,
        ordinal,
        names,
        words: &[],
        deuterocanonical: false,
    }
}

const fn deutero(book: Book) -> Book {
    Book {
        deuterocanonical: true,
        ..book
    }
}

const SAMUEL: &[&str] = &["samuel", "sam", "sa", "sm"];
const KINGS: &[&str] = &["kings", "kgs", "kin", "ki", "kg"];
const CHRONICLES: &[&str] = &["chronicles", "chron", "chr", "ch"];
const CORINTHIANS: &[&str] = &["corinthians", "cor", "co"];
const THESSALONIANS: &[&str] = &["thessalonians", "thess", "thes", "ths"];
const TIMOTHY: &[&str] = &["timothy", "tim", "tm"];
const PETER: &[&str] = &["peter", "pet", "pe", "pt"];
const JOHN_LETTER: &[&str] = &["john", "jn", "jhn", "joh"];
const MACCABEES: &[&str] = &["maccabees", "macc", "mac", "ma"];

/// Every book the parser knows, in canonical order.
pub const BOOKS: &[Book] = &[
    book(1, "Gen", "Genesis", &["genesis", "gen", "ge", "gn"], &[]),
    book(2, "Exod", "Exodus", &["exodus", "exod", "exo", "ex"], &[]),
    book(
        3,
        "Lev",
        "Leviticus",
        &["leviticus", "lev", "le", "lv"],
        &[],
    ),
    book(
        4,
        "Num",
        "Numbers",
        &["num", "nu", "nm", "nb"],
        &["numbers"],
    ),
    book(
        5,
        "Deut",
        "Deuteronomy",
        &["deuteronomy", "deut", "deu", "dt"],
        &[],
    ),
    book(6, "Josh", "Joshua", &["joshua", "josh", "jos", "jsh"], &[]),
    book(
        7,
        "Judg",
        "Judges",
        &["judg", "jdg", "jg", "jdgs"],
        &["judges"],
    ),
    book(8, "Ruth", "Ruth", &["rth", "ru"], &["ruth"]),
    numbered(9, 1, "1Sam", "1 Samuel", SAMUEL),
    numbered(10, 2, "2Sam", "2 Samuel", SAMUEL),
    numbered(11, 1, "1Kgs", "1 Kings", KINGS),
    numbered(12, 2, "2Kgs", "2 Kings", KINGS),
    numbered(13, 1, "1Chr", "1 Chronicles", CHRONICLES),
    numbered(14, 2, "2Chr", "2 Chronicles", CHRONICLES),
    book(15, "Ezra", "Ezra", &["ezra", "ezr"], &[]),
    book(16, "Neh", "Nehemiah", &["nehemiah", "neh", "ne"], &[]),
    book(17, "Esth", "Esther", &["esther", "esth", "est"], &[]),
    book(18, "Job", "Job", &["jb"], &["job"]),
    Book {
        chapter_name: "Psalm",
        ..book(
            19,
            "Ps",
            "Psalms",
            &["psalms", "psalm", "pss", "ps", "psa", "psm", "pslm"],
            &[],
        )
    },
    book(
        20,
        "Prov",
        "Proverbs",
        &["proverbs", "prov", "pro", "prv", "pr"],
        &[],
    ),
    book(
        21,
        "Eccl",
        "Ecclesiastes",
        &["ecclesiastes", "eccl", "eccles", "ecc", "qoh", "qoheleth"],
        &[],
    ),
    book(
        22,
        "Song",
        "Song of Solomon",
        &[
            "song of solomon",
            "song of songs",
            "canticles",
            "sos",
            "cant",
        ],
        &["song"],
    ),
    book(23, "Isa", "Isaiah", &["isaiah", "isa"], &["is"]),
    book(24, "Jer", "Jeremiah", &["jeremiah", "jer", "je", "jr"], &[]),
    book(
        25,
        "Lam",
        "Lamentations",
        &["lamentations", "lam", "la"],
        &[],
    ),
    book(
        26,
        "Ezek",
        "Ezekiel",
        &["ezekiel", "ezek", "eze", "ezk"],
        &[],
    ),
    book(27, "Dan", "Daniel", &["daniel", "dan", "dn"], &[]),
    book(28, "Hos", "Hosea", &["hosea", "hos", "ho"], &[]),
    book(29, "Joel", "Joel", &["joel", "jl"], &[]),
    book(30, "Amos", "Amos", &["amos"], &["am"]),
    book(31, "Obad", "Obadiah", &["obadiah", "obad", "ob"], &[]),
    book(32, "Jonah", "Jonah", &["jonah", "jon", "jnh"], &[]),
    book(33, "Mic", "Micah", &["micah", "mic", "mc"], &[]),
    book(34, "Nah", "Nahum", &["nahum", "nah", "na"], &[]),
    book(35, "Hab", "Habakkuk", &["habakkuk", "hab", "hb"], &[]),
    book(
        36,
        "Zeph",
        "Zephaniah",
        &["zephaniah", "zeph", "zep", "zp"],
        &[],
    ),
    book(37, "Hag", "Haggai", &["haggai", "hag", "hg"], &[]),
    book(
        38,
        "Zech",
        "Zechariah",
        &["zechariah", "zech", "zec", "zc"],
        &[],
    ),
    book(39, "Mal", "Malachi", &["malachi", "mal", "ml"], &[]),
    book(
        40,
        "Matt",
        "Matthew",
        &["matthew", "matt", "mat", "mt"],
        &[],
    ),
    book(41, "Mark", "Mark", &["mrk", "mk", "mr"], &["mark"]),
    book(42, "Luke", "Luke", &["luke", "luk", "lk"], &[]),
    book(43, "John", "John", &["john", "jhn", "jn", "joh"], &[]),
    book(44, "Acts", "Acts", &["act", "ac"], &["acts"]),
    book(45, "Rom", "Romans", &["romans", "rom", "ro", "rm"], &[]),
    numbered(46, 1, "1Cor", "1 Corinthians", CORINTHIANS),
    numbered(47, 2, "2Cor", "2 Corinthians", CORINTHIANS),
    book(48, "Gal", "Galatians", &["galatians", "gal", "ga"], &[]),
    book(49, "Eph", "Ephesians", &["ephesians", "eph", "ephes"], &[]),
    book(
        50,
        "Phil",
        "Philippians",
        &["philippians", "phil", "php", "pp"],
        &[],
    ),
    book(51, "Col", "Colossians", &["colossians", "col"], &[]),
    numbered(52, 1, "1Thess", "1 Thessalonians", THESSALONIANS),
    numbered(53, 2, "2Thess", "2 Thessalonians", THESSALONIANS),
    numbered(54, 1, "1Tim", "1 Timothy", TIMOTHY),
    numbered(55, 2, "2Tim", "2 Timothy", TIMOTHY),
    book(56, "Titus", "Titus", &["tit"], &["titus"]),
    book(
        57,
        "Phlm",
        "Philemon",
        &["philemon", "philem", "phlm", "phm"],
        &[],
    ),
    book(58, "Heb", "Hebrews", &["hebrews", "heb"], &[]),
    book(59, "Jas", "James", &["jas", "jm"], &["james"]),
    numbered(60, 1, "1Pet", "1 Peter", PETER),
    numbered(61, 2, "2Pet", "2 Peter", PETER),
    numbered(62, 1, "1John", "1 John", JOHN_LETTER),
    numbered(63, 2, "2John", "2 John", JOHN_LETTER),
    numbered(64, 3, "3John", "3 John", JOHN_LETTER),
    book(65, "Jude", "Jude", &["jd"], &["jude"]),
    book(
        66,
        "Rev",
        "Revelation",
        &["revelation", "revelations", "rev", "re", "rv"],
        &[],
    ),
    deutero(book(67, "Tob", "Tobit", &["tobit", "tob", "tb"], &[])),
    deutero(book(68, "Jdt", "Judith", &["judith", "jdt", "jdth"], &[])),
    deutero(book(
        70,
        "Wis",
        "Wisdom",
        &["wisdom of solomon", "wisdom", "wis", "ws"],
        &[],
    )),
    deutero(book(
        71,
        "Sir",
        "Sirach",
        &["sirach", "sir", "ecclesiasticus", "ecclus"],
        &[],
    )),
    deutero(book(72, "Bar", "Baruch", &["baruch", "bar"], &[])),
    deutero(numbered(78, 1, "1Macc", "1 Maccabees", MACCABEES)),
    deutero(numbered(79, 2, "2Macc", "2 Maccabees", MACCABEES)),
];

/// The book with this number.
#[must_use]
pub fn by_number(number: u32) -> Option<&'static Book> {
    BOOKS.iter().find(|b| b.number == number)
}

/// The book with this OSIS code (`1Cor`), compared without regard to case.
#[must_use]
pub fn by_osis(osis: &str) -> Option<&'static Book> {
    BOOKS.iter().find(|b| b.osis.eq_ignore_ascii_case(osis))
}
