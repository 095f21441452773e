//! The HTML document the server sends for a page: the built `index.html` with the page's
//! own `<head>` (title, description, Open Graph, Twitter card, canonical link, feed link,
//! JSON-LD) and, for a story, its text in the first paint.

use std::sync::OnceLock;

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use chrono::{DateTime, SecondsFormat, Utc};

use super::{DEFAULT_IMAGE_PATH, escape};
use crate::config::Config;

/// What the site says about itself where a page has nothing of its own.
pub const SITE_DESCRIPTION: &str =
    "A faith community where members share stories, testimonies and Bible studies.";

/// The head of one page.
pub struct Head {
    pub title: String,
    pub description: String,
    /// Absolute; `None` for the site's own picture.
    pub image: Option<String>,
    /// The page's path, for `og:url` and the canonical link.
    pub path: String,
    pub article: Option<Article>,
}

/// What a story page adds.
pub struct Article {
    pub published: Option<DateTime<Utc>>,
    pub modified: DateTime<Utc>,
    pub section: String,
    /// The name the story's byline shows; `None` leaves the author out of JSON-LD.
    pub author: Option<String>,
}

impl Head {
    /// The site's own head for `path`.
    pub fn site(config: &Config, path: &str) -> Self {
        Self {
            title: config.site_name.clone(),
            description: SITE_DESCRIPTION.to_owned(),
            image: None,
            path: path.to_owned(),
            article: None,
        }
    }

    fn tags(&self, config: &Config) -> String {
        let base = config.public_url.trim_end_matches('/');
        let url = format!("{base}{}", self.path);
        // Uploaded pictures are stored as site paths; previews need absolute addresses.
        let image = match self.image.as_deref() {
            Some(path) if path.starts_with('/') => format!("{base}{path}"),
            Some(url) => url.to_owned(),
            None => format!("{base}{DEFAULT_IMAGE_PATH}"),
        };
        let site = &config.site_name;
        let meta = |attr: &str, key: &str, value: &str| {
            format!("<meta {attr}=\"{key}\" content=\"{}\" />\n", escape(value))
        };
        let mut out = format!("<title>{}</title>\n", escape(&self.title));
        out += &meta("name", "description", &self.description);
        out += &format!("<link rel=\"canonical\" href=\"{}\" />\n", escape(&url));
        out += &format!(
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"{}\" href=\"{}\" />\n",
            escape(site),
            escape(&format!("{base}/feed.xml"))
        );
        out += &meta("property", "og:site_name", site);
        out += &meta("property", "og:title", &self.title);
        out += &meta("property", "og:description", &self.description);
        out += &meta("property", "og:url", &url);
        out += &meta("property", "og:image", &image);
        out += &meta("name", "twitter:card", "summary_large_image");
        out += &meta("name", "twitter:title", &self.title);
        out += &meta("name", "twitter:description", &self.description);
        out += &meta("name", "twitter:image", &image);
        let Some(article) = &self.article else {
            out += &meta("property", "og:type", "website");
            return out;
        };
        out += &meta("property", "og:type", "article");
        if let Some(at) = article.published {
            out += &meta("property", "article:published_time", &iso(at));
        }
        out += &meta("property", "article:modified_time", &iso(article.modified));
        out += &meta("property", "article:section", &article.section);
        let mut ld = serde_json::json!({
            "@context": "https://schema.org",
            "@type": "Article",
            "headline": self.title,
            "description": self.description,
            "image": [image],
            "datePublished": article.published.map(iso),
            "dateModified": iso(article.modified),
            "articleSection": article.section,
            "publisher": {"@type": "Organization", "name": site},
            "mainEntityOfPage": url,
        });
        if let (Some(name), Some(ld)) = (&article.author, ld.as_object_mut()) {
            ld.insert(
                "author".to_owned(),
                serde_json::json!({"@type": "Person", "name": name}),
            );
        }
        out += &format!(
            "<script type=\"application/ld+json\">{}</script>\n",
            script_safe(&ld.to_string())
        );
        out
    }
}

fn iso(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// JSON inside `<script>`: nothing in it may close the element or open a comment.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The built `index.html` without its own title and description (the server writes
/// those) and without the preloads of a member's pages and a story's; a bare document when the site has
/// not been built, so pages stay readable.
fn template() -> &'static str {
    &built().template
}

/// A page the server paints for a member, whose chunks `index.html` lists for it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberPage {
    /// `/`: Home.
    Home,
    /// `/stories`: the story browser.
    Stories,
}

/// The attributes `frontend/web/vite.config.ts` marks a page's chunks with: Home's and the
/// story browser's (for a member), a story page's.
const HOME_MARKER: &str = " data-signed-in-home";
const STORIES_MARKER: &str = " data-signed-in-stories";
const STORY_MARKER: &str = " data-story-page";

/// `page`'s chunks as `index.html` lists them: only that page, painted for someone with a
/// session cookie, preloads them.
pub fn member_modules(page: MemberPage) -> &'static str {
    match page {
        MemberPage::Home => &built().home,
        MemberPage::Stories => &built().stories,
    }
}

/// A story page's chunks as `index.html` lists them: only a story's page preloads them.
pub fn story_modules() -> &'static str {
    &built().story
}

/// The built `index.html` taken apart once.
struct Built {
    template: String,
    home: String,
    stories: String,
    story: String,
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let html = crate::frontend::index_html().unwrap_or_else(|| {
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"UTF-8\" />\n</head>\n<body>\n<div id=\"root\"></div>\n</body>\n</html>\n".to_owned()
        });
        let html = cut(&html, "<title>", "</title>");
        let html = cut(&html, "<meta name=\"description\"", ">");
        let (html, home) = split_modules(&html, HOME_MARKER);
        let (html, stories) = split_modules(&html, STORIES_MARKER);
        let (template, story) = split_modules(&html, STORY_MARKER);
        Built {
            template,
            home,
            stories,
            story,
        }
    })
}

