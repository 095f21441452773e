//! `/` and `/stories` for a visitor: the first screen in the first HTML response, so the
//! landing page's hero and the story browser's heading paint before any script runs (a
//! phone on a slow network waits seconds for the script; docs/benchmarks.md, "Phones").
//!
//! The markup is React's own (`first_paint/*.html`, written and checked by
//! `frontend/web/src/app/first-paint.test.tsx`), so React's first render replaces it with
//! the same words and classes: nothing shifts. Someone with a session cookie may be signed
//! in and would see Home at `/` (and their own header everywhere): they get no visitor's
//! screen that would flash away. At `/` they get the app's own loading screen at once and
//! Home's code and data asked for with the document ([`signed_in_home`]); elsewhere the page
//! without a first paint.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::escape;
use super::head::{Head, document, home_modules, html_response, site_page};
use crate::config::Config;
use crate::session::COOKIE_NAME;
use crate::state::AppState;

/// The landing page's header and hero.
const LANDING: &str = include_str!("first_paint/landing.html");
/// The story browser's header, heading, search and card skeletons.
const STORIES: &str = include_str!("first_paint/stories.html");
/// The app's loading screen (`LoadingScreen`), which a signed-in `/` shows at once.
const LOADING: &str = include_str!("first_paint/loading.html");
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

/// `GET /`.
pub async fn landing(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    page(&req, &state, "/", LANDING)
}

/// `GET /stories`; a search, category or page in the query is left to the app.
pub async fn stories(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    page(&req, &state, "/stories", STORIES)
}

fn page(req: &HttpRequest, state: &AppState, path: &str, markup: &str) -> HttpResponse {
    let config = &state.config;
    if !req.query_string().is_empty() {
        return site_page(config, path, StatusCode::OK);
    }
    if maybe_signed_in(req) {
        return if path == "/" {
            signed_in_home(config)
        } else {
            site_page(config, path, StatusCode::OK)
        };
    }
    let body = format!(
        "<div {} style=\"display:contents\">{}</div>",
        marks(req),
        markup
            .trim_end()
            .replace(SITE_NAME_SLOT, &escape(&config.site_name))
    );
    html_response(
        StatusCode::OK,
        document(config, &Head::site(config, path), &body),
    )
}

/// What Home's first render asks for, exactly as the app asks (`/api/stories?limit=6` is
/// `HOME_STORY_LIMIT` in `frontend/web/src/features/home/home-page.tsx`).
const HOME_ANSWERS: [&str; 4] = [
    "/api/user",
    "/api/site",
    "/api/categories",
    "/api/stories?limit=6",
];

/// `/` for someone who may be signed in. The server does not render a person's Home; it
/// sends the app's loading screen, which the app would show first anyway, so a phone shows
/// it with the document instead of a blank page for the seconds the script takes; and it
/// asks for Home's chunks and the four answers Home's first render waits for with the
/// document, beside the app's script, instead of one after another once the script runs
/// (docs/benchmarks.md, "Phones"). The app's fetches send credentials, so these preloads
/// do too, and the browser hands the preloaded answers to them. The screen is not a first
/// paint the app keeps (no `data-prerendered`): the app replaces it when it renders.
pub fn signed_in_home(config: &Config) -> HttpResponse {
    let answers: String = HOME_ANSWERS
        .iter()
        .map(|url| {
            format!(
                "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" href=\"{url}\">"
            )
        })
        .collect();
    let html = document(config, &Head::site(config, "/"), "")
        .replacen("</head>", &format!("{answers}{}</head>", home_modules()), 1)
        .replacen(
            "<div id=\"root\"></div>",
            &format!("<div id=\"root\">{}</div>", LOADING.trim_end()),
            1,
        );
    html_response(StatusCode::OK, html)
}
