//! Story HTML cleaned by ammonia's allow-list: no scripts, event handlers or `javascript:`.

use std::collections::HashSet;

use domain::story::HtmlSanitizer;

/// ammonia with its default allow-list (formatting, lists, links, images, tables), links
/// limited to http(s) and mailto and marked `rel="noopener noreferrer nofollow"`. Only
/// absolute URLs survive: a relative one (`<img src="/api/logout">`) would make every
/// reader's browser call the site itself with their cookies. Pictures load over http(s)
/// only.
pub struct AmmoniaSanitizer {
    cleaner: ammonia::Builder<'static>,
}

impl Default for AmmoniaSanitizer {
    fn default() -> Self {
        let mut cleaner = ammonia::Builder::default();
        cleaner
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .url_relative(ammonia::UrlRelative::Deny)
            .attribute_filter(|_element, attribute, value| {
                let mail = value
                    .trim_start()
                    .get(..7)
                    .is_some_and(|s| s.eq_ignore_ascii_case("mailto:"));
                if attribute == "href" || !mail {
                    Some(value.into())
                } else {
                    None
                }
            })
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
    fn only_absolute_web_and_mail_addresses_survive() {
        let s = AmmoniaSanitizer::default();
        for (dirty, gone) in [
            (r#"<img src="/api/logout">"#, "/api/logout"),
            (r#"<img src="api/logout">"#, "api/logout"),
            (r#"<a href="/api/user">me</a>"#, "/api/user"),
            (r#"<img src="//evil.example/x.png">"#, "evil.example"),
            (r#"<img src="mailto:a@example.org">"#, "mailto"),
            (r#"<img src="data:image/png;base64,AAAA">"#, "data:"),
        ] {
            let clean = s.sanitize(dirty);
            assert!(!clean.contains(gone), "{dirty} -> {clean}");
        }
        let kept = s.sanitize(
            r#"<a href="mailto:pastor@example.org">write</a><a href="https://example.org/a">a</a><img src="https://example.org/p.png">"#,
        );
        assert!(
            kept.contains(r#"href="mailto:pastor@example.org""#),
            "{kept}"
        );
        assert!(kept.contains(r#"href="https://example.org/a""#), "{kept}");
        assert!(
            kept.contains(r#"src="https://example.org/p.png""#),
            "{kept}"
        );
    }

    #[test]
    fn ordinary_formatting_is_kept() {
        let html =
            "<h2>Title</h2><p><strong>Bold</strong> and <em>em</em></p><ul><li>one</li></ul>";
        assert_eq!(AmmoniaSanitizer::default().sanitize(html), html);
    }
}
