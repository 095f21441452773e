//! Links from the references in a story's text to the Bible reader the site chooses
//! (`SCRIPTURE_LINK`). No verse text is stored or shown, so no translation licence is needed.

use std::fmt::Write as _;

use super::{Passage, ScriptureParser};

/// A reader's address template: `{osis}` (`John.3.16-John.3.18`), `{book}` (`John`),
/// `{chapter}` (`3`), `{verse}` (`16-18`, empty for whole chapters) and `{reference}`
/// (`John 3:16–18`). Book and reference are percent-encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReaderLink {
    template: String,
}

/// Why a `SCRIPTURE_LINK` template was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReaderLinkError {
    #[error("must start with https:// or http://")]
    NotHttp,
    #[error("must contain {{osis}}, {{book}} or {{reference}}")]
    NoPlaceholder,
}

impl ReaderLink {
    /// A template as `SCRIPTURE_LINK` gives it.
    ///
    /// # Errors
    /// Not an http(s) address, or no placeholder that names the passage.
    pub fn parse(template: &str) -> Result<Self, ReaderLinkError> {
        let template = template.trim();
        if !(template.starts_with("https://") || template.starts_with("http://")) {
            return Err(ReaderLinkError::NotHttp);
        }
        if !["{osis}", "{book}", "{reference}"]
            .iter()
            .any(|p| template.contains(p))
        {
            return Err(ReaderLinkError::NoPlaceholder);
        }
        Ok(Self {
            template: template.to_owned(),
        })
    }

    /// The reader's address for a passage.
    #[must_use]
    pub fn url(&self, passage: &Passage) -> String {
        let (start, end) = (passage.start(), passage.end());
        let verse = if passage.is_whole_chapters() {
            String::new()
        } else if start.chapter == end.chapter && start.verse != end.verse {
            format!("{}-{}", start.verse, end.verse)
        } else {
            start.verse.to_string()
        };
        self.template
            .replace("{osis}", &passage.osis())
            .replace("{book}", &percent_encode(passage.book().name))
            .replace("{chapter}", &start.chapter.to_string())
            .replace("{verse}", &verse)
            .replace("{reference}", &percent_encode(&passage.display()))
    }
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b':') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Story HTML (already sanitised) with each reference in its text wrapped in a link to the
/// reader. Text inside an existing link stays as it is; tags and attributes are never read
/// as text. The link's accessible name starts with the words on screen, then says where it
/// goes: "John 3:16, opens the Bible reader", or "Jn 3:16 (John 3:16), opens the Bible
/// reader" when the author abbreviated.
#[must_use]
pub fn link_references(html: &str, parser: &ScriptureParser, link: &ReaderLink) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut inside_link = 0_usize;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = tag_end(rest);
            let tag = &rest[..end];
            let name = tag
                .trim_start_matches(['<', '/'])
                .split(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .next()
                .unwrap_or_default();
            if name.eq_ignore_ascii_case("a") {
                if tag.starts_with("</") {
                    inside_link = inside_link.saturating_sub(1);
                } else {
                    inside_link += 1;
                }
            }
            out.push_str(tag);
            rest = &rest[end..];
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..end];
        if inside_link > 0 {
            out.push_str(text);
        } else {
            link_text(&mut out, text, parser, link);
        }
        rest = &rest[end..];
    }
    out
}

/// The length of the tag at the start of `html` (quotes respected), or all of it when the
/// tag never closes.
fn tag_end(html: &str) -> usize {
    let mut quote = None;
    for (i, c) in html.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return i + 1,
            _ => {}
        }
    }
    html.len()
}

fn link_text(out: &mut String, text: &str, parser: &ScriptureParser, link: &ReaderLink) {
    let mut from = 0;
    for found in parser.find(text) {
        out.push_str(&text[from..found.span.start]);
        let shown = &text[found.span.clone()];
        let display = found.passage.display();
        let name = if shown == display {
            format!("{display}, opens the Bible reader")
        } else {
            format!("{shown} ({display}), opens the Bible reader")
        };
        let _ = write!(
            out,
            "<a href=\"{}\" aria-label=\"{}\" rel=\"noopener noreferrer\" target=\"_blank\">{shown}</a>",
            escape_attribute(&link.url(&found.passage)),
            escape_attribute(&name),
        );
        from = found.span.end;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod link_tests;
