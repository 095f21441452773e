//! `/` and `/stories` for a visitor, and `/` for a member: the first screen in the first
//! HTML response, so the landing page's hero, the story browser's heading and a member's
//! Home paint before any script runs (a phone on a slow network waits seconds for the
//! script; docs/benchmarks.md, "Phones").
//!
//! The markup is React's own (`first_paint/*.html`, written and checked by
//! `frontend/web/src/app/*paint*.test.tsx`). A visitor's story browser is the app's whole
//! first render of the page, which the app hydrates: it adopts the markup instead of
//! building the page again. The landing page's and a member's Home's are their first
//! screen, which the app's first render replaces with the same words and classes: nothing
//! shifts (docs/benchmarks.md, "Phones", says why the landing page is not hydrated).
//! Someone with a session cookie gets no visitor's screen that would flash away: at `/`
//! their Home ([`signed_in_home`]), elsewhere the page without a first paint.

use actix_web::http::StatusCode;
use actix_web::http::header::CACHE_CONTROL;
use actix_web::{HttpRequest, HttpResponse, web};

use super::escape;
use super::head::{
    Head, document, document_in_root, home_modules, html_response, scripts_after_paint, site_page,
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
/// Where the markup has the site's name.
const SITE_NAME_SLOT: &str = "__SITE_NAME__";
/// Where a member's Home has its header, and the member's first name.
const HEADER_SLOT: &str = "__HEADER__";
const FIRST_NAME_SLOT: &str = "__FIRST_NAME__";

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
    if maybe_signed_in(&req) && req.query_string().is_empty() {
        let member = match caller {
            Ok(CurrentCaller(Caller::User(user))) => Some(user),
            // Nobody behind the cookie now, or the database is away: the app finds out.
            Ok(CurrentCaller(Caller::Visitor)) | Err(_) => None,
        };
        return signed_in_home(&req, &state.config, member.as_ref());
    }
    page(&req, &state, "/", LANDING, Takeover::Replace)
}

/// `GET /stories`; a search, category or page in the query is left to the app.
pub async fn stories(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    page(&req, &state, "/stories", STORIES, Takeover::Hydrate)
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

/// What Home's first render asks for, exactly as the app asks (`/api/stories?limit=6` is
/// `HOME_STORY_LIMIT` in `frontend/web/src/features/home/home-page.tsx`).
const HOME_ANSWERS: [&str; 4] = [
    "/api/user",
    "/api/site",
    "/api/categories",
    "/api/stories?limit=6",
];

/// `/` for someone with a session cookie. For a member, Home's first screen (their header,
/// the hero with their first name, the skeletons of the first stories), React's own markup as
/// for the visitors' pages, with the header of their role and approval ([`home_header`]); for a
/// cookie that belongs to nobody now, the app's loading screen (not a paint the app keeps:
/// no `data-prerendered`). Either way Home's chunks and the four answers its first render
/// waits for are asked for with the document, beside the app's script, instead of one after
/// another once it runs (docs/benchmarks.md, "Phones"). The app's fetches send credentials,
/// so these preloads do too, and the browser hands the preloaded answers to them.
pub fn signed_in_home(req: &HttpRequest, config: &Config, member: Option<&User>) -> HttpResponse {
    let answers: String = HOME_ANSWERS
        .iter()
        .map(|url| {
            format!(
                "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" href=\"{url}\">"
            )
        })
        .collect();
    let head = Head::site(config, "/");
    let html = match member {
        Some(user) => {
            let first_name = user.first_name.as_deref().filter(|n| !n.is_empty());
            let markup = HOME
                .trim_end()
                .replace(HEADER_SLOT, home_header(user).trim_end())
                .replace(SITE_NAME_SLOT, &escape(&config.site_name))
                .replace(FIRST_NAME_SLOT, &escape(first_name.unwrap_or("Friend")));
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
    // Home's chunks wait for the paint like the app's own when there is one.
    let modules = match member {
        Some(_) => scripts_after_paint(home_modules()),
        None => home_modules().to_owned(),
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

/// The header of `user`'s Home, as `frontend/web/src/app/first-paint.test.tsx` writes one for
/// each role and approval the header tells apart (its badge, the Dashboard link for an
/// approved account, the Admin link for the three admin roles, which all read "Admin").
fn home_header(user: &User) -> &'static str {
    if user.role.is_admin() {
        return if user.is_approved {
            include_str!("first_paint/home-header-admin.html")
        } else {
            include_str!("first_paint/home-header-admin-unapproved.html")
        };
    }
    match (user.role, user.is_approved) {
        (Role::RegularContributor, true) => {
            include_str!("first_paint/home-header-regular_contributor.html")
        }
        (Role::RegularContributor, false) => {
            include_str!("first_paint/home-header-regular_contributor-pending.html")
        }
        (Role::PrimaryContributor, true) => {
            include_str!("first_paint/home-header-primary_contributor.html")
        }
        (Role::PrimaryContributor, false) => {
            include_str!("first_paint/home-header-primary_contributor-pending.html")
        }
        (_, true) => include_str!("first_paint/home-header-member.html"),
        (_, false) => include_str!("first_paint/home-header-member-pending.html"),
    }
}
