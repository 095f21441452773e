//! Link previews, feeds and sitemaps on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::*;
use crate::story::{StoryStatus, StoryWithAuthor};
use crate::testing::{StoryFakes, new_story};
use crate::user::Role;

fn story(excerpt: Option<&str>, content: &str) -> Story {
    let fakes = StoryFakes::new();
    let author = fakes.user("a@example.org", Role::Member, true);
    let mut new = new_story(&author.id, "T", StoryStatus::Approved);
    new.fields.excerpt = excerpt.map(str::to_owned);
    new.fields.content = content.to_owned();
    new.fields.source = content.to_owned();
    block_on(crate::story::StoryRepository::create(&*fakes.stories, new)).unwrap()
}

#[test]
fn the_description_is_the_excerpt_else_the_start_of_the_text() {
    assert_eq!(description(&story(Some(" Short "), "<p>Long</p>")), "Short");
    assert_eq!(
        description(&story(Some("  "), "<p>One &amp; two</p>")),
        "One & two"
    );
    let long = format!("<p>{}</p>", "word ".repeat(100));
    let text = description(&story(None, &long));
    assert!(text.chars().count() <= DESCRIPTION_CHARS + 1, "{text}");
    assert!(text.starts_with("word word"));
}

#[test]
fn the_preview_image_is_the_thumbnail_else_the_youtube_poster() {
    let mut s = story(None, "<p>x</p>");
    assert_eq!(preview_image(&s), None);
    s.video_url = Some("https://www.youtube.com/embed/dQw4w9WgXcQ?start=30".into());
    assert_eq!(
        preview_image(&s).as_deref(),
        Some("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg")
    );
    s.video_url = Some("https://player.vimeo.com/video/76979871".into());
    assert_eq!(preview_image(&s), None);
    s.thumbnail_url = Some("https://example.org/t.jpg".into());
    assert_eq!(
        preview_image(&s).as_deref(),
        Some("https://example.org/t.jpg")
    );
}

#[test]
fn one_sitemap_file_holds_up_to_50000_urls_with_the_pages() {
    let pages = PUBLIC_PAGES.len() as u64;
    assert_eq!(sitemap_files(0), 1);
    assert_eq!(sitemap_files(SITEMAP_MAX_URLS - pages), 1);
    assert_eq!(sitemap_files(SITEMAP_MAX_URLS - pages + 1), 2);
    assert_eq!(
        sitemap_slice(1, 10),
        Some(SitemapSlice {
            pages: true,
            offset: 0,
            limit: 10
        })
    );
    assert_eq!(sitemap_slice(2, 10), None);
    assert_eq!(sitemap_slice(0, 10), None);
}

#[test]
fn parts_past_50000_urls_cover_every_story_once_and_none_holds_more() {
    let stories = 2 * SITEMAP_MAX_URLS + 7;
    let files = sitemap_files(stories);
    assert_eq!(files, 3);
    let mut next = 0;
    for file in 1..=files {
        let slice = sitemap_slice(file, stories).unwrap();
        assert_eq!(
            slice.offset, next,
            "part {file} starts where the last ended"
        );
        let urls = slice.limit
            + if slice.pages {
                PUBLIC_PAGES.len() as u64
            } else {
                0
            };
        assert!(urls <= SITEMAP_MAX_URLS, "part {file}: {urls}");
        next += slice.limit;
    }
    assert_eq!(next, stories);
    assert_eq!(sitemap_slice(files + 1, stories), None);
}

fn titles(found: &[StoryWithAuthor]) -> Vec<String> {
    found.iter().map(|s| s.story.title.clone()).collect()
}

#[test]
fn a_feed_holds_the_newest_published_stories_of_a_known_category() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("a@example.org", Role::Member, true);
    fakes.story(&author, "Draft", StoryStatus::Draft);
    fakes.story(&author, "Live", StoryStatus::Approved);
    fakes.story(&author, "Waiting", StoryStatus::PendingApproval);
    assert_eq!(
        titles(&block_on(service.feed(None, &[])).unwrap()),
        ["Live"]
    );
    assert_eq!(
        titles(&block_on(service.feed(Some("Testimonies"), &[])).unwrap()),
        ["Live"]
    );
    assert!(
        block_on(service.feed(Some("Worship"), &[]))
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        block_on(service.feed(Some("Nonsense"), &[])),
        Err(GetStoryError::NotFound)
    ));
}

#[test]
fn a_shared_link_reveals_only_public_stories() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("a@example.org", Role::Member, true);
    let draft = fakes.story(&author, "Draft", StoryStatus::Draft);
    let live = fakes.story(&author, "Live", StoryStatus::Approved);
    assert!(matches!(
        block_on(service.public_story(draft.id)),
        Err(GetStoryError::NotFound)
    ));
    assert_eq!(
        block_on(service.public_story(live.id)).unwrap().story.id,
        live.id
    );
}

#[test]
fn the_sitemap_lists_the_public_stories_with_the_pages() {
    let fakes = StoryFakes::new();
    let service = fakes.service();
    let author = fakes.user("a@example.org", Role::Member, true);
    fakes.story(&author, "Draft", StoryStatus::Draft);
    let live = fakes.story(&author, "Live", StoryStatus::Approved);
    let Some(Sitemap::Urls { pages, stories }) = block_on(service.sitemap(None)).unwrap() else {
        panic!("one file");
    };
    assert!(pages);
    assert_eq!(
        stories,
        [PublishedEntry {
            id: live.id,
            updated_at: live.updated_at
        }]
    );
    assert_eq!(block_on(service.sitemap(Some(1))).unwrap(), None);
}
