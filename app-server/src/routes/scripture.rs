//! Scripture: the references in a text (the story form shows them while the author
//! types), and browsing the public stories by book and chapter.

use actix_web::{get, post, web};
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::scripture::{
    ScriptureBookChaptersDto, ScriptureBookDto, ScriptureChapterDto, ScriptureRefDto,
};
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// The longest text the references endpoint reads: a whole story (title, excerpt and the
/// longest content the story form takes).
const MAX_TEXT_CHARS: usize = 201_000;

/// Story HTML with each reference linked to the site's Bible reader (`SCRIPTURE_LINK`), or
/// unchanged when the site names none: what the story page (API and server-rendered) shows.
pub fn with_reader_links(state: &AppState, html: &str) -> String {
    match &state.config.scripture.link {
        Some(link) => domain::scripture::link_references(html, state.scripture.parser(), link),
        None => html.to_owned(),
    }
}

/// A text to read references from.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ScriptureTextInput {
    /// Any text: a story's title, excerpt and content together (at most 201,000
    /// characters).
    #[schema(max_length = 201_000)]
    pub text: String,
}

/// The scripture references in a text, as a story saved with it would store them, in
/// order and without repeats. Changes nothing: the story form calls it while the author
/// types.
#[utoipa::path(
    tag = "scripture",
    request_body = ScriptureTextInput,
    responses(
        (status = 200, description = "The references found", body = Vec<ScriptureRefDto>),
        (status = 400, description = "Malformed body or a text over 201,000 characters", body = ErrorBody),
    )
)]
#[post("/scripture/references")]
pub async fn find_references(
    state: web::Data<AppState>,
    body: web::Json<ScriptureTextInput>,
) -> Result<Declared<web::Json<Vec<ScriptureRefDto>>>, ApiError> {
    let text = body.into_inner().text;
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(ApiError::field("text", "Must be at most 201000 characters"));
    }
    // What story text may hold: no control character but tab and line breaks.
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err(ApiError::field(
            "text",
            "Must not contain control characters",
        ));
    }
    let passages = state.scripture.parser().passages([text.as_str()]);
    Ok(web::Json(super::dto::scripture::refs(&passages)).visible(Visible::Nothing))
}

/// Every book of the site's canon in order, with how many public stories cite it.
#[utoipa::path(
    tag = "scripture",
    responses(
        (status = 200, description = "The books", body = Vec<ScriptureBookDto>),
        (status = 503, description = "Database unavailable", body = ErrorBody),
    )
)]
#[get("/scripture")]
pub async fn list_books(
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<ScriptureBookDto>>, ApiError> {
    let books = state.scripture.books().await?;
    Ok(web::Json(books.into_iter().map(Into::into).collect()))
}

/// One book's chapters, with how many public stories cite a verse of each. The stories of
/// a chapter are `GET /api/stories?passage={osis}`.
#[utoipa::path(
    tag = "scripture",
    params(("book" = String, Path, description = "The book's OSIS code (`John`, `1Cor`, `Ps`)")),
    responses(
        (status = 200, description = "The book's chapters", body = ScriptureBookChaptersDto),
        (status = 404, description = "No such book in the site's canon", body = ErrorBody),
        (status = 503, description = "Database unavailable", body = ErrorBody),
    )
)]
#[get("/scripture/{book}")]
pub async fn book_chapters(
    state: web::Data<AppState>,
    book: web::Path<String>,
) -> Result<web::Json<ScriptureBookChaptersDto>, ApiError> {
    let Some((book, chapters)) = state.scripture.chapters(&book).await? else {
        return Err(ApiError::not_found("Book not found"));
    };
    Ok(web::Json(ScriptureBookChaptersDto {
        osis: book.osis.to_owned(),
        name: book.name.to_owned(),
        chapters: chapters
            .into_iter()
            .map(|c| ScriptureChapterDto::new(book, c))
            .collect(),
    }))
}
