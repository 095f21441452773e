//! The built React site, embedded in the binary (its pages are served by
//! `crate::pages::fallback`), and the embeddable widget's script at `/widget.js`.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse};
use rust_embed::RustEmbed;

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

/// Whether `path` (no leading slash) names one of the build's scripts, styles or pictures:
/// Vite puts them under `assets/` with content hashes in their names, so each belongs to one
/// build and never changes.
pub fn is_build_asset(path: &str) -> bool {
    path.starts_with("assets/")
}

/// The built file at `path` (no leading slash) with its caching headers; `None` when the
/// site has no such file.
pub fn file(path: &str) -> Option<HttpResponse> {
    let asset = Site::get(path)?;
    let mime = asset.metadata.mimetype().to_owned();
    // Build assets never change; pages must revalidate.
    let cache = if is_build_asset(path) {
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

/// Whether the site has been built into the binary.
pub fn is_built() -> bool {
    Site::get("index.html").is_some()
}
