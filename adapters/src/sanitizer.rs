//! Story HTML cleaned by ammonia's allow-list: no scripts, event handlers or `javascript:`.

use std::borrow::Cow;
use std::collections::HashSet;

use domain::media::is_media_path;
use domain::story::HtmlSanitizer;
use domain::validation::is_own_site_beyond_media;

/// ammonia with its default allow-list (formatting, lists, links, images, tables), links
/// limited to http(s) and mailto and marked `rel="noopener noreferrer nofollow"`. The only
/// relative address that survives is a picture of the site's own (`/media/{key}-{width}.
/// {ext}`): any other (`<img src="/api/logout">`) would make every reader's browser call
/// the site itself with their cookies; so is an absolute address of the site's own host
/// that is not a picture (`https://<site>/api/logout`). Pictures load from `/media/` or
/// `https:` only, and only with alt text: a picture without one is removed.
pub struct AmmoniaSanitizer {
    cleaner: ammonia::Builder<'static>,
}

fn starts_with_ignoring_case(value: &str, prefix: &str) -> bool {
    value
        .trim_start()
        .get(..prefix.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(prefix))
}

fn own_picture(url: &str) -> Option<Cow<'_, str>> {
    is_media_path(url).then_some(Cow::Borrowed(url))
}

impl AmmoniaSanitizer {
    /// The cleaner of a site served at `public_url` (`PUBLIC_URL`).
    pub fn new(public_url: &str) -> Self {
        let site = public_url.to_owned();
        let mut cleaner = ammonia::Builder::default();
        cleaner
            .url_schemes(HashSet::from(["http", "https", "mailto"]))
            .url_relative(ammonia::UrlRelative::Custom(Box::new(own_picture)))
            .attribute_filter(move |element, attribute, value| {
                let keep = match (element, attribute) {
                    (_, "href") => true,
                    ("img", "src") => {
                        is_media_path(value)
                            || (starts_with_ignoring_case(value, "https:")
                                && !is_own_site_beyond_media(value, &site))
                    }
                    _ => !starts_with_ignoring_case(value, "mailto:"),
                };
                keep.then(|| value.into())
            })
            .link_rel(Some("noopener noreferrer nofollow"));
        Self { cleaner }
    }
}

impl HtmlSanitizer for AmmoniaSanitizer {
    fn sanitize(&self, html: &str) -> String {
        without_undescribed_pictures(&self.cleaner.clean(html).to_string())
    }
}

/// The value of attribute `name` in one tag as ammonia writes it (` name="value"`, with
/// `"` written as `&quot;`).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// ammonia's output with every `<img>` that has no address or no alt text left out. The
/// output is html5ever's serialisation: text never holds a raw `<`, attribute values never
/// a raw `"`, so a tag ends at the first `>` outside quotes.
fn without_undescribed_pictures(clean: &str) -> String {
    let mut out = String::with_capacity(clean.len());
    let mut rest = clean;
    while let Some(at) = rest.find("<img ") {
        out.push_str(&rest[..at]);
        let tag_and_after = &rest[at..];
        let mut quoted = false;
        let end = tag_and_after
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == '>' && !quoted
            })
            .map_or(tag_and_after.len(), |(i, _)| i + 1);
        let tag = &tag_and_after[..end];
        let described = attribute(tag, "alt").is_some_and(|alt| !alt.trim().is_empty());
        if described && attribute(tag, "src").is_some() {
            out.push_str(tag);
        }
        rest = &tag_and_after[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SITE: &str = "https://stories.example.org";

    #[test]
    fn absolute_addresses_of_the_site_itself_are_pictures_only() {
        let s = AmmoniaSanitizer::new(SITE);
        for own in [
            "https://stories.example.org/api/logout",
            "https://STORIES.example.org:443/api/user",
            "https://stories.example.org./api/admin/users",
        ] {
            let clean = s.sanitize(&format!(r#"<p>x<img src="{own}" alt="a"></p>"#));
            assert!(!clean.contains("<img"), "{own} -> {clean}");
        }
        let picture = "https://stories.example.org/media/0123456789abcdef0123456789abcdef-640.jpg";
        let clean = s.sanitize(&format!(r#"<img src="{picture}" alt="a">"#));
        assert!(clean.contains(picture), "{clean}");
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_never_survive() {
        let dirty = r#"<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>"#;
        let clean = AmmoniaSanitizer::new(SITE).sanitize(dirty);
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
        let s = AmmoniaSanitizer::new(SITE);
        for (dirty, gone) in [
            (r#"<img src="/api/logout">"#, "/api/logout"),
            (r#"<img src="api/logout">"#, "api/logout"),
            (r#"<a href="/api/user">me</a>"#, "/api/user"),
            (r#"<img src="//evil.example/x.png">"#, "evil.example"),
            (r#"<img src="mailto:a@example.org">"#, "mailto"),
            (r#"<img src="data:image/png;base64,AAAA">"#, "data:"),
            (
                r#"<img src="http://example.org/p.png" alt="x">"#,
                "example.org",
            ),
            (r#"<img src="/media/../api/logout" alt="x">"#, "logout"),
        ] {
            let clean = s.sanitize(dirty);
            assert!(!clean.contains(gone), "{dirty} -> {clean}");
        }
        let kept = s.sanitize(
            r#"<a href="mailto:pastor@example.org">write</a><a href="https://example.org/a">a</a><img src="https://example.org/p.png" alt="A hill">"#,
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
    fn pictures_need_alt_text_and_come_from_the_site_or_https() {
        let s = AmmoniaSanitizer::new(SITE);
        let own = r#"<p><img src="/media/0123456789abcdef0123456789abcdef-800.jpg" alt="The choir &amp; &quot;friends&quot; &gt; all"></p>"#;
        assert_eq!(s.sanitize(own), own);
        assert_eq!(s.sanitize(&own.replace("&gt;", ">")), own);
        for dirty in [
            r#"<p>a<img src="https://example.org/p.png">b</p>"#,
            r#"<p>a<img src="https://example.org/p.png" alt="  ">b</p>"#,
            r#"<p>a<img alt="no address">b</p>"#,
            r#"<p>a<img src="http://example.org/p.png" alt="plain http">b</p>"#,
        ] {
            assert_eq!(s.sanitize(dirty), "<p>ab</p>", "{dirty}");
        }
        assert_eq!(
            s.sanitize(r#"<img alt=">" src="https://e.org/a.png">"#),
            r#"<img alt="&gt;" src="https://e.org/a.png">"#
        );
    }

    #[test]
    fn ordinary_formatting_is_kept() {
        let html =
            "<h2>Title</h2><p><strong>Bold</strong> and <em>em</em></p><ul><li>one</li></ul>";
        assert_eq!(AmmoniaSanitizer::new(SITE).sanitize(html), html);
    }
}
