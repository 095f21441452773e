//! Story HTML cleaned by ammonia's allow-list: no scripts, event handlers or `javascript:`.

use std::collections::HashSet;

use domain::story::HtmlSanitizer;

/// ammonia with its default allow-list (formatting, lists, links, images, tables), links
/// limited to http(s) and mailto and marked `rel="noopener noreferrer nofollow"`.
pub struct AmmoniaSanitizer {
    cleaner: ammonia::Builder<'static>,
}

impl Default for AmmoniaSanitizer {
    fn default() -> Self {
        let mut cleaner = ammonia::Builder::default();
        cleaner
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .link_rel(Some("noopener noreferrer nofollow"));
        Self { cleaner }
    }
}

impl HtmlSanitizer for AmmoniaSanitizer {
    fn sanitize(&self, html: &str) -> String {
        self.cleaner.clean(html).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_handlers_and_javascript_urls_never_survive() {
        let dirty = r#"<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>"#;
        let clean = AmmoniaSanitizer::default().sanitize(dirty);
        assert!(!clean.contains("script"), "{clean}");
        assert!(
            !clean.contains("onerror") && !clean.contains("onclick"),
            "{clean}"
        );
        assert!(!clean.contains("javascript:"), "{clean}");
        assert!(clean.contains("<p>Hi"), "{clean}");
    }

    #[test]
    fn ordinary_formatting_is_kept() {
        let html =
            "<h2>Title</h2><p><strong>Bold</strong> and <em>em</em></p><ul><li>one</li></ul>";
        assert_eq!(AmmoniaSanitizer::default().sanitize(html), html);
    }
}
