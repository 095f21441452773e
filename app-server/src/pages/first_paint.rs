//! `/` and `/stories`, for a visitor and for a member: the first screen in the first HTML
//! response, so the landing page's hero, the story browser's heading and a member's Home
//! and story browser paint before any script runs (a phone on a slow network waits seconds
//! for the script; docs/benchmarks.md, "Phones").
//!
//! The markup is React's own (`first_paint/*.html`, written and checked by
//! `frontend/web/src/app/*paint*.test.tsx`). A visitor's story browser is the app's whole
//! first render of the page, which the app hydrates: it adopts the markup instead of
//! building the page again. The landing page's and a member's pages' are their first
//! screen, which the app's first render replaces with the same words and classes: nothing
//! shifts (docs/benchmarks.md, "Phones", says why the landing page is not hydrated).
//! Someone with a session cookie gets no visitor's screen that would flash away: their own
//! page ([`signed_in_page`]) with their own header; a search, a category or a page in the
//! query, and every other page, come without a first paint.

use actix_web::http::StatusCode;
use actix_web::http::header::CACHE_CONTROL;
use actix_web::{HttpRequest, HttpResponse, web};

use super::escape;
use super::head::{
    Head, MemberPage, document, document_in_root, html_response, member_modules,
    scripts_after_paint, site_page,
};
use crate::caller::CurrentCaller;
use crate::config::Config;
use crate::error::ApiError;
use crate::session::COOKIE_NAME;
use crate::state::AppState;
use domain::Caller;
use domain::user::{Role, User};

/// The landing page's header and hero.
const LANDING: &str = include_str!("first_paint/landing.html");
/// The story browser as the app first renders it for a visitor: its header, heading, search
/// and card skeletons.
const STORIES: &str = include_str!("first_paint/stories.html");
/// The app's loading screen (`LoadingScreen`), which `/` shows at once for a session
/// cookie that belongs to nobody any more.
const LOADING: &str = include_str!("first_paint/loading.html");
/// A member's Home around its header: the hero and the skeletons of the first stories.
const HOME: &str = include_str!("first_paint/home.html");
/// A member's story browser around its header: the heading, the search and the card skeletons.
const STORIES_FOR_MEMBER: &str = include_str!("first_paint/stories-member.html");
/// Where the markup has the site's name.
const SITE_NAME_SLOT: &str = "__SITE_NAME__";

/// Whether the request may come from someone signed in (it carries a session cookie).
pub fn maybe_signed_in(req: &HttpRequest) -> bool {
    req.cookie(COOKIE_NAME).is_some()
}

/// The attributes that mark a first paint for the app: `data-visitor` tells it nobody is
/// signed in (no session cookie came), so it need not wait for `/api/user`.
pub fn marks(req: &HttpRequest) -> &'static str {
    if maybe_signed_in(req) {
        "data-prerendered=\"\""
    } else {
        "data-prerendered=\"\" data-visitor=\"\""
    }
}

/// `GET /`: the landing page for a visitor, Home for someone signed in.
pub async fn landing(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Result<CurrentCaller, ApiError>,
) -> HttpResponse {
    signed_in(&req, &state, caller, MemberPage::Home)
        .unwrap_or_else(|| page(&req, &state, "/", LANDING, Takeover::Replace))
}

/// `GET /stories`: the visitors' story browser, or a member's; a search, category or page in
/// the query is left to the app.
pub async fn stories(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Result<CurrentCaller, ApiError>,
) -> HttpResponse {
    signed_in(&req, &state, caller, MemberPage::Stories)
        .unwrap_or_else(|| page(&req, &state, "/stories", STORIES, Takeover::Hydrate))
}

