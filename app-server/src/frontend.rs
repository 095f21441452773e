//! The built React site, embedded in the binary, with the SPA fallback to `index.html`; and the
//! embeddable widget's script at `/widget.js`.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(RustEmbed)]
#[folder = "../frontend/web/dist/"]
#[allow_missing = true]
struct Site;

#[derive(RustEmbed)]
#[folder = "../frontend/widget/dist/"]
#[allow_missing = true]
struct Widget;

/// How long browsers and CDNs keep `/widget.js` before asking again (with its `ETag`).
pub const WIDGET_MAX_AGE_SECS: u32 = 86_400;

/// `/widget.js`: the embeddable widget, for any site to load (`Access-Control-Allow-Origin: *`,
/// `Cross-Origin-Resource-Policy: cross-origin`), cached for a day and revalidated by `ETag`.
pub async fn widget(req: HttpRequest) -> HttpResponse {
    use actix_web::http::header::{ETAG, IF_NONE_MATCH};
    let Some(script) = Widget::get("widget.js") else {
        return HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("The widget has not been built. Run `just build` (or `npm run build` in frontend/).");
    };
    let etag = format!("\"{}\"", hex::encode(&script.metadata.sha256_hash()[..16]));
    let unchanged = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut res = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((CONTENT_TYPE, "text/javascript; charset=utf-8"))
        .insert_header((
            CACHE_CONTROL,
            format!("public, max-age={WIDGET_MAX_AGE_SECS}, stale-while-revalidate=604800"),
        ))
        .insert_header((ETAG, etag))
        .insert_header(("Access-Control-Allow-Origin", "*"))
        .insert_header(("Cross-Origin-Resource-Policy", "cross-origin"));
    if unchanged {
        res.finish()
    } else {
        res.body(script.data.into_owned())
    }
}

fn file(path: &str) -> Option<HttpResponse> {
    let asset = Site::get(path)?;
    let mime = asset.metadata.mimetype().to_owned();
    // Vite puts content hashes in asset names, so those never change; pages must revalidate.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    Some(
        HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, mime))
            .insert_header((CACHE_CONTROL, cache))
            .body(asset.data.into_owned()),
    )
}

/// The built `index.html`; `None` before the site is built.
pub fn index_html() -> Option<String> {
    Site::get("index.html").map(|f| String::from_utf8_lossy(&f.data).into_owned())
}

/// Serves a built file when one matches, else `index.html` with the site's head so client
/// routes work.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    // Pages and files are read, never written: any other method is a 405 (it used to be
    // the site's page with a 200, which counted as a write and emptied the visitors' cache).
    if !matches!(
        *req.method(),
        actix_web::http::Method::GET | actix_web::http::Method::HEAD
    ) {
        return actix_web::ResponseError::error_response(&ApiError::MethodNotAllowed {
            allow: "GET, HEAD".to_owned(),
        });
    }
    let path = req.path().trim_start_matches('/');
    if !path.is_empty()
        && path != "index.html"
        && let Some(res) = file(path)
    {
        return res;
    }
    if Site::get("index.html").is_some() {
        return crate::pages::site_page(&state.config, req.path(), StatusCode::OK);
    }
    file("index.html").unwrap_or_else(|| {
        HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(
                "The site has not been built. Run `just build` (or `npm run build` in frontend/).",
            )
    })
}
