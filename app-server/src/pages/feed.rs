//! `/feed.xml`: an Atom feed of the newest published stories, of one category with
//! `?category=`; conditional GET answers 304 when the reader's copy is current.

use actix_web::{HttpRequest, HttpResponse, web};
use atom_syndication::{Category, Content, Entry, Feed, FixedDateTime, Link, Person, Text};
use chrono::{DateTime, Utc};
use domain::story::archive::description;
use domain::story::{GetStoryError, StoryWithAuthor};
use serde::Deserialize;

use crate::conditional::respond;
use crate::config::Config;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct FeedQuery {
    category: Option<String>,
    /// Only stories citing a verse of this passage (OSIS: `John.3.16`).
    passage: Option<String>,
}

pub async fn feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<FeedQuery>,
) -> Result<HttpResponse, ApiError> {
    let category = query.category.as_deref().filter(|c| !c.is_empty());
    let passages = match query
        .passage
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        Some(osis) => vec![state.scripture.parser().parse_osis(osis).ok_or_else(|| {
            ApiError::bad_request(
                "passage must name verses of the Bible in OSIS form, such as John.3.16",
            )
        })?],
        None => Vec::new(),
    };
    let stories = match state.stories.feed(category, &passages).await {
        Ok(stories) => stories,
        Err(GetStoryError::NotFound) => {
            return Err(ApiError::NotFound("Category not found".into()));
        }
        Err(GetStoryError::Store(e)) => return Err(e.into()),
    };
    let updated = stories.iter().map(|s| s.story.updated_at).max();
    let body = atom(&state.config, category, passages.first(), &stories, updated).to_string();
    Ok(respond(
        &req,
        "application/atom+xml; charset=utf-8",
        body,
        updated,
    ))
}

fn fixed(at: DateTime<Utc>) -> FixedDateTime {
    at.fixed_offset()
}

fn link(href: String, rel: &str, mime: Option<&str>) -> Link {
    Link {
        href,
        rel: rel.to_owned(),
        mime_type: mime.map(str::to_owned),
        ..Link::default()
    }
}

fn atom(
    config: &Config,
    category: Option<&str>,
    passage: Option<&domain::scripture::Passage>,
    stories: &[StoryWithAuthor],
    updated: Option<DateTime<Utc>>,
) -> Feed {
    let base = config.public_url.trim_end_matches('/');
    let encode = |v: &str| url::form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
    // The feed names itself with every filter it was asked for, so a reader that follows
    // `self` gets the same entries.
    let mut query = Vec::new();
    let mut title = config.site_name.clone();
    let mut page_url = format!("{base}/");
    if let Some(name) = category {
        query.push(format!("category={}", encode(name)));
        title = format!("{title} · {name}");
        page_url = format!("{base}/stories?category={}", encode(name));
    }
    if let Some(p) = passage {
        query.push(format!("passage={}", encode(&p.osis())));
        title = format!("{title} · {}", p.display());
        page_url = format!("{base}/scripture/{}/{}", p.book().osis, p.start().chapter);
    }
    let self_url = if query.is_empty() {
        format!("{base}/feed.xml")
    } else {
        format!("{base}/feed.xml?{}", query.join("&"))
    };
    Feed {
        title: Text::plain(title),
        id: self_url.clone(),
        // An empty feed has no newest entry; the epoch keeps its validators stable.
        updated: fixed(updated.unwrap_or(DateTime::UNIX_EPOCH)),
        subtitle: Some(Text::plain(super::head::SITE_DESCRIPTION)),
        links: vec![
            link(self_url, "self", Some("application/atom+xml")),
            link(page_url, "alternate", Some("text/html")),
        ],
        entries: stories
            .iter()
            .map(|s| entry(base, &config.site_name, s))
            .collect(),
        ..Feed::default()
    }
}

fn entry(base: &str, site_name: &str, found: &StoryWithAuthor) -> Entry {
    let story = &found.story;
    // Atom requires an author; an anonymous story's is "A member of ...".
    let author = super::story_page::public_author(found, site_name);
    let url = format!("{base}/stories/{}", story.id);
    Entry {
        title: Text::plain(story.title.clone()),
        id: url.clone(),
        updated: fixed(story.updated_at),
        published: story.published_at.map(fixed),
        authors: vec![Person {
            name: author.name,
            ..Person::default()
        }],
        categories: vec![Category {
            term: story.category.clone(),
            ..Category::default()
        }],
        links: vec![link(url, "alternate", Some("text/html"))],
        summary: Some(Text::plain(description(story))),
        content: Some(Content {
            value: Some(story.content.clone()),
            content_type: Some("html".to_owned()),
            ..Content::default()
        }),
        ..Entry::default()
    }
}
