//! A post as text, and fitting it into a platform's length limit without losing the backlink
//! or the site's name.

use super::SocialPost;

/// X (Twitter) takes at most 280 characters as it weighs them.
pub const TWEET_LIMIT: usize = 280;

/// X shortens every link to a t.co address that counts as 23 characters, whatever its length.
pub const TWEET_LINK_WEIGHT: usize = 23;

/// LinkedIn takes at most 3,000 characters of commentary.
pub const LINKEDIN_TEXT_LIMIT: usize = 3000;

/// What X counts for `text` in which `link` appears: the link as [`TWEET_LINK_WEIGHT`], and
/// each other character 1 in the Latin, Greek, Cyrillic, Hebrew, Arabic... ranges and common
/// punctuation, 2 otherwise (CJK, emoji), as its counting rules (twitter-text v3) say.
pub fn tweet_weight(text: &str, link: &str) -> usize {
    let (links, rest) = if link.is_empty() {
        (0, text.to_owned())
    } else {
        (text.matches(link).count(), text.replace(link, ""))
    };
    links * TWEET_LINK_WEIGHT + rest.chars().map(char_weight).sum::<usize>()
}

fn char_weight(c: char) -> usize {
    match u32::from(c) {
        0..=0x10FF | 0x2000..=0x200D | 0x2010..=0x201F | 0x2032..=0x2037 => 1,
        _ => 2,
    }
}

impl SocialPost {
    /// The post as text: title, excerpt, backlink and the site's name.
    pub fn text(&self) -> String {
        self.compose(&self.title, self.excerpt.as_deref())
    }

    /// The post as a tweet: [`SocialPost::text_within`] X's limit as X weighs it.
    pub fn tweet_text(&self) -> String {
        self.text_within(TWEET_LIMIT, |t| tweet_weight(t, &self.backlink))
    }

    /// The post as text that `weigh`s at most `limit`: when the whole text is too long the
    /// excerpt is shortened (ending in "…") or left out, then the title shortened. The
    /// backlink and the site's name always stay.
    pub fn text_within(&self, limit: usize, weigh: impl Fn(&str) -> usize) -> String {
        let full = self.text();
        if weigh(&full) <= limit {
            return full;
        }
        if let Some(excerpt) = self.excerpt.as_deref() {
            let chars: Vec<char> = excerpt.chars().collect();
            let fits = |keep: usize| {
                weigh(&self.compose(&self.title, Some(&shortened(&chars, keep)))) <= limit
            };
            if let Some(keep) = longest(chars.len(), fits) {
                return self.compose(&self.title, Some(&shortened(&chars, keep)));
            }
        }
        let chars: Vec<char> = self.title.chars().collect();
        let fits = |keep: usize| weigh(&self.compose(&shortened(&chars, keep), None)) <= limit;
        let keep = longest(chars.len(), fits).unwrap_or(1);
        self.compose(&shortened(&chars, keep), None)
    }

    fn compose(&self, title: &str, excerpt: Option<&str>) -> String {
        let mut parts = vec![title.to_owned()];
        if let Some(e) = excerpt.filter(|e| !e.is_empty()) {
            parts.push(e.to_owned());
        }
        parts.push(format!("Read more: {}", self.backlink));
        parts.push(format!("— {}", self.site_name));
        parts.join("\n\n")
    }
}

/// The first `keep` characters, without trailing blanks, and "…" when something was cut.
fn shortened(chars: &[char], keep: usize) -> String {
    if keep >= chars.len() {
        return chars.iter().collect();
    }
    let head: String = chars[..keep].iter().collect();
    format!("{}…", head.trim_end())
}

/// The largest `keep` in `1..=len` for which `fits` holds, `fits` being monotonic (true up to
/// some length, false after).
fn longest(len: usize, fits: impl Fn(usize) -> bool) -> Option<usize> {
    if len == 0 || !fits(1) {
        return None;
    }
    let (mut good, mut bad) = (1, len + 1);
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if fits(mid) { good = mid } else { bad = mid }
    }
    Some(good)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(title: &str, excerpt: Option<&str>) -> SocialPost {
        SocialPost {
            title: title.into(),
            excerpt: excerpt.map(Into::into),
            backlink: "https://stories.example.org/stories/7".into(),
            site_name: "Grace Stories".into(),
        }
    }

    #[test]
    fn a_post_holds_title_excerpt_backlink_and_site_name() {
        let text = post("Grace", Some("A story")).text();
        assert_eq!(
            text,
            "Grace\n\nA story\n\nRead more: https://stories.example.org/stories/7\n\n— Grace Stories"
        );
    }

    #[test]
    fn a_short_post_is_tweeted_whole() {
        let p = post("Grace", Some("A story"));
        assert_eq!(p.tweet_text(), p.text());
    }

    #[test]
    fn x_counts_the_link_as_23_and_wide_characters_as_2() {
        let link = "https://stories.example.org/stories/7";
        assert_eq!(tweet_weight(link, link), 23);
        assert_eq!(tweet_weight("abc — é", link), 7);
        assert_eq!(tweet_weight("恵み", link), 4);
        assert_eq!(tweet_weight("…", link), 2);
    }

    #[test]
    fn a_long_excerpt_is_shortened_to_fit_a_tweet_and_keeps_link_and_site_name() {
        let long = "word ".repeat(200);
        let p = post("Grace in the storm", Some(&long));
        let tweet = p.tweet_text();
        assert!(tweet_weight(&tweet, &p.backlink) <= TWEET_LIMIT, "{tweet}");
        assert!(
            tweet_weight(&tweet, &p.backlink) >= TWEET_LIMIT - 6,
            "{tweet}"
        );
        assert!(tweet.starts_with("Grace in the storm\n\nword word"));
        assert!(tweet.contains("…\n\nRead more: https://stories.example.org/stories/7"));
        assert!(tweet.ends_with("— Grace Stories"));
    }

    #[test]
    fn a_title_too_long_for_a_tweet_is_shortened_once_the_excerpt_is_gone() {
        let p = post(&"恵".repeat(200), Some("An excerpt"));
        let tweet = p.tweet_text();
        assert!(tweet_weight(&tweet, &p.backlink) <= TWEET_LIMIT, "{tweet}");
        assert!(!tweet.contains("An excerpt"));
        assert!(tweet.contains("恵…\n\nRead more: "));
        assert!(tweet.ends_with("— Grace Stories"));
    }

    #[test]
    fn text_within_a_character_limit_keeps_whole_text_when_it_fits() {
        let p = post("Grace", Some(&"x".repeat(5000)));
        let text = p.text_within(LINKEDIN_TEXT_LIMIT, |t| t.chars().count());
        assert_eq!(text.chars().count(), LINKEDIN_TEXT_LIMIT);
        assert!(text.ends_with("— Grace Stories"));
        let short = post("Grace", Some("Short"));
        assert_eq!(
            short.text_within(LINKEDIN_TEXT_LIMIT, |t| t.chars().count()),
            short.text()
        );
    }
}
