//! `/stories/{id}`: a public story's link preview and its text in the first HTML response,
//! so a shared link shows title, summary and picture, and the story reads before any
//! script runs. Missing and unpublished stories answer 404 with the site's own head.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use domain::permissions::Caller;
use domain::story::archive::{description, preview_image};
use domain::story::{Byline, GetStoryError, ShownAuthor, StoryId, StoryWithAuthor, shown_author};

use super::escape;
use super::head::{Article, Head, document, html_response, site_page};
use crate::error::ApiError;
use crate::state::AppState;

pub async fn story_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let path = format!("/stories/{id}");
    let Ok(id) = id.parse::<i64>() else {
        return Ok(site_page(&state.config, &path, StatusCode::NOT_FOUND));
    };
    match state.stories.public_story(StoryId(id)).await {
        Ok(mut found) => {
            found.story.content =
                crate::routes::scripture::with_reader_links(&state, &found.story.content);
            let author = public_author(&found, &state.config.site_name);
            let head = head(&found, &author, path);
            let body = first_paint(&found, &author, super::first_paint::marks(&req));
            Ok(html_response(
                StatusCode::OK,
                document(&state.config, &head, &body),
            ))
        }
        Err(GetStoryError::NotFound) => Ok(site_page(&state.config, &path, StatusCode::NOT_FOUND)),
        Err(GetStoryError::Store(e)) => Err(e.into()),
    }
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

/// The story as plain HTML; React replaces it when it starts. The content is the stored,
/// sanitised HTML.
fn first_paint(found: &StoryWithAuthor, author: &ShownAuthor, marks: &str) -> String {
    let story = &found.story;
    let excerpt = story
        .excerpt
        .as_deref()
        .filter(|e| !e.trim().is_empty())
        .map(|e| {
            format!(
                "<p class=\"mt-4 text-xl leading-8 text-muted-foreground\">{}</p>",
                escape(e)
            )
        })
        .unwrap_or_default();
    format!(
        "<article class=\"mx-auto w-full max-w-3xl px-4 py-10 sm:px-6\" {marks}>\
         <p class=\"text-sm text-muted-foreground\">{category}</p>\
         <h1 class=\"mt-4 font-serif text-4xl leading-tight font-semibold\">{title}</h1>{excerpt}\
         <p class=\"mt-4 text-sm text-muted-foreground\">By {author}</p>\
         <div class=\"story-content mt-10\">{content}</div></article>",
        category = escape(&story.category),
        title = escape(&story.title),
        author = escape(&author.name),
        content = story.content,
    )
}
