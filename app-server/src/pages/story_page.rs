//! `/stories/{id}`: a public story's link preview and its text in the first HTML response,
//! so a shared link shows title, summary and picture, and the story reads before any
//! script runs. Missing and unpublished stories answer 404 with the site's own head.

use std::collections::HashMap;
use std::sync::LazyLock;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use domain::permissions::Caller;
use domain::story::archive::{description, preview_image};
use domain::story::content::reading_minutes;
use domain::story::{Byline, GetStoryError, ShownAuthor, StoryId, StoryWithAuthor, shown_author};
use domain::user::User;

use super::escape;
use super::head::{
    Article, Head, document, html_response, keep_private, scripts_after_paint, site_page,
    story_modules,
};
use crate::caller::CurrentCaller;
use crate::config::Config;
use crate::error::ApiError;
use crate::state::AppState;

pub async fn story_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    caller: Result<CurrentCaller, ApiError>,
) -> Result<HttpResponse, ApiError> {
    let path = format!("/stories/{id}");
    let Ok(id) = id.parse::<i64>() else {
        return Ok(site_page(&state.config, &path, StatusCode::NOT_FOUND));
    };
    match state.stories.public_story(StoryId(id)).await {
        Ok(mut found) => {
            let minutes = reading_minutes(&found.story.content);
            found.story.content =
                crate::routes::scripture::with_reader_links(&state, &found.story.content);
            let author = public_author(&found, &state.config.site_name);
            let head = head(&found, &author, path);
            // Someone signed in sees their own header, and the byline as the app shows it to
            // them; nobody behind the cookie (or the database away) gets a visitor's.
            let member = match caller {
                Ok(CurrentCaller(Caller::User(user))) => Some(user),
                Ok(CurrentCaller(Caller::Visitor)) | Err(_) => None,
            };
            let paint = Paint {
                config: &state.config,
                found: &found,
                minutes,
                member: member.as_ref(),
            };
            let body = format!(
                "<div {} style=\"display:contents\">{}</div>",
                super::first_paint::marks(&req),
                paint.markup()
            );
            let html = document(&state.config, &head, &body).replacen(
                "</head>",
                &format!("{}</head>", preloads(id, &req)),
                1,
            );
            let mut res = html_response(StatusCode::OK, html);
            if member.is_some() {
                // Their own header: no shared cache may keep it.
                keep_private(&mut res);
            }
            Ok(res)
        }
        Err(GetStoryError::NotFound) => Ok(site_page(&state.config, &path, StatusCode::NOT_FOUND)),
        Err(GetStoryError::Store(e)) => Err(e.into()),
    }
}

/// What the app's first render of the story page waits for, asked for with the document
/// instead of one after another once the app's script runs: the page's chunks (inert until
/// the paint, like the app's own: `boot.ts` asks for them), the story (`/api/stories/{id}`,
/// exactly as the app asks, with credentials, so the browser hands it to the app's fetch) and,
/// with a session cookie, who is signed in. The answers come at low priority, after the
/// stylesheet the paint waits for (docs/benchmarks.md, "Phones").
fn preloads(id: i64, req: &HttpRequest) -> String {
    let user = super::first_paint::maybe_signed_in(req).then_some("/api/user");
    let story = format!("/api/stories/{id}");
    let answers: String = [Some(story.as_str()), user]
        .into_iter()
        .flatten()
        .map(|url| {
            format!(
                "<link rel=\"preload\" as=\"fetch\" crossorigin=\"use-credentials\" fetchpriority=\"low\" href=\"{url}\">"
            )
        })
        .collect();
    format!("{answers}{}", scripts_after_paint(story_modules()))
}

/// The author as a visitor may see them: this page, its link preview and JSON-LD are
/// the same for everyone.
pub fn public_author(found: &StoryWithAuthor, site_name: &str) -> ShownAuthor {
    shown_author(
        found.story.privacy.byline,
        &found.story.author_id,
        &found.author,
        &Caller::Visitor,
        site_name,
    )
}

fn head(found: &StoryWithAuthor, author: &ShownAuthor, path: String) -> Head {
    let story = &found.story;
    Head {
        title: story.title.clone(),
        description: description(story),
        image: preview_image(story),
        path,
        article: Some(Article {
            published: story.published_at,
            modified: story.updated_at,
            section: story.category.clone(),
            // A hidden author is left out of the structured data: "A member of ..." is
            // no Person.
            author: (author.byline != Byline::Anonymous).then(|| author.name.clone()),
        }),
    }
}

