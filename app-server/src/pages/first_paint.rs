//! `/` and `/stories` for a visitor: the first screen in the first HTML response, so the
//! landing page's hero and the story browser's heading paint before any script runs (a
//! phone on a slow network waits seconds for the script; docs/benchmarks.md, "Phones").
//!
//! The markup is React's own (`first_paint/*.html`, written and checked by
//! `frontend/web/src/app/first-paint.test.tsx`), so React's first render replaces it with
//! the same words and classes: nothing shifts. Someone with a session cookie may be signed
//! in and would see Home at `/` (and their own header everywhere): they get the page
//! without a first paint, as before, rather than a visitor's screen that flashes away.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::escape;
use super::head::{Head, document, html_response, site_page};
use crate::session::COOKIE_NAME;
use crate::state::AppState;

/// The landing page's header and hero.
const LANDING: &str = include_str!("first_paint/landing.html");
/// The story browser's header, heading, search and card skeletons.
const STORIES: &str = include_str!("first_paint/stories.html");
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
    if maybe_signed_in(req) || !req.query_string().is_empty() {
        return site_page(config, path, StatusCode::OK);
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
