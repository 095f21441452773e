//! What a visitor may `GET` without signing in, in one table read by everything that
//! treats such reads differently: CORS (`cors::public_reads` lets any site read the
//! `cross_site` ones without credentials), the visitors' in-memory cache
//! (`public_cache::middleware` keeps the `cached` ones) and the OpenAPI document
//! (`routes::declare_security` lists "no credentials" as a way to call each one). A test
//! (`public_reads_tests.rs`) fails when `openapi.json` documents a GET without a 401
//! answer that is not here, or one here with a 401. See `docs/product.md#public-reads`.

/// One public read, by its path template as the router writes it (`{name}` is one
/// segment; `{id}` only digits).
#[derive(Debug, Clone, Copy)]
pub struct PublicRead {
    pub path: &'static str,
    /// Any site may read it from a page without the visitor's cookie (`*`).
    pub cross_site: bool,
    /// Every visitor gets the same answer, so the visitors' cache may keep it.
    pub cached: bool,
    /// The query parameters its handler reads: the visitors' cache keys an answer by these
    /// alone (in any order; others are ignored by the handler and left out of the key). A
    /// test checks them against the parameters `openapi.json` documents.
    pub params: &'static [&'static str],
}

const fn read(path: &'static str, cross_site: bool, cached: bool) -> PublicRead {
    PublicRead {
        path,
        cross_site,
        cached,
        params: &[],
    }
}

const fn read_with(
    path: &'static str,
    cross_site: bool,
    cached: bool,
    params: &'static [&'static str],
) -> PublicRead {
    PublicRead {
        path,
        cross_site,
        cached,
        params,
    }
}

/// The comments under a story: the one read a comment's approval or deletion changes.
pub const STORY_COMMENTS: &str = "/api/stories/{id}/comments";

/// The path of one story's comments.
pub fn story_comments_path(story: domain::story::StoryId) -> String {
    STORY_COMMENTS.replace("{id}", &story.0.to_string())
}

/// Every `GET` a visitor may make, API and pages.
pub const PUBLIC_READS: &[PublicRead] = &[
    // The published archive: what the widget and other sites show.
    read_with(
        "/api/stories",
        true,
        true,
        &["q", "category", "passage", "limit", "offset", "widget"],
    ),
    read("/api/stories/{id}", true, true),
    read_with(STORY_COMMENTS, true, true, &["limit", "offset"]),
    // An author's stories: every status for the author and reviewers, so never cached.
    read("/api/stories/author/{userId}", true, false),
    read("/api/categories", true, true),
    read("/api/site", true, true),
    // The scripture index: books and chapters with their public stories.
    read("/api/scripture", true, true),
    read("/api/scripture/{book}", true, true),
    read("/media/{name}", true, false),
    // Pages for crawlers and feed readers.
    read("/stories/{id}", false, true),
    read_with("/feed.xml", false, true, &["category", "passage"]),
    read("/sitemap.xml", false, true),
    // Navigations of the browser (redirects), not data.
    read("/api/login", false, false),
];

/// Whether `path` fits the template `template`.
pub fn fits(template: &str, path: &str) -> bool {
    let mut want = template.split('/');
    let mut have = path.split('/');
    loop {
        match (want.next(), have.next()) {
            (None, None) => return true,
            (Some("{id}"), Some(seg)) => {
                if seg.is_empty() || !seg.bytes().all(|b| b.is_ascii_digit()) {
                    return false;
                }
            }
            (Some(w), Some(seg)) if w.starts_with('{') => {
                if seg.is_empty() {
                    return false;
                }
            }
            (Some(w), Some(seg)) if w == seg => {}
            _ => return false,
        }
    }
}

/// The public read `path` is, if any.
pub fn find(path: &str) -> Option<&'static PublicRead> {
    PUBLIC_READS.iter().find(|r| fits(r.path, path))
}

#[cfg(test)]
#[path = "public_reads_tests.rs"]
mod tests;
