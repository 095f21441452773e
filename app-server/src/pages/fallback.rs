//! Every address no route claims: a built file when one matches, else the site's page
//! (`index.html` with the head the server writes) so the React app's own routes work.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::ApiError;
use crate::frontend;
use crate::state::AppState;

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
        && let Some(res) = frontend::file(path)
    {
        return res;
    }
    // A built script or style that is not here belongs to another build (a page opened before
    // an upgrade, or another server of a different version): a 404, which the app answers by
    // reloading once (`frontend/web/src/app/app-error-boundary.tsx`), not the site's page.
    if frontend::is_build_asset(path) {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Not found");
    }
    if frontend::is_built() {
        return super::site_page(&state.config, req.path(), StatusCode::OK);
    }
    frontend::file("index.html").unwrap_or_else(|| {
        HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(
                "The site has not been built. Run `just build` (or `npm run build` in frontend/).",
            )
    })
}
