//! Reader links: the template's placeholders, and references linked in story HTML without
//! touching tags, attributes or existing links.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::scripture::{Canon, ScriptureParser};

fn parser() -> ScriptureParser {
    ScriptureParser::new(Canon::Protestant)
}

fn passage(text: &str) -> Passage {
    parser().find(text)[0].passage
}

#[test]
fn a_template_needs_an_http_address_and_a_placeholder_naming_the_passage() {
    assert_eq!(
        ReaderLink::parse("ftp://x/{osis}"),
        Err(ReaderLinkError::NotHttp)
    );
    assert_eq!(ReaderLink::parse("{osis}"), Err(ReaderLinkError::NotHttp));
    assert_eq!(
        ReaderLink::parse("https://reader.example/{chapter}"),
        Err(ReaderLinkError::NoPlaceholder)
    );
    assert!(ReaderLink::parse(" https://reader.example/{osis} ").is_ok());
}

#[test]
fn every_placeholder_is_filled() {
    let osis = ReaderLink::parse("https://r.example/{osis}").unwrap();
    assert_eq!(
        osis.url(&passage("John 3:16-18")),
        "https://r.example/John.3.16-John.3.18"
    );
    let parts = ReaderLink::parse("https://r.example/?q={book}+{chapter}:{verse}").unwrap();
    assert_eq!(
        parts.url(&passage("John 3:16-18")),
        "https://r.example/?q=John+3:16-18"
    );
    assert_eq!(
        parts.url(&passage("1 Cor 13:4")),
        "https://r.example/?q=1%20Corinthians+13:4"
    );
    assert_eq!(
        parts.url(&passage("Ps 23")),
        "https://r.example/?q=Psalms+23:"
    );
    let reference = ReaderLink::parse("https://r.example/{reference}").unwrap();
    assert_eq!(
        reference.url(&passage("Ps 23:1-4")),
        "https://r.example/Psalm%2023:1%E2%80%934"
    );
}

#[test]
fn references_in_text_become_links_with_names_that_start_with_what_is_on_screen() {
    let link = ReaderLink::parse("https://r.example/{osis}").unwrap();
    let html = "<p>As John 3:16 says, and Jn 3:17.</p>";
    assert_eq!(
        link_references(html, &parser(), &link),
        "<p>As <a href=\"https://r.example/John.3.16\" aria-label=\"John 3:16, opens the Bible reader\" \
         rel=\"noopener noreferrer\" target=\"_blank\">John 3:16</a> says, and \
         <a href=\"https://r.example/John.3.17\" aria-label=\"Jn 3:17 (John 3:17), opens the Bible reader\" \
         rel=\"noopener noreferrer\" target=\"_blank\">Jn 3:17</a>.</p>"
    );
}

#[test]
fn tags_attributes_and_existing_links_are_left_alone() {
    let link = ReaderLink::parse("https://r.example/{osis}").unwrap();
    let html = "<p title=\"John 3:16 > Ps 23\"><a href=\"/x\">John 3:16</a> <img alt=\"Ps 23\" src=\"/media/a.png\"></p>";
    assert_eq!(link_references(html, &parser(), &link), html);
    let after_link = "<p><a href=\"/x\">here</a> and Ps 23</p>";
    let linked = link_references(after_link, &parser(), &link);
    assert!(
        linked.contains("and <a href=\"https://r.example/Ps.23\""),
        "{linked}"
    );
}

#[test]
fn text_without_references_is_unchanged() {
    let link = ReaderLink::parse("https://r.example/{osis}").unwrap();
    for html in ["", "plain", "<p>Is 3 years enough?</p>", "<p>unclosed <b"] {
        assert_eq!(link_references(html, &parser(), &link), html);
    }
}
