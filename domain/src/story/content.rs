//! Story content as typed: plain text becomes paragraphs, HTML stays HTML (both are then
//! sanitised by the `HtmlSanitizer` port). What the author typed is stored beside the HTML
//! (`Story::source`), so editing shows it as written; [`to_source`] recovers it once for
//! stories stored before it was kept.

/// Whether the text looks like HTML (has a tag), rather than plain text.
pub fn looks_like_html(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes
        .windows(2)
        .any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || w[1] == b'/' || w[1] == b'!'))
}

/// `text` with the characters HTML gives meaning to written as entities (for text and
/// attribute values alike).
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A paragraph that is only a picture, `![alt text](address)`, as `(alt, address)`.
fn picture(paragraph: &str) -> Option<(&str, &str)> {
    let inner = paragraph.strip_prefix("![")?.strip_suffix(')')?;
    let (alt, url) = inner.split_once("](")?;
    let plain = !alt.contains(['[', ']', '\n']) && !url.is_empty();
    (plain && !url.contains(char::is_whitespace)).then_some((alt.trim(), url))
}

/// Plain text to HTML: blank lines separate paragraphs, single line breaks become `<br>`,
/// and a paragraph that is only `![alt text](address)` becomes that picture (the sanitiser
/// then keeps it only from the site's `/media/` or `https:` and with its alt text).
/// HTML input is returned unchanged.
pub fn to_html(text: &str) -> String {
    if looks_like_html(text) {
        return text.to_owned();
    }
    let normalized = text.replace("\r\n", "\n");
    normalized
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| match picture(p) {
            Some((alt, url)) => format!(
                "<p><img src=\"{}\" alt=\"{}\"></p>",
                escape(url),
                escape(alt)
            ),
            None => format!("<p>{}</p>", escape(p).replace('\n', "<br>")),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text that [`to_html`] (and the sanitiser) turned into this stored HTML, for stories
/// stored before the author's text was kept: HTML made only of the paragraphs, line breaks and
/// picture paragraphs that plain text becomes reads back as that plain text; any other HTML
/// (or text that would read as HTML once saved again) is its own source, kept as it is.
pub fn to_source(html: &str) -> String {
    paragraphs_as_text(html)
        .filter(|text| !looks_like_html(text))
        .unwrap_or_else(|| html.to_owned())
}

fn decode_entities(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// `<p>`/`<br>`/picture-only HTML as the plain text typed for it; `None` for any other HTML.
fn paragraphs_as_text(html: &str) -> Option<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(start) = rest.find('<') else {
            current.push_str(&rest.replace(['\r', '\n'], " "));
            break;
        };
        current.push_str(&rest[..start].replace(['\r', '\n'], " "));
        let end = rest[start..].find('>')? + start;
        let tag = &rest[start..=end];
        rest = &rest[end + 1..];
        match tag.to_ascii_lowercase().as_str() {
            "<p>" | "</p>" => {
                let text = decode_entities(current.trim());
                if !text.is_empty() {
                    paragraphs.push(text);
                }
                current.clear();
            }
            "<br>" | "<br/>" | "<br />" => current.push('\n'),
            _ if tag.starts_with("<img ") && current.trim().is_empty() => {
                let (alt, url) = picture_tag(tag)?;
                current.clear();
                // The picture must be alone in its paragraph.
                let close = rest.trim_start();
                if !close.to_ascii_lowercase().starts_with("</p>") {
                    return None;
                }
                paragraphs.push(format!("![{alt}]({url})"));
                rest = &close[4..];
            }
            _ => return None,
        }
    }
    let tail = decode_entities(current.trim());
    if !tail.is_empty() {
        paragraphs.push(tail);
    }
    // Line breaks next to a `<br>` only laid the HTML out.
    Some(
        paragraphs
            .iter()
            .map(|p| p.split('\n').map(str::trim).collect::<Vec<_>>().join("\n"))
            .collect::<Vec<_>>()
            .join("\n\n"),
    )
}

/// `<img src="..." alt="...">` (the sanitiser's order) as `(alt, src)`, when the marker
/// `![alt](src)` can hold them.
fn picture_tag(tag: &str) -> Option<(String, String)> {
    let attribute = |name: &str| {
        let from = tag.find(&format!("{name}=\""))? + name.len() + 2;
        let to = tag[from..].find('"')? + from;
        Some(decode_entities(&tag[from..to]))
    };
    let (alt, src) = (attribute("alt")?, attribute("src")?);
    let fits = !alt.trim().is_empty()
        && !alt.contains(['[', ']', '\n'])
        && !src.is_empty()
        && !src.contains(char::is_whitespace);
    fits.then_some((alt, src))
}

/// How many characters of a story's stored HTML are enough for a [`plain_preview`].
pub const PREVIEW_SOURCE_CHARS: usize = 1_000;
/// The longest preview.
pub const PREVIEW_CHARS: usize = 200;

/// The start of stored (sanitised) HTML as plain text for a card without an excerpt: tags
/// dropped, the common entities decoded, whitespace collapsed, at most `max` characters
/// (cut at a word where possible). `html` may be cut off anywhere.
pub fn plain_preview(html: &str, max: usize) -> String {
    let mut text = String::with_capacity(html.len().min(max * 2));
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let words: Vec<&str> = decoded.split_whitespace().collect();
    let mut out = String::new();
    for word in words {
        let extra = usize::from(!out.is_empty()) + word.chars().count();
        if out.chars().count() + extra > max {
            if out.is_empty() {
                out = word.chars().take(max).collect();
            }
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// How many characters of text a minute of reading is.
pub const CHARS_PER_MINUTE: usize = 200;

/// Minutes to read stored (sanitised) HTML: the length of its visible text (what a browser's
/// `textContent` gives: tags dropped, entities decoded, the whitespace between paragraphs
/// counted, in UTF-16 code units as the browser counts) / [`CHARS_PER_MINUTE`], rounded up
/// (docs/product.md, "Screen constants"). The sanitiser writes text with `<` always escaped
/// and no comments, scripts or styles; an attribute's value may hold a `>`.
pub fn reading_minutes(html: &str) -> u32 {
    const ENTITIES: [&str; 7] = [
        "&amp;", "&lt;", "&gt;", "&nbsp;", "&quot;", "&#39;", "&#x27;",
    ];
    let mut units = 0usize;
    let mut tag: Option<Option<char>> = None;
    let mut chars = html.char_indices();
    while let Some((at, c)) = chars.next() {
        match (tag, c) {
            // In a tag: only its end counts, outside a quoted value.
            (Some(None), '>') => tag = None,
            (Some(None), '"' | '\'') => tag = Some(Some(c)),
            (Some(Some(quote)), _) if c == quote => tag = Some(None),
            (Some(_), _) => {}
            (None, '<') => tag = Some(None),
            (None, '&') => {
                units += 1;
                if let Some(entity) = ENTITIES.iter().find(|e| html[at..].starts_with(**e)) {
                    chars.nth(entity.len() - 2);
                }
            }
            (None, _) => units += c.len_utf16(),
        }
    }
    u32::try_from(units.div_ceil(CHARS_PER_MINUTE)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_time_counts_the_visible_text_rounded_up() {
        let words = "x".repeat(250);
        // The markup does not count; the text does.
        assert_eq!(
            reading_minutes(&format!("<p class=\"lead\"><strong>{words}</strong></p>")),
            2
        );
        assert_eq!(reading_minutes(&"y".repeat(200)), 1);
        assert_eq!(reading_minutes(&"y".repeat(201)), 2);
        assert_eq!(reading_minutes(""), 0);
        // An entity is one character; the line between paragraphs is one too.
        let amp = format!("<p>{}</p>\n<p>{}</p>", "&amp;".repeat(100), "z".repeat(99));
        assert_eq!(reading_minutes(&amp), 1);
        assert_eq!(reading_minutes(&format!("{amp}!")), 2);
        // A character outside the basic plane is two, as a browser counts it.
        assert_eq!(reading_minutes(&"\u{1F54A}".repeat(100)), 1);
        assert_eq!(reading_minutes(&"\u{1F54A}".repeat(101)), 2);
        // A `>` in an attribute's value does not end the tag.
        let picture = format!(
            "<p><img src=\"/media/a.jpg\" alt=\"{}\">{}</p>",
            "a > b ".repeat(50),
            "w".repeat(200)
        );
        assert_eq!(reading_minutes(&picture), 1);
    }

    #[test]
    fn a_preview_is_the_plain_text_start_of_the_html() {
        assert_eq!(
            plain_preview("<p>Grace &amp; peace</p>\n<p>to <b>you</b>.</p>", 200),
            "Grace & peace to you ."
        );
        assert_eq!(plain_preview("<p>one two three</p>", 9), "one two");
        assert_eq!(plain_preview("<p>abcdefghij</p>", 4), "abcd");
        assert_eq!(
            plain_preview("<p>cut off in a <a href=\"x", 200),
            "cut off in a"
        );
        assert_eq!(plain_preview("", 200), "");
    }

    #[test]
    fn plain_text_becomes_escaped_paragraphs_with_line_breaks() {
        assert_eq!(
            to_html("One\nline\n\nTwo < three & four"),
            "<p>One<br>line</p>\n<p>Two &lt; three &amp; four</p>"
        );
    }

    #[test]
    fn a_paragraph_that_is_only_a_picture_becomes_the_picture() {
        assert_eq!(
            to_html("Before\n\n![Our choir & friends](/media/abc-800.jpg)\n\nAfter"),
            "<p>Before</p>\n<p><img src=\"/media/abc-800.jpg\" alt=\"Our choir &amp; friends\"></p>\n<p>After</p>"
        );
        // Within a line of text, or with a space in the address, it stays text.
        assert_eq!(
            to_html("See ![x](/media/a-1.jpg) here"),
            "<p>See ![x](/media/a-1.jpg) here</p>"
        );
        assert_eq!(
            to_html("![x](/media/a b.jpg)"),
            "<p>![x](/media/a b.jpg)</p>"
        );
        assert_eq!(
            to_html("![\"quoted\"](https://e.org/p.jpg?a=1&b=2)"),
            "<p><img src=\"https://e.org/p.jpg?a=1&amp;b=2\" alt=\"&quot;quoted&quot;\"></p>"
        );
    }

    #[test]
    fn html_is_left_for_the_sanitiser() {
        assert_eq!(
            to_html("<p>Hi <em>there</em></p>"),
            "<p>Hi <em>there</em></p>"
        );
    }

    #[test]
    fn stored_plain_text_reads_back_as_typed() {
        for typed in [
            "One\nline\n\nTwo < three & four",
            "Before\n\n![Our choir & friends](/media/abc-800.jpg)\n\nAfter",
            "\"Quoted\" and it's fine",
            "See ![x](/media/a-1.jpg) here",
        ] {
            assert_eq!(to_source(&to_html(typed)), typed, "{typed}");
        }
        // What the sanitiser may write differently reads the same.
        assert_eq!(
            to_source("<p>It&#39;s here<br/>\nand there</p><p>A &quot;b&quot;</p>"),
            "It's here\nand there\n\nA \"b\""
        );
    }

    #[test]
    fn richer_html_is_its_own_source() {
        for html in [
            "<p>Hi <em>there</em></p>",
            "<h2>Title</h2><p>Text</p>",
            "<p>Text <img src=\"/media/a-800.jpg\" alt=\"x\"></p>",
            // Plain text that would read as HTML once saved again stays HTML.
            "<p>&lt;b&gt;not bold&lt;/b&gt;</p>",
        ] {
            assert_eq!(to_source(html), html, "{html}");
        }
    }

    #[test]
    fn a_lone_less_than_sign_is_text_not_html() {
        assert!(!looks_like_html("1 < 2 and 3 > 2"));
        assert!(looks_like_html("<b>bold</b>"));
    }
}
