//! Story content as typed: plain text becomes paragraphs, HTML stays HTML (both are then
//! sanitised by the `HtmlSanitizer` port).

/// Whether the text looks like HTML (has a tag), rather than plain text.
pub fn looks_like_html(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes
        .windows(2)
        .any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || w[1] == b'/' || w[1] == b'!'))
}

fn escape(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_lone_less_than_sign_is_text_not_html() {
        assert!(!looks_like_html("1 < 2 and 3 > 2"));
        assert!(looks_like_html("<b>bold</b>"));
    }
}
