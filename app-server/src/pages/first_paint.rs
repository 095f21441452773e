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
use actix_web::{HttpRequest, HttpResponse, web};

use super::escape;
use super::head::{
    Head, MemberPage, document, document_in_root, html_response, keep_private, member_modules,
    scripts_after_paint, site_page,
};
use super::headers::{header, member_header};
use super::slots::fill;
use crate::caller::CurrentCaller;
use crate::config::Config;
use crate::error::ApiError;
use crate::session::COOKIE_NAME;
use crate::state::AppState;
use domain::Caller;
use domain::user::User;

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
    keep_private(&mut res);
    res
}
