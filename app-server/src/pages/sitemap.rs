//! `/sitemap.xml` (an index of numbered parts past 50,000 URLs) and `/robots.txt`.

use std::fmt::Write as _;

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::SecondsFormat;
use domain::story::archive::{PUBLIC_PAGES, Sitemap};

use super::escape;
use crate::conditional::respond;
use crate::error::ApiError;
use crate::state::AppState;

const XML: &str = "application/xml; charset=utf-8";

pub async fn sitemap(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    render(&req, &state, None).await
}

pub async fn sitemap_part(
    req: HttpRequest,
    state: web::Data<AppState>,
    part: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    render(&req, &state, Some(part.into_inner())).await
}

async fn render(
    req: &HttpRequest,
    state: &AppState,
    part: Option<u64>,
) -> Result<HttpResponse, ApiError> {
    let base = state.config.public_url.trim_end_matches('/');
    let Some(map) = state.stories.sitemap(part).await? else {
        return Err(ApiError::NotFound("Sitemap not found".into()));
    };
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let mut newest = None;
    match map {
        Sitemap::Index { files } => {
            xml += "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
            for n in 1..=files {
                let _ = writeln!(
                    xml,
                    "<sitemap><loc>{}</loc></sitemap>",
                    escape(&format!("{base}/sitemap-{n}.xml"))
                );
            }
            xml += "</sitemapindex>\n";
        }
        Sitemap::Urls { pages, stories } => {
            xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
            if pages {
                for page in PUBLIC_PAGES {
                    let _ = writeln!(
                        xml,
                        "<url><loc>{}</loc></url>",
                        escape(&format!("{base}{page}"))
                    );
                }
            }
            for entry in &stories {
                let _ = writeln!(
                    xml,
                    "<url><loc>{}</loc><lastmod>{}</lastmod></url>",
                    escape(&format!("{base}/stories/{}", entry.id)),
                    entry.updated_at.to_rfc3339_opts(SecondsFormat::Secs, true)
                );
            }
            newest = stories.iter().map(|e| e.updated_at).max();
            xml += "</urlset>\n";
        }
    }
    Ok(respond(req, XML, xml, newest))
}

/// Crawlers may read the stories and pages, not the API or the private screens.
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let base = state.config.public_url.trim_end_matches('/');
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(format!(
            "User-agent: *\nDisallow: /api/\nDisallow: /admin\nDisallow: /dashboard\nDisallow: /contributor-dashboard\n\nSitemap: {base}/sitemap.xml\n"
        ))
}
