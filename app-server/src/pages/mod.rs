//! Pages as the rest of the web reads them, filled by the server: link previews and the
//! first paint of a shared story, the landing page and the story browser, the Atom feed, the sitemap and robots.txt.

pub mod fallback;
mod feed;
mod first_paint;
mod head;
mod headers;
mod sitemap;
mod slots;
mod story_page;

use actix_web::{guard, web};

pub use head::site_page;

/// The picture of a link preview when a story has none (1200×630, shipped in the binary).
const DEFAULT_IMAGE: &[u8] = include_bytes!("../../assets/og-image.jpg");
pub const DEFAULT_IMAGE_PATH: &str = "/og-image.jpg";

/// Registers the pages; the rest of the site falls through to the SPA.
pub fn configure(cfg: &mut web::ServiceConfig) {
    // Read (GET, HEAD) like the rest of the site; any other method is the site's 405.
    let read = || web::route().guard(guard::Any(guard::Get()).or(guard::Head()));
    cfg.service(
        web::resource("/")
            .route(read().to(first_paint::landing))
            .default_service(web::to(fallback::serve)),
    )
    .service(
        web::resource("/stories")
            .route(read().to(first_paint::stories))
            .default_service(web::to(fallback::serve)),
    )
    .route("/stories/{id}", web::get().to(story_page::story_page))
    .route("/feed.xml", web::get().to(feed::feed))
    .route("/sitemap.xml", web::get().to(sitemap::sitemap))
    .route(
        r"/sitemap-{part:\d+}.xml",
        web::get().to(sitemap::sitemap_part),
    )
    .route("/robots.txt", web::get().to(sitemap::robots))
    .route(DEFAULT_IMAGE_PATH, web::get().to(default_image))
    .route(
        "/media/{name}",
        web::get().to(crate::routes::uploads::media_file),
    );
}

async fn default_image() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type("image/jpeg")
        .insert_header(("cache-control", "public, max-age=86400"))
        .body(DEFAULT_IMAGE)
}

/// Up to two initials for a generated avatar (a story's byline, a member's account button),
/// as the app makes them (`initials` in `frontend/web/src/lib/format.ts`): the first letter of each of the first two words.
pub(crate) fn monogram(name: &str) -> String {
    let letters: String = name
        .split_whitespace()
        .take(2)
        .filter_map(|word| word.chars().next())
        .flat_map(char::to_uppercase)
        .collect();
    if letters.is_empty() {
        "?".to_owned()
    } else {
        letters
    }
}

/// Text for HTML and XML: `& < > " '` escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape, monogram};

    #[test]
    fn a_generated_avatars_initials_are_the_first_two_words_first_letters() {
        assert_eq!(monogram("Ruth Moab"), "RM");
        assert_eq!(monogram("  maria   de la cruz"), "MD");
        assert_eq!(monogram("Élodie"), "É");
        assert_eq!(monogram("   "), "?");
    }

    #[test]
    fn markup_in_text_stays_text() {
        assert_eq!(
            escape(r#""><script>alert('x')</script>&"#),
            "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"
        );
    }
}
