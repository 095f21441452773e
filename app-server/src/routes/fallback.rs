//! What `/api` answers for a path no handler serves: a JSON 404, or a 405 naming the
//! methods the document lists for it.

use actix_web::HttpResponse;

use crate::error::ApiError;

/// Any `/api` path that no handler serves: a JSON 404, never the site's `index.html`; or,
/// when the path is one the document lists with other methods, a 405 with `Allow`.
pub async fn api_not_found(req: actix_web::HttpRequest) -> Result<HttpResponse, ApiError> {
    match methods_at(req.path()) {
        Some(allow) => Err(ApiError::MethodNotAllowed { allow }),
        None => Err(ApiError::not_found("Not found")),
    }
}

/// The methods the document lists for the paths that `path` matches (`GET, PUT`), or
/// `None` when it matches none.
pub(crate) fn methods_at(path: &str) -> Option<String> {
    use std::sync::LazyLock;
    type Route = (Vec<String>, Vec<&'static str>);
    static ROUTES: LazyLock<Vec<Route>> = LazyLock::new(|| {
        super::openapi_document()
            .paths
            .paths
            .iter()
            .map(|(template, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("PUT", item.put.is_some()),
                    ("POST", item.post.is_some()),
                    ("DELETE", item.delete.is_some()),
                    ("PATCH", item.patch.is_some()),
                ];
                (
                    template.split('/').map(str::to_owned).collect(),
                    methods.iter().filter(|m| m.1).map(|m| m.0).collect(),
                )
            })
            .collect()
    });
    let segments: Vec<&str> = path.split('/').collect();
    let matching: Vec<&Route> = ROUTES
        .iter()
        .filter(|(template, _)| {
            template.len() == segments.len()
                && template
                    .iter()
                    .zip(&segments)
                    .all(|(t, s)| t == s || (t.starts_with('{') && !s.is_empty()))
        })
        .collect();
    // The most specific templates say what the path is: `/api/user/sessions/revoke-others`
    // is that action, not a session id.
    let holes = |t: &Route| t.0.iter().filter(|s| s.starts_with('{')).count();
    let fewest = matching.iter().map(|t| holes(t)).min()?;
    let mut allow: Vec<&str> = matching
        .iter()
        .filter(|t| holes(t) == fewest)
        .flat_map(|(_, methods)| methods.iter().copied())
        .collect();
    allow.sort_unstable();
    allow.dedup();
    (!allow.is_empty()).then(|| allow.join(", "))
}
