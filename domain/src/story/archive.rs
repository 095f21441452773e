//! The public archive as the rest of the web sees it: link previews, feeds and sitemaps.

use chrono::{DateTime, Utc};

use super::content::plain_preview;
use super::{GetStoryError, ListStoriesError, Story, StoryId, StoryService, StoryWithAuthor};
use crate::permissions::Caller;

/// How many stories a feed carries (newest published first).
pub const FEED_ENTRIES: u32 = 50;
/// The most URLs one sitemap file may list (sitemaps.org).
pub const SITEMAP_MAX_URLS: u64 = 50_000;
/// The longest description of a link preview.
pub const DESCRIPTION_CHARS: usize = 160;
/// The public pages a sitemap lists besides the stories: home, the story browser, help.
pub const PUBLIC_PAGES: [&str; 3] = ["/", "/stories", "/help"];

/// A published story as a sitemap lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedEntry {
    pub id: StoryId,
    pub updated_at: DateTime<Utc>,
}

/// What `/sitemap.xml` (or one of its numbered parts) holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sitemap {
    /// A list of URLs: the public pages (in the first file only) and these stories.
    Urls {
        pages: bool,
        stories: Vec<PublishedEntry>,
    },
    /// Too many URLs for one file: an index of `files` numbered parts (1-based).
    Index { files: u64 },
}

/// Which part of the URL sequence (public pages, then stories by id) one sitemap file
/// holds, when the whole does not fit one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitemapSlice {
    pub pages: bool,
    pub offset: u64,
    pub limit: u64,
}

/// How many sitemap files `stories` published stories need (1 when one file holds all).
pub fn sitemap_files(stories: u64) -> u64 {
    (stories + PUBLIC_PAGES.len() as u64)
        .div_ceil(SITEMAP_MAX_URLS)
        .max(1)
}

/// The stories of sitemap part `file` (1-based); `None` past the last part.
pub fn sitemap_slice(file: u64, stories: u64) -> Option<SitemapSlice> {
    if file == 0 || file > sitemap_files(stories) {
        return None;
    }
    let pages = PUBLIC_PAGES.len() as u64;
    let start = (file - 1) * SITEMAP_MAX_URLS;
    let end = start + SITEMAP_MAX_URLS;
    // Positions in the sequence pages ++ stories, turned into positions among the stories.
    let offset = start.saturating_sub(pages);
    let limit = end.saturating_sub(pages).min(stories) - offset.min(stories);
    Some(SitemapSlice {
        pages: file == 1,
        offset,
        limit,
    })
}

/// The text a link preview shows: the excerpt, else the start of the story as plain text.
pub fn description(story: &Story) -> String {
    match story.excerpt.as_deref().map(str::trim) {
        Some(excerpt) if !excerpt.is_empty() => plain_preview(excerpt, DESCRIPTION_CHARS),
        _ => plain_preview(&story.content, DESCRIPTION_CHARS),
    }
}

/// The picture of a link preview: the thumbnail, else the YouTube poster of the video;
/// `None` leaves the site's own picture (Vimeo posters need a call to Vimeo's API).
pub fn preview_image(story: &Story) -> Option<String> {
    if let Some(thumbnail) = story.thumbnail_url.as_deref().filter(|t| !t.is_empty()) {
        return Some(thumbnail.to_owned());
    }
    let id = story
        .video_url
        .as_deref()?
        .strip_prefix("https://www.youtube.com/embed/")?
        .split(['?', '/'])
        .next()
        .filter(|id| !id.is_empty())?;
    Some(format!("https://i.ytimg.com/vi/{id}/hqdefault.jpg"))
}

impl StoryService {
    /// The newest published stories, with content, for a feed; `category` narrows it.
    ///
    /// # Errors
    /// [`GetStoryError::NotFound`] for a category that does not exist; the store's error.
    pub async fn feed(
        &self,
        category: Option<&str>,
        passages: &[crate::scripture::Passage],
    ) -> Result<Vec<StoryWithAuthor>, GetStoryError> {
        if let Some(name) = category
            && !self.ports.categories.exists(name).await?
        {
            return Err(GetStoryError::NotFound);
        }
        Ok(self
            .ports
            .archive
            .newest_published(category, passages, FEED_ENTRIES)
            .await?)
    }

    /// A story as a visitor sees it (what a shared link may reveal).
    ///
    /// # Errors
    /// [`GetStoryError::NotFound`] when missing or not public.
    pub async fn public_story(&self, id: StoryId) -> Result<StoryWithAuthor, GetStoryError> {
        self.get(&Caller::Visitor, id).await
    }

    /// `/sitemap.xml` (`file` = `None`) or its numbered part; `None` for a part that does
    /// not exist.
    ///
    /// # Errors
    /// The store's error.
    pub async fn sitemap(&self, file: Option<u64>) -> Result<Option<Sitemap>, ListStoriesError> {
        let stories = self.ports.archive.count_published().await?;
        let files = sitemap_files(stories);
        let part = match file {
            None if files > 1 => return Ok(Some(Sitemap::Index { files })),
            None => 1,
            Some(_) if files == 1 => return Ok(None),
            Some(n) => n,
        };
        let Some(slice) = sitemap_slice(part, stories) else {
            return Ok(None);
        };
        let stories = self
            .ports
            .archive
            .published_entries(slice.offset, slice.limit)
            .await?;
        Ok(Some(Sitemap::Urls {
            pages: slice.pages,
            stories,
        }))
    }
}

#[cfg(test)]
#[path = "archive_tests.rs"]
mod tests;