/// `page` for a request with a session cookie and no query ([`signed_in_page`]); `None` for
/// a visitor or a query (the visitors' paint, or none).
fn signed_in(
    req: &HttpRequest,
    state: &AppState,
    caller: Result<CurrentCaller, ApiError>,
    page: MemberPage,
) -> Option<HttpResponse> {
    if !maybe_signed_in(req) || !req.query_string().is_empty() {
        return None;
    }
    let member = match caller {
        Ok(CurrentCaller(Caller::User(user))) => Some(user),
        // Nobody behind the cookie now, or the database is away: the app finds out.
        Ok(CurrentCaller(Caller::Visitor)) | Err(_) => None,
    };
    Some(signed_in_page(req, &state.config, member.as_ref(), page))
}

/// How the app takes over a first paint.
#[derive(Clone, Copy)]
enum Takeover {
    /// The paint is the page's first screen: the app's first render replaces it.
    Replace,
    /// The paint is the app's whole first render of the page: the app hydrates it.
    Hydrate,
}

fn page(
    req: &HttpRequest,
    state: &AppState,
    path: &str,
    markup: &str,
    takeover: Takeover,
) -> HttpResponse {
    let config = &state.config;
    if maybe_signed_in(req) || !req.query_string().is_empty() {
        return site_page(config, path, StatusCode::OK);
    }
    let markup = markup
        .trim_end()
        .replace(SITE_NAME_SLOT, &escape(&config.site_name));
    let head = Head::site(config, path);
    let html = match takeover {
        Takeover::Replace => document(
            config,
            &head,
            &format!(
                "<div {} style=\"display:contents\">{markup}</div>",
                marks(req)
            ),
        ),
        // The markup is all of `#root`'s content, as the app renders it: the root itself
        // carries the marks, and `data-hydrate` tells the app to adopt this markup.
        Takeover::Hydrate => document_in_root(
            config,
            &head,
            &format!(" {} data-hydrate=\"\"", marks(req)),
            &markup,
        ),
    };
    html_response(StatusCode::OK, html)
}

/// What a member's page's first render asks for, exactly as the app asks: the user, the
/// site, the categories and the first stories (`/api/stories?limit=6` is `HOME_STORY_LIMIT` in
/// `frontend/web/src/features/home/home-page.tsx`, `limit=12` the story browser's
/// `STORIES_PER_PAGE` in `frontend/web/src/features/browse/stories-page.tsx`).
fn answers(page: MemberPage) -> [&'static str; 4] {
    let stories = match page {
        MemberPage::Home => "/api/stories?limit=6",
        MemberPage::Stories => "/api/stories?limit=12",
    };
    ["/api/user", "/api/site", "/api/categories", stories]
}

/// `/` (Home) or `/stories` for someone with a session cookie. For a member, the page's
/// first screen with the header of their role and approval ([`header`]), React's own markup
/// as for the visitors' pages: Home's hero with their first name and the skeletons of the
/// first stories, or the story browser's heading, search and skeletons. For a cookie that
/// belongs to nobody now, the app's loading screen (not a paint the app keeps: no
/// `data-prerendered`). Either way the page's chunks and the four answers its first render
/// waits for are asked for with the document, beside the app's script, instead of one after
/// another once it runs (docs/benchmarks.md, "Phones"). The app's fetches send credentials,
/// so these preloads do too, and the browser hands the preloaded answers to them.
fn signed_in_page(
    req: &HttpRequest,
    config: &Config,
    member: Option<&User>,
    page: MemberPage,
) -> HttpResponse {
    let answers: String = answers(page)
        .iter()
        .map(|url| {
            format!(
                "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" href=\"{url}\">"
            )
        })
        .collect();
    let (path, template) = match page {
        MemberPage::Home => ("/", HOME),
        MemberPage::Stories => ("/stories", STORIES_FOR_MEMBER),
    };
    let head = Head::site(config, path);
    let html = match member {
        Some(user) => {
            let first_name = user.first_name.as_deref().filter(|n| !n.is_empty());
            let header = member_header(config, header(page, user), user);
            // One pass: a first name that reads like a slot stays the name.
            let markup = fill(template.trim_end(), |slot| match slot {
                "HEADER" => Some(header.clone()),
                "SITE_NAME" => Some(escape(&config.site_name)),
                "FIRST_NAME" => Some(escape(first_name.unwrap_or("Friend"))),
                _ => None,
            });
            let body = format!(
                "<div {} style=\"display:contents\">{markup}</div>",
                marks(req)
            );
            document(config, &head, &body)
        }
        None => document(config, &head, "").replacen(
            "<div id=\"root\"></div>",
            &format!("<div id=\"root\">{}</div>", LOADING.trim_end()),
            1,
        ),
    };
    // The page's chunks wait for the paint like the app's own when there is one.
    let modules = match member {
        Some(_) => scripts_after_paint(member_modules(page)),
        None => member_modules(page).to_owned(),
    };
    let mut res = html_response(
        StatusCode::OK,
        html.replacen("</head>", &format!("{answers}{modules}</head>"), 1),
    );
    // A person's own page: no shared cache may keep it.
    res.headers_mut().insert(
        CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("private, no-cache"),
    );
    res
}

