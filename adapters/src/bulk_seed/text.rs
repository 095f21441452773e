//! Generated text for the seeded archive: names, titles and sentences from a word list in
//! which "grace" is common, so a search for it matches most stories, as on a real site.

use rand::Rng;
use rand::rngs::StdRng;

const FIRST: [&str; 12] = [
    "Ruth", "Samuel", "Grace", "Daniel", "Esther", "Joseph", "Miriam", "Peter", "Hannah",
    "Stephen", "Lydia", "Matthew",
];
const LAST: [&str; 10] = [
    "Okafor",
    "Lindqvist",
    "Moreno",
    "Nguyen",
    "Brennan",
    "Adeyemi",
    "Kowalski",
    "Haddad",
    "Silva",
    "Thompson",
];
const WORDS: [&str; 64] = [
    "grace",
    "hope",
    "faith",
    "prayer",
    "church",
    "family",
    "morning",
    "quiet",
    "light",
    "healing",
    "neighbour",
    "bread",
    "table",
    "song",
    "psalm",
    "journey",
    "season",
    "storm",
    "peace",
    "mercy",
    "gathering",
    "youth",
    "service",
    "kindness",
    "forgiveness",
    "joy",
    "strength",
    "promise",
    "valley",
    "river",
    "harvest",
    "shepherd",
    "friend",
    "mother",
    "father",
    "children",
    "story",
    "week",
    "sunday",
    "kitchen",
    "hospital",
    "garden",
    "road",
    "winter",
    "spring",
    "candle",
    "word",
    "heart",
    "listening",
    "waiting",
    "giving",
    "sharing",
    "learning",
    "walking",
    "carried",
    "trusted",
    "found",
    "welcomed",
    "remembered",
    "gave",
    "sang",
    "prayed",
    "together",
    "again",
];
const JOIN: [&str; 12] = [
    "and", "the", "of", "in", "with", "our", "through", "when", "we", "a", "for", "to",
];

pub(super) fn person(i: u64) -> (&'static str, &'static str) {
    let i = usize::try_from(i).unwrap_or_default();
    (FIRST[i % FIRST.len()], LAST[(i / FIRST.len()) % LAST.len()])
}

fn word(rng: &mut StdRng) -> &'static str {
    if rng.random_ratio(2, 5) {
        JOIN[rng.random_range(0..JOIN.len())]
    } else {
        WORDS[rng.random_range(0..WORDS.len())]
    }
}

fn capitalised(w: &str) -> String {
    let mut chars = w.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

pub(super) fn title(rng: &mut StdRng) -> String {
    let words: Vec<String> = (0..rng.random_range(3..7))
        .map(|_| capitalised(WORDS[rng.random_range(0..WORDS.len())]))
        .collect();
    words.join(" ")
}

pub(super) fn sentences(rng: &mut StdRng, count: usize) -> String {
    (0..count)
        .map(|_| {
            let words: Vec<&str> = (0..rng.random_range(8..18)).map(|_| word(rng)).collect();
            format!("{}.", capitalised(&words.join(" ")))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn video_id(rng: &mut StdRng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..11)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

/// Passages stories often cite, as people write them.
const CITED: [&str; 12] = [
    "John 3:16",
    "Romans 8:28",
    "1 Cor 13:4-7",
    "Jer 29:11",
    "Phil 4:13",
    "Prov 3:5-6",
    "Isaiah 40:31",
    "Matt 11:28",
    "Ps 46:10",
    "Joshua 1:9",
    "Eph 2:8-9",
    "Heb 11:1",
];

/// A sentence citing scripture: one of the often cited passages, or a psalm.
pub(super) fn citation(rng: &mut StdRng) -> String {
    if rng.random_ratio(1, 2) {
        format!("We read Psalm {} together.", rng.random_range(1..=150))
    } else {
        format!(
            "As {} says, we were not alone.",
            CITED[rng.random_range(0..CITED.len())]
        )
    }
}