/// `html` without its lines marked `marker`, and those lines.
fn split_modules(html: &str, marker: &str) -> (String, String) {
    let (marked, rest): (Vec<&str>, Vec<&str>) = html
        .split_inclusive('\n')
        .partition(|line| line.contains(marker));
    (
        rest.concat(),
        marked.iter().map(|line| line.trim()).collect(),
    )
}

/// `html` without the first piece from `start` through the next `end`.
fn cut(html: &str, start: &str, end: &str) -> String {
    let Some(from) = html.find(start) else {
        return html.to_owned();
    };
    match html[from..].find(end) {
        Some(len) => format!("{}{}", &html[..from], &html[from + len + end.len()..]),
        None => html.to_owned(),
    }
}

/// A whole document: the template with this head and `body` inside the React root.
///
/// With a first paint in `body`, the page reads before any script runs, so its scripts wait
/// for that paint ([`scripts_after_paint`]): the stylesheet and the paint's pictures have the
/// line to themselves on a slow network (docs/benchmarks.md, "Phones").
pub fn document(config: &Config, head: &Head, body: &str) -> String {
    document_in_root(config, head, "", body)
}

/// [`document`] with `attributes` on the React root itself (` data-hydrate=""`, say): for a
/// first paint that is all of the root's content, as the app renders it.
pub fn document_in_root(config: &Config, head: &Head, attributes: &str, body: &str) -> String {
    let html = template();
    let html = if body.is_empty() {
        html.to_owned()
    } else {
        scripts_after_paint(html)
    };
    let html = html.replacen("</head>", &format!("{}</head>", head.tags(config)), 1);
    html.replacen(
        "<div id=\"root\"></div>",
        &format!("<div id=\"root\"{attributes}>{body}</div>"),
        1,
    )
}

/// The template's module script (`boot.ts`, a few hundred bytes) at `fetchpriority="low"`, and
/// its preloads of the app's scripts inert (`data-after-paint` instead of `rel`): `boot.ts`
/// asks for them once the page has painted, and starts the app. Preloaded from the document,
/// even at low priority, they shared the line with the paint's stylesheet and pictures, and
/// Lighthouse's estimate of the largest paint counted all of them in (about 124 KB, a second
/// on its slow 4G).
pub(super) fn scripts_after_paint(html: &str) -> String {
    html.replace(
        "<script type=\"module\" ",
        "<script type=\"module\" fetchpriority=\"low\" ",
    )
    .replace("<link rel=\"modulepreload\" ", "<link data-after-paint ")
}

/// An HTML answer that revalidates on every visit.
pub fn html_response(status: StatusCode, document: String) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .body(document)
}

/// Marks `res` as one person's own page (their header, their name): no shared cache may keep it.
pub fn keep_private(res: &mut HttpResponse) {
    res.headers_mut().insert(
        CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("private, no-cache"),
    );
}

/// The SPA's page for `path` with the site's own head.
pub fn site_page(config: &Config, path: &str, status: StatusCode) -> HttpResponse {
    html_response(status, document(config, &Head::site(config, path), ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_pages_modules_leave_the_template_for_a_list_of_their_own() {
        let html = "<head>\n<script type=\"module\" src=\"/assets/boot.js\"></script>\n    \
                    <link rel=\"modulepreload\" crossorigin href=\"/assets/home.js\" data-signed-in-home>\n    \
                    <link rel=\"modulepreload\" crossorigin href=\"/assets/stories.js\" data-signed-in-stories>\n    \
                    <link rel=\"modulepreload\" crossorigin href=\"/assets/a.js\">\n</head>\n";
        let (rest, home) = split_modules(html, HOME_MARKER);
        let (rest, stories) = split_modules(&rest, STORIES_MARKER);
        assert_eq!(
            rest,
            "<head>\n<script type=\"module\" src=\"/assets/boot.js\"></script>\n    \
             <link rel=\"modulepreload\" crossorigin href=\"/assets/a.js\">\n</head>\n"
        );
        assert_eq!(
            home,
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/home.js\" data-signed-in-home>"
        );
        assert_eq!(
            stories,
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/stories.js\" data-signed-in-stories>"
        );
    }

    #[test]
    fn a_title_and_description_are_cut_from_the_template() {
        let html = "<head><meta name=\"description\" content=\"x\" /><title>A</title></head>";
        let html = cut(
            &cut(html, "<title>", "</title>"),
            "<meta name=\"description\"",
            ">",
        );
        assert_eq!(html, "<head></head>");
    }

    #[test]
    fn a_first_paints_scripts_wait_for_the_paint() {
        let html = "<script type=\"module\" crossorigin src=\"/assets/a.js\"></script>\n\
                    <link rel=\"modulepreload\" crossorigin href=\"/assets/b.js\" data-app>\n\
                    <link rel=\"stylesheet\" crossorigin href=\"/assets/c.css\">";
        assert_eq!(
            scripts_after_paint(html),
            "<script type=\"module\" fetchpriority=\"low\" crossorigin src=\"/assets/a.js\"></script>\n\
             <link data-after-paint crossorigin href=\"/assets/b.js\" data-app>\n\
             <link rel=\"stylesheet\" crossorigin href=\"/assets/c.css\">"
        );
    }

    #[test]
    fn json_in_a_script_cannot_close_it() {
        assert_eq!(
            script_safe(r#"{"a":"</script><!--&"}"#),
            r#"{"a":"\u003c/script\u003e\u003c!--\u0026"}"#
        );
    }
}