/// The headers of a member's page, in the order [`header_index`] picks them:
/// `$prefix-*.html`, as `frontend/web/src/app/first-paint.test.tsx` writes one for each role
/// and approval the header tells apart (its badge, the Dashboard link for an approved
/// account, the Admin link for the three admin roles, which all read "Admin"). Home's and the
/// story browser's mark their own link as the current page; `header-*.html`
/// (`story-paint.test.tsx`) are for a page none of the header's links names.
macro_rules! headers {
    ($prefix:literal) => {
        [
            include_str!(concat!("first_paint/", $prefix, "-admin.html")),
            include_str!(concat!("first_paint/", $prefix, "-admin-unapproved.html")),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-regular_contributor.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-regular_contributor-pending.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-primary_contributor.html"
            )),
            include_str!(concat!(
                "first_paint/",
                $prefix,
                "-primary_contributor-pending.html"
            )),
            include_str!(concat!("first_paint/", $prefix, "-member.html")),
            include_str!(concat!("first_paint/", $prefix, "-member-pending.html")),
        ]
    };
}

const HOME_HEADERS: [&str; 8] = headers!("home-header");
const STORIES_HEADERS: [&str; 8] = headers!("stories-header");
const OTHER_HEADERS: [&str; 8] = headers!("header");
/// A visitor's header on a page none of its links names.
const VISITOR_HEADER: &str = include_str!("first_paint/header-visitor.html");

/// Which of a page's eight headers is `user`'s.
fn header_index(user: &User) -> usize {
    match (user.role, user.is_approved) {
        (role, true) if role.is_admin() => 0,
        (role, false) if role.is_admin() => 1,
        (Role::RegularContributor, true) => 2,
        (Role::RegularContributor, false) => 3,
        (Role::PrimaryContributor, true) => 4,
        (Role::PrimaryContributor, false) => 5,
        (_, true) => 6,
        (_, false) => 7,
    }
}

/// The header of `user` on `page`.
fn header(page: MemberPage, user: &User) -> &'static str {
    let headers = match page {
        MemberPage::Home => &HOME_HEADERS,
        MemberPage::Stories => &STORIES_HEADERS,
    };
    headers[header_index(user)]
}

/// The site's header on a page none of its links names (a story's), for `user` or a visitor,
/// with the site's name (and the member's account button) in it.
pub(super) fn header_elsewhere(config: &Config, user: Option<&User>) -> String {
    match user {
        Some(user) => member_header(config, OTHER_HEADERS[header_index(user)], user),
        None => fill(VISITOR_HEADER.trim_end(), |slot| {
            (slot == "SITE_NAME").then(|| escape(&config.site_name))
        }),
    }
}

