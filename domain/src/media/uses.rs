//! Which pictures a story uses: the keys of the site's picture addresses in its text and
//! thumbnail. A picture no story (or stored version of one) uses is deleted
//! [`UNUSED_GRACE_HOURS`] after its upload, and at once when the last story using it goes.

/// How long an upload may wait for a story to use it before the clean-up job deletes it
/// (long enough to finish writing a story in another tab).
pub const UNUSED_GRACE_HOURS: i64 = 24;

const KEY_LEN: usize = 32;

/// The keys of the site's pictures that `text` points at (`/media/{key}-...`, relative or
/// absolute), each once, in order of appearance.
pub fn keys_in(text: &str) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (at, _) in text.match_indices("/media/") {
        let rest = &text[at + "/media/".len()..];
        let Some(key) = rest.get(..KEY_LEN) else {
            continue;
        };
        let hex = key
            .chars()
            .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c));
        if hex && rest[KEY_LEN..].starts_with('-') && !keys.iter().any(|k| k == key) {
            keys.push(key.to_owned());
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0123456789abcdef0123456789abcdef";
    const B: &str = "fedcba9876543210fedcba9876543210";

    #[test]
    fn keys_come_from_relative_and_absolute_picture_addresses_once_each() {
        let text = format!(
            r#"<p><img src="/media/{A}-800.jpg" alt="a"></p><img src="https://church.example/media/{B}-400.png" alt="b">![again](/media/{A}-1600.jpg)"#
        );
        assert_eq!(keys_in(&text), [A, B]);
    }

    #[test]
    fn other_addresses_are_not_pictures_of_the_site() {
        for text in [
            "/media/short-800.jpg".to_owned(),
            format!("/media/{}-800.jpg", A.to_uppercase()),
            format!("/media/{A}.jpg"),
            format!("/media/{A}"),
            "no pictures here".to_owned(),
            "/media/".to_owned(),
        ] {
            assert!(keys_in(&text).is_empty(), "{text}");
        }
    }
}