/// The story page's first screen, React's own markup (`first_paint/story.html`, written and
/// checked by `frontend/web/src/app/story-paint.test.tsx`): the site's header, the "Back to
/// Stories" row with its Share button, the category badge in its colours, the label, title,
/// excerpt and byline, the video's frame and the text. The app's first render replaces it with
/// the same, then adds what comes below the text (docs/benchmarks.md, "Phones").
const STORY: &str = include_str!("first_paint/story.html");

/// The category badges' colours (`category-badges.json`, written by the same test from
/// `frontend/web/src/lib/categories.ts`; a unit test below reads it).
#[derive(serde::Deserialize, Default)]
struct Badges {
    badges: HashMap<String, String>,
    fallback: String,
}

fn badge_class(category: &str) -> &'static str {
    static BADGES: LazyLock<Badges> = LazyLock::new(|| {
        serde_json::from_str(include_str!("first_paint/category-badges.json")).unwrap_or_default()
    });
    BADGES.badges.get(category).unwrap_or(&BADGES.fallback)
}

/// What a story's first paint shows.
struct Paint<'a> {
    config: &'a Config,
    found: &'a StoryWithAuthor,
    minutes: u32,
    member: Option<&'a User>,
}

impl Paint<'_> {
    fn markup(&self) -> String {
        let story = &self.found.story;
        let viewer = self
            .member
            .map_or(Caller::Visitor, |user| Caller::User(user.clone()));
        let author = shown_author(
            story.privacy.byline,
            &story.author_id,
            &self.found.author,
            &viewer,
            &self.config.site_name,
        );
        // As the app decides (`story-detail-page.tsx`): any video address labels a video
        // story; only an https one is framed.
        let video = story.video_url.as_deref().filter(|url| !url.is_empty());
        let excerpt = story.excerpt.as_deref().filter(|e| !e.is_empty());
        let template = super::slots::keep_parts(
            STORY.trim_end(),
            &[
                ("text", video.is_none()),
                ("video", video.is_some()),
                (
                    "frame",
                    video.is_some_and(|url| url.starts_with("https://")),
                ),
                ("excerpt", excerpt.is_some()),
            ],
        );
        let header = super::headers::header_elsewhere(self.config, self.member);
        super::slots::fill(&template, |slot| {
            Some(match slot {
                "HEADER" => header.clone(),
                "TITLE" => escape(&story.title),
                "EXCERPT" => escape(excerpt.unwrap_or_default()),
                "CATEGORY" => escape(&story.category),
                "CATEGORY_CLASS" => badge_class(&story.category).to_owned(),
                "AUTHOR" => escape(&author.name),
                "INITIALS" => escape(&super::monogram(&author.name)),
                "DATE" => shown_date(story.published_at.unwrap_or(story.created_at)),
                "MINUTES" => self.minutes.to_string(),
                // Stored sanitised.
                "CONTENT" => story.content.clone(),
                _ => return None,
            })
        })
    }
}

/// "Mar 5, 2024": the day as the app writes it (`formatDate` in
/// `frontend/web/src/lib/format.ts`), in UTC, as the server does not know the reader's time
/// zone; the app writes the reader's own day (docs/decisions/sharing.md).
fn shown_date(at: DateTime<Utc>) -> String {
    at.format("%b %-d, %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_date_is_written_as_the_app_writes_it() {
        let at = Utc.with_ymd_and_hms(2024, 3, 5, 23, 0, 0).unwrap();
        assert_eq!(shown_date(at), "Mar 5, 2024");
        let at = Utc.with_ymd_and_hms(2025, 12, 25, 0, 0, 0).unwrap();
        assert_eq!(shown_date(at), "Dec 25, 2025");
    }

    #[test]
    fn each_category_has_its_badge_and_any_other_the_fallback() {
        assert_eq!(
            badge_class("Testimonies"),
            "bg-rose-100 text-rose-800 border-rose-200"
        );
        assert_eq!(
            badge_class("A New One"),
            "bg-stone-100 text-stone-800 border-stone-200"
        );
    }
}