/// A member's `header` filled in: the site's name, and the account button's initials and name
/// (the header's stand-in for the account menu until its chunk is here, `AccountStandIn` in
/// `frontend/web/src/components/layout/header.tsx`).
fn member_header(config: &Config, header: &str, user: &User) -> String {
    // The app's rule (`accountName` in `frontend/web/src/components/layout/account-name.ts`).
    let name = user.display_name();
    fill(header.trim_end(), |slot| match slot {
        "SITE_NAME" => Some(escape(&config.site_name)),
        "MONOGRAM" => Some(escape(&super::monogram(&name))),
        "ACCOUNT_NAME" => Some(escape(&name)),
        _ => None,
    })
}

/// `template` with each `__NAME__` slot (capitals, single underscores between words)
/// replaced by `value(NAME)` in one pass (a slot `value` does not know stays), so a value that
/// itself reads like a slot is left as it is.
pub(super) fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        match slot_name(after).and_then(|(name, len)| Some((value(name)?, len))) {
            Some((filled, len)) => {
                out.push_str(&rest[..start]);
                out.push_str(&filled);
                rest = &after[len..];
            }
            None => {
                out.push_str(&rest[..=start]);
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The slot's name at the start of `text` (just after its opening `__`) and the length of
/// the name with its closing `__`.
fn slot_name(text: &str) -> Option<(&str, usize)> {
    let bytes = text.as_bytes();
    let mut end = 0;
    loop {
        let word = end;
        while bytes.get(end).is_some_and(u8::is_ascii_uppercase) {
            end += 1;
        }
        if end == word {
            return None;
        }
        if bytes.get(end) == Some(&b'_') && bytes.get(end + 1).is_some_and(u8::is_ascii_uppercase) {
            end += 1;
        } else {
            break;
        }
    }
    text[end..]
        .starts_with("__")
        .then(|| (&text[..end], end + 2))
}

/// `template` with each part between `<!--name-->` and `<!--/name-->` kept (without the
/// markers) or dropped, as `parts` says.
pub(super) fn keep_parts(template: &str, parts: &[(&str, bool)]) -> String {
    parts
        .iter()
        .fold(template.to_owned(), |html, &(name, kept)| {
            let (open, close) = (format!("<!--{name}-->"), format!("<!--/{name}-->"));
            let mut out = String::with_capacity(html.len());
            let mut rest = html.as_str();
            while let Some(start) = rest.find(&open) {
                let Some(len) = rest[start..].find(&close) else {
                    break;
                };
                out.push_str(&rest[..start]);
                if kept {
                    out.push_str(&rest[start + open.len()..start + len]);
                }
                rest = &rest[start + len + close.len()..];
            }
            out.push_str(rest);
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_once_and_a_value_like_a_slot_stays_as_it_is() {
        let value = |name: &str| match name {
            "TITLE" => Some("__BY__ & co".to_owned()),
            "BY" => Some("Ruth".to_owned()),
            "CATEGORY_CLASS" => Some("bg-sky-100".to_owned()),
            _ => None,
        };
        assert_eq!(
            fill("<h1>__TITLE__</h1>__ <p>__BY__ __NOPE__</p>__", value),
            "<h1>__BY__ & co</h1>__ <p>Ruth __NOPE__</p>__"
        );
        assert_eq!(
            fill("___BY____CATEGORY_CLASS__a__b__BY", value),
            "_Ruthbg-sky-100a__b__BY"
        );
    }

    #[test]
    fn a_templates_parts_are_kept_without_their_markers_or_dropped() {
        let template = "<a><!--x-->1<!--/x--><!--y-->2<!--/y--><!--x-->3<!--/x--></a>";
        assert_eq!(
            keep_parts(template, &[("x", true), ("y", false)]),
            "<a>13</a>"
        );
        assert_eq!(
            keep_parts(template, &[("x", false), ("y", true)]),
            "<a>2</a>"
        );
    }

    #[test]
    fn every_role_has_a_header_on_every_page() {
        for headers in [&HOME_HEADERS, &STORIES_HEADERS, &OTHER_HEADERS] {
            for header in headers {
                assert!(header.starts_with("<header"), "{header}");
            }
        }
        assert!(VISITOR_HEADER.contains("Sign In"));
    }
}
