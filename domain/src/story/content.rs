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

/// Plain text to HTML: blank lines separate paragraphs, single line breaks become `<br>`.
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
        .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_becomes_escaped_paragraphs_with_line_breaks() {
        assert_eq!(
            to_html("One\nline\n\nTwo < three & four"),
            "<p>One<br>line</p>\n<p>Two &lt; three &amp; four</p>"
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
