//! The parser, table by table: spellings, forms, ranges, lists, invalid verses, the traps
//! that page-scanning taggers fall into, and the canon option.

use super::*;

fn osis_in(parser: &ScriptureParser, text: &str) -> Vec<String> {
    parser.find(text).iter().map(|f| f.passage.osis()).collect()
}

fn protestant() -> ScriptureParser {
    ScriptureParser::new(Canon::Protestant)
}

/// Running text and the OSIS of every reference in it, in order.
const TEXT_CASES: &[(&str, &[&str])] = &[
    // The forms a congregation writes.
    ("John 3:16", &["John.3.16"]),
    ("Jn 3:16", &["John.3.16"]),
    ("Jn 3.16", &["John.3.16"]),
    ("Jn. 3:16", &["John.3.16"]),
    ("Jhn 3:16", &["John.3.16"]),
    ("john 3:16", &["John.3.16"]),
    ("JOHN 3:16", &["John.3.16"]),
    ("John 3:16-18", &["John.3.16-John.3.18"]),
    ("John 3:16–18", &["John.3.16-John.3.18"]),
    ("John 3:16—18", &["John.3.16-John.3.18"]),
    ("John 3:16 - 18", &["John.3.16-John.3.18"]),
    ("John 3:16–4:2", &["John.3.16-John.4.2"]),
    ("John 3", &["John.3"]),
    ("John 3-4", &["John.3-John.4"]),
    ("1 Cor 13", &["1Cor.13"]),
    ("1 Cor. 13", &["1Cor.13"]),
    ("1Cor 13", &["1Cor.13"]),
    ("1Co 13", &["1Cor.13"]),
    ("1 Co 13:4", &["1Cor.13.4"]),
    ("I Cor 13", &["1Cor.13"]),
    ("I Corinthians 13:4-7", &["1Cor.13.4-1Cor.13.7"]),
    ("First Corinthians 13", &["1Cor.13"]),
    ("1st Corinthians 13", &["1Cor.13"]),
    ("1 Corinthians 13:13", &["1Cor.13.13"]),
    ("2 Cor 5:17", &["2Cor.5.17"]),
    ("II Corinthians 5:17", &["2Cor.5.17"]),
    ("Second Corinthians 12:9", &["2Cor.12.9"]),
    ("2nd Cor 12:9", &["2Cor.12.9"]),
    ("Ps 23", &["Ps.23"]),
    ("Psalm 23", &["Ps.23"]),
    ("Psalms 23", &["Ps.23"]),
    ("Ps 23:1-4", &["Ps.23.1-Ps.23.4"]),
    ("Psa 23:1", &["Ps.23.1"]),
    ("Ps 119:105", &["Ps.119.105"]),
    ("Ps 119:176", &["Ps.119.176"]),
    ("Ps 150", &["Ps.150"]),
    ("Romans 8:28", &["Rom.8.28"]),
    ("Rom 8:28", &["Rom.8.28"]),
    ("Rom. 8:28", &["Rom.8.28"]),
    ("Ro 8:28", &["Rom.8.28"]),
    ("Rm 8:28", &["Rom.8.28"]),
    ("Rom 8:28, 31", &["Rom.8.28", "Rom.8.31"]),
    ("Rom 8:28,31", &["Rom.8.28", "Rom.8.31"]),
    ("Rom 8:28, 31-39", &["Rom.8.28", "Rom.8.31-Rom.8.39"]),
    ("Rom 8:28; 12:1-2", &["Rom.8.28", "Rom.12.1-Rom.12.2"]),
    ("Rom 8:28, 12:2", &["Rom.8.28", "Rom.12.2"]),
    ("Genesis 1:1", &["Gen.1.1"]),
    ("Gen 1:1-2:3", &["Gen.1.1-Gen.2.3"]),
    ("Gn 50:20", &["Gen.50.20"]),
    ("Exodus 20:1-17", &["Exod.20.1-Exod.20.17"]),
    ("Ex 3:14", &["Exod.3.14"]),
    ("Exod 14", &["Exod.14"]),
    ("Lev 19:18", &["Lev.19.18"]),
    ("Deut 6:4-5", &["Deut.6.4-Deut.6.5"]),
    ("Dt 31:6", &["Deut.31.6"]),
    ("Josh 1:9", &["Josh.1.9"]),
    ("Judges 6", &["Judg.6"]),
    ("Judg 6:12", &["Judg.6.12"]),
    ("Ruth 1:16", &["Ruth.1.16"]),
    ("1 Samuel 17", &["1Sam.17"]),
    ("1 Sam 16:7", &["1Sam.16.7"]),
    ("2 Sam 22:2", &["2Sam.22.2"]),
    ("1 Kings 19:12", &["1Kgs.19.12"]),
    ("2 Kgs 6:17", &["2Kgs.6.17"]),
    ("1 Chronicles 4:10", &["1Chr.4.10"]),
    ("2 Chr 7:14", &["2Chr.7.14"]),
    ("Ezra 3:11", &["Ezra.3.11"]),
    ("Neh 8:10", &["Neh.8.10"]),
    ("Esther 4:14", &["Esth.4.14"]),
    ("Job 38", &["Job.38"]),
    ("Job 19:25", &["Job.19.25"]),
    ("Prov 3:5-6", &["Prov.3.5-Prov.3.6"]),
    ("Proverbs 31", &["Prov.31"]),
    ("Eccl 3:1", &["Eccl.3.1"]),
    ("Ecclesiastes 3", &["Eccl.3"]),
    ("Song of Solomon 2:4", &["Song.2.4"]),
    ("Song of Songs 8:6", &["Song.8.6"]),
    ("Song 2:4", &["Song.2.4"]),
    ("Isaiah 53", &["Isa.53"]),
    ("Isa 40:31", &["Isa.40.31"]),
    ("Is 53:5", &["Isa.53.5"]),
    ("Jeremiah 29:11", &["Jer.29.11"]),
    ("Jer 29:11", &["Jer.29.11"]),
    ("Lam 3:22-23", &["Lam.3.22-Lam.3.23"]),
    ("Ezek 37", &["Ezek.37"]),
    ("Daniel 3", &["Dan.3"]),
    ("Dan 6:22", &["Dan.6.22"]),
    ("Hosea 6:6", &["Hos.6.6"]),
    ("Joel 2:28", &["Joel.2.28"]),
    ("Amos 5:24", &["Amos.5.24"]),
    ("Am 5:24", &["Amos.5.24"]),
    ("Obadiah 15", &["Obad.1.15"]),
    ("Jonah 1:17", &["Jonah.1.17"]),
    ("Jonah 2", &["Jonah.2"]),
    ("Micah 6:8", &["Mic.6.8"]),
    ("Nahum 1:7", &["Nah.1.7"]),
    ("Hab 3:17-18", &["Hab.3.17-Hab.3.18"]),
    ("Zeph 3:17", &["Zeph.3.17"]),
    ("Haggai 2:9", &["Hag.2.9"]),
    ("Zech 4:6", &["Zech.4.6"]),
    ("Malachi 3:10", &["Mal.3.10"]),
    ("Matthew 5", &["Matt.5"]),
    ("Matt 28:19-20", &["Matt.28.19-Matt.28.20"]),
    ("Mt 6:33", &["Matt.6.33"]),
    ("Mark 10:45", &["Mark.10.45"]),
    ("Mk 1:15", &["Mark.1.15"]),
    ("Luke 15", &["Luke.15"]),
    ("Lk 2:10", &["Luke.2.10"]),
    ("Acts 2:38", &["Acts.2.38"]),
    ("Acts 2", &["Acts.2"]),
    ("Galatians 5:22-23", &["Gal.5.22-Gal.5.23"]),
    ("Eph 2:8-9", &["Eph.2.8-Eph.2.9"]),
    ("Philippians 4:13", &["Phil.4.13"]),
    ("Phil 4:6-7", &["Phil.4.6-Phil.4.7"]),
    ("Php 4:13", &["Phil.4.13"]),
    ("Col 3:23", &["Col.3.23"]),
    ("1 Thess 5:16-18", &["1Thess.5.16-1Thess.5.18"]),
    ("2 Thessalonians 3:3", &["2Thess.3.3"]),
    ("1 Tim 6:12", &["1Tim.6.12"]),
    ("2 Timothy 3:16", &["2Tim.3.16"]),
    ("Titus 2:11", &["Titus.2.11"]),
    ("Philemon 6", &["Phlm.1.6"]),
    ("Philem 1:6", &["Phlm.1.6"]),
    ("Hebrews 11", &["Heb.11"]),
    ("Heb 11:1", &["Heb.11.1"]),
    ("James 1:2-4", &["Jas.1.2-Jas.1.4"]),
    ("Jas 1:5", &["Jas.1.5"]),
    ("1 Peter 5:7", &["1Pet.5.7"]),
    ("1 Pet 5:7", &["1Pet.5.7"]),
    ("2 Peter 3:9", &["2Pet.3.9"]),
    ("1 John 4:8", &["1John.4.8"]),
    ("1 Jn 1:9", &["1John.1.9"]),
    ("2 John 6", &["2John.1.6"]),
    ("3 John 2", &["3John.1.2"]),
    ("3 John 1:4", &["3John.1.4"]),
    ("Jude 24-25", &["Jude.1.24-Jude.1.25"]),
    ("Jude 3", &["Jude.1.3"]),
    ("Jude 1", &["Jude.1"]),
    ("Revelation 21:4", &["Rev.21.4"]),
    ("Revelations 21:4", &["Rev.21.4"]),
    ("Rev 3:20", &["Rev.3.20"]),
    // In running text.
    ("As John 3:16 says, God loved the world.", &["John.3.16"]),
    ("Read Psalm 23 and then Rom 8:28.", &["Ps.23", "Rom.8.28"]),
    ("(see Isa 40:31)", &["Isa.40.31"]),
    ("Psalm 23, the shepherd psalm", &["Ps.23"]),
    ("John 3:16, 1 John 4:8", &["John.3.16", "1John.4.8"]),
    ("John 3:16; 1 John 4:8", &["John.3.16", "1John.4.8"]),
    ("Jn 3:16 and Jn 3:17", &["John.3.16", "John.3.17"]),
    ("Psalm 23. The Lord is my shepherd.", &["Ps.23"]),
    ("Mark 10:45.", &["Mark.10.45"]),
    ("Micah 6:8!", &["Mic.6.8"]),
    // The traps.
    ("1 Peter", &[]),
    ("Peter 1", &[]),
    ("I read 1 Peter today", &[]),
    ("Jonah 1:17", &["Jonah.1.17"]),
    ("Jonah 3:16", &[]),
    ("Philemon 1:6", &["Phlm.1.6"]),
    ("Philippians 1:6", &["Phil.1.6"]),
    ("Philemon 2:1", &[]),
    ("is 3 years old", &[]),
    ("It Is 3 years old", &[]),
    ("Is 3 years enough?", &[]),
    ("I am 5 years in recovery", &[]),
    ("Am 5 years", &[]),
    ("my job 3 days a week", &[]),
    ("a job 3:16", &[]),
    ("Job", &[]),
    ("Jud 5", &[]),
    ("Jud 1:5", &[]),
    ("Ph 4:13", &[]),
    ("John", &[]),
    ("John said 3 things", &[]),
    ("mark 5 on the calendar", &[]),
    ("she acts 2 parts", &[]),
    ("the numbers 3 and 4", &[]),
    ("a song 2 minutes long", &[]),
    ("ruth 1", &[]),
    ("James 1:2", &["Jas.1.2"]),
    ("my ex 2 years ago", &[]),
    ("Ex 2", &[]),
    ("re 3", &[]),
    ("Ps 23, 5 people came", &["Ps.23"]),
    ("version 3.16.1", &[]),
    ("John 3.16.1", &[]),
    // Chapters and verses that do not exist.
    ("John 3:99", &[]),
    ("John 22:1", &[]),
    ("John 0:1", &[]),
    ("John 3:0", &[]),
    ("Jude 2:1", &[]),
    ("Jude 26", &[]),
    ("Ps 151", &[]),
    ("Gen 51", &[]),
    ("Rev 23:1", &[]),
    ("Obadiah 2:1", &[]),
    ("3 John 15", &["3John.1.15"]),
    ("Mal 5:1", &[]),
    // A range whose end does not exist keeps its start.
    ("John 3:16-99", &["John.3.16"]),
    ("John 3:16-14", &["John.3.16"]),
    ("Ps 23-151", &["Ps.23"]),
    // "2 John 3:16" is no verse of 2 John, and not John 3:16 either: that would be a guess.
    ("2 John 3:16", &[]),
    ("1 John 5:22", &[]),
    ("3 John 16", &[]),
    ("chapter 2 John 3:16", &[]),
    // Deuterocanonical books are not in the Protestant canon.
    ("Tobit 1:1", &[]),
    ("Sirach 2:1", &[]),
    ("Wisdom 3:1", &[]),
    ("1 Maccabees 1:1", &[]),
    ("Baruch 3:9", &[]),
    ("Judith 8:1", &[]),
];

#[test]
fn every_text_case_finds_exactly_its_references() {
    let parser = protestant();
    let mut failures = Vec::new();
    for (text, want) in TEXT_CASES {
        let got = osis_in(&parser, text);
        if got != *want {
            failures.push(format!("{text:?}: found {got:?}, expected {want:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Search queries, where case says nothing.
const QUERY_CASES: &[(&str, &[&str])] = &[
    ("jn 3:16", &["John.3.16"]),
    ("john 3.16", &["John.3.16"]),
    ("1 cor 13", &["1Cor.13"]),
    ("job 38", &["Job.38"]),
    ("mark 10:45", &["Mark.10.45"]),
    ("acts 2", &["Acts.2"]),
    ("is 53:5", &["Isa.53.5"]),
    ("is 3 years", &[]),
    ("am 5:24", &["Amos.5.24"]),
    ("hope ps 23", &["Ps.23"]),
    ("grief romans 8:28 hope", &["Rom.8.28"]),
    ("jud 5", &[]),
    ("psalm", &[]),
];

#[test]
fn every_query_case_finds_exactly_its_references() {
    let parser = protestant();
    for (query, want) in QUERY_CASES {
        let got: Vec<String> = parser
            .find_in_query(query)
            .iter()
            .map(|f| f.passage.osis())
            .collect();
        assert_eq!(got, *want, "query {query:?}");
    }
}

#[test]
fn every_spelling_of_every_book_is_read_at_chapter_one_verse_one() {
    let parser = ScriptureParser::new(Canon::Catholic);
    let mut checked = 0;
    for book in BOOKS {
        let spellings = book.names.iter().chain(book.words.iter());
        for spelling in spellings {
            let capitalised = capitalise(spelling);
            let written = match book.ordinal {
                0 => capitalised.clone(),
                n => format!("{n} {capitalised}"),
            };
            let text = format!("{written} 1:1");
            let got = osis_in(&parser, &text);
            assert_eq!(got, vec![format!("{}.1.1", book.osis)], "{text:?}");
            let with_period = format!("{written}. 1:1");
            assert_eq!(
                osis_in(&parser, &with_period),
                vec![format!("{}.1.1", book.osis)],
                "{with_period:?}"
            );
            checked += 2;
        }
    }
    assert!(checked > 400, "only {checked} spellings checked");
}

#[test]
fn the_last_verse_of_every_book_is_a_reference_and_the_next_is_not() {
    let parser = ScriptureParser::new(Canon::Catholic);
    for book in BOOKS {
        let last_chapter = passage::chapters(book.number);
        let last_verse = passage::verses_in(book.number, last_chapter);
        assert!(
            last_chapter >= 1 && last_verse >= 1,
            "{} has no verses",
            book.osis
        );
        let good = format!("{} {last_chapter}:{last_verse}", book.name);
        assert_eq!(
            osis_in(&parser, &good),
            vec![format!("{}.{last_chapter}.{last_verse}", book.osis)],
            "{good:?}"
        );
        let past_verse = format!("{} {last_chapter}:{}", book.name, last_verse + 1);
        assert!(osis_in(&parser, &past_verse).is_empty(), "{past_verse:?}");
        let past_chapter = format!("{} {}:1", book.name, last_chapter + 1);
        assert!(
            osis_in(&parser, &past_chapter).is_empty(),
            "{past_chapter:?}"
        );
    }
}

fn capitalise(spelling: &str) -> String {
    spelling
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_protestant_canon_has_66_books_and_1189_chapters() {
    let protestant: Vec<_> = BOOKS.iter().filter(|b| !b.deuterocanonical).collect();
    assert_eq!(protestant.len(), 66);
    let chapters: u32 = protestant
        .iter()
        .map(|b| u32::from(passage::chapters(b.number)))
        .sum();
    assert_eq!(chapters, 1189);
    let verses: u32 = protestant
        .iter()
        .map(|b| {
            (1..=passage::chapters(b.number))
                .map(|c| u32::from(passage::verses_in(b.number, c)))
                .sum::<u32>()
        })
        .sum();
    // The King James count (31,102) with 3 John in 15 verses, as the ESV and NIV number it.
    assert_eq!(verses, 31_103);
}

#[test]
fn no_book_answers_to_a_spelling_two_books_share() {
    for book in BOOKS {
        for spelling in book.names.iter().chain(book.words.iter()) {
            assert!(
                !AMBIGUOUS.contains(spelling),
                "{} lists {spelling:?}",
                book.osis
            );
        }
    }
}

#[test]
fn no_spelling_names_two_books() {
    let parser = ScriptureParser::new(Canon::Catholic);
    let mut seen = std::collections::HashMap::new();
    for name in &parser.names {
        if let Some(other) = seen.insert(name.tokens.clone(), name.book) {
            assert_eq!(other, name.book, "{:?} names two books", name.tokens);
        }
    }
}

#[test]
fn the_catholic_canon_adds_the_deuterocanonical_books() {
    let parser = ScriptureParser::new(Canon::Catholic);
    let cases: &[(&str, &str)] = &[
        ("Tobit 1:1", "Tob.1.1"),
        ("Tob 12:8", "Tob.12.8"),
        ("Judith 8:1", "Jdt.8.1"),
        ("Wisdom 3:1", "Wis.3.1"),
        ("Wisdom of Solomon 3:1-9", "Wis.3.1-Wis.3.9"),
        ("Sirach 2:1", "Sir.2.1"),
        ("Ecclesiasticus 2:1", "Sir.2.1"),
        ("Baruch 3:9", "Bar.3.9"),
        ("1 Maccabees 1:1", "1Macc.1.1"),
        ("2 Macc 7", "2Macc.7"),
    ];
    for (text, osis) in cases {
        assert_eq!(osis_in(&parser, text), vec![(*osis).to_owned()], "{text:?}");
    }
    // The Protestant books are read the same way in both.
    assert_eq!(osis_in(&parser, "John 3:16"), vec!["John.3.16"]);
}

#[test]
fn the_canon_setting_is_read_in_any_case_and_refuses_others() {
    assert_eq!(Canon::parse("protestant"), Some(Canon::Protestant));
    assert_eq!(Canon::parse(" Catholic "), Some(Canon::Catholic));
    assert_eq!(Canon::parse("orthodox"), None);
    assert_eq!(Canon::default(), Canon::Protestant);
}

#[test]
fn verse_ids_are_book_chapter_and_verse() {
    let parser = protestant();
    let found = parser.find("John 3:16-18");
    let passage = found[0].passage;
    assert_eq!(passage.start_id(), VerseId(43_003_016));
    assert_eq!(passage.end_id(), VerseId(43_003_018));
    let chapter = parser.find("1 Cor 13")[0].passage;
    assert_eq!(chapter.start_id(), VerseId(46_013_001));
    assert_eq!(chapter.end_id(), VerseId(46_013_013));
    let psalms = parser.find("Ps 23-24")[0].passage;
    assert_eq!(psalms.start_id(), VerseId(19_023_001));
    assert_eq!(psalms.end_id(), VerseId(19_024_010));
}

#[test]
fn passages_overlap_both_ways_and_not_across_books() {
    let parser = protestant();
    let one = |t: &str| parser.find(t)[0].passage;
    assert!(one("1 Cor 13").overlaps(&one("1 Cor 13:4")));
    assert!(one("1 Cor 13:4").overlaps(&one("1 Cor 13")));
    assert!(one("John 3:16-18").overlaps(&one("John 3:18-21")));
    assert!(!one("John 3:16-18").overlaps(&one("John 3:19")));
    assert!(!one("John 3:16").overlaps(&one("1 John 3:16")));
    assert!(one("John 3:16–4:2").overlaps(&one("John 4")));
}

#[test]
fn display_forms_read_as_people_write_them() {
    let parser = protestant();
    let cases: &[(&str, &str)] = &[
        ("Jn 3:16", "John 3:16"),
        ("jn 3.16-18", "John 3:16–18"),
        ("John 3:16-4:2", "John 3:16–4:2"),
        ("Ps 23", "Psalm 23"),
        ("Ps 23:1-4", "Psalm 23:1–4"),
        ("Ps 23-24", "Psalms 23–24"),
        ("1Co 13", "1 Corinthians 13"),
        ("I Cor 13:4", "1 Corinthians 13:4"),
        ("Jude 3", "Jude 3"),
        ("Jude 24-25", "Jude 24–25"),
        ("Jude 1", "Jude"),
        ("Song 2:4", "Song of Solomon 2:4"),
    ];
    for (text, display) in cases {
        assert_eq!(parser.find(text)[0].passage.display(), *display, "{text:?}");
    }
}

#[test]
fn osis_forms_read_back_to_the_same_passage() {
    let parser = protestant();
    for (text, want) in TEXT_CASES {
        for (found, osis) in parser.find(text).iter().zip(want.iter()) {
            assert_eq!(parser.parse_osis(osis), Some(found.passage), "{osis}");
        }
    }
    for bad in [
        "",
        "John",
        "John.3.99",
        "Nope.1.1",
        "John.3.16-Rom.1.1",
        "John.3.18-John.3.16",
        "John.x",
        "John.3.16.1",
    ] {
        assert_eq!(parser.parse_osis(bad), None, "{bad:?}");
    }
    assert_eq!(parser.parse_osis("Tob.1.1"), None, "outside the canon");
    assert!(
        ScriptureParser::new(Canon::Catholic)
            .parse_osis("Tob.1.1")
            .is_some()
    );
}

#[test]
fn spans_cover_each_reference_and_its_list_items_in_place() {
    let parser = protestant();
    let text = "See Rom 8:28, 31 today";
    let spans: Vec<&str> = parser
        .find(text)
        .iter()
        .map(|f| &text[f.span.clone()])
        .collect();
    assert_eq!(spans, vec!["Rom 8:28", "31"]);
    let text = "«Psalm 23:1–4» and 1 Cor. 13";
    let spans: Vec<&str> = parser
        .find(text)
        .iter()
        .map(|f| &text[f.span.clone()])
        .collect();
    assert_eq!(spans, vec!["Psalm 23:1–4", "1 Cor. 13"]);
}

#[test]
fn a_story_s_passages_are_distinct_across_its_texts() {
    let parser = protestant();
    let passages = parser.passages(["Psalm 23", "On Ps 23 and John 3:16", "Jn 3:16"]);
    let osis: Vec<String> = passages.iter().map(Passage::osis).collect();
    assert_eq!(osis, vec!["Ps.23", "John.3.16"]);
}
