//! The story form as submitted and its checks: every field validated at once, the
//! content turned into sanitised HTML, the category checked against the stored ones.

use super::StoryFields;
use super::content::to_html;
use super::privacy::{Audience, Byline, Privacy};
use super::service::StoryService;
use super::write_error::WriteStoryError;
use crate::story::consent::{ConsentUses, SensitiveTopic};
use crate::validation::{Excerpt, FieldErrors, StoryContent, StoryTitle, ThumbnailUrl, VideoUrl};

/// A story form as submitted (untrimmed, unvalidated).
#[derive(Debug, Clone, Default)]
pub struct StoryDraft {
    pub title: String,
    pub content: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    /// `Some(true)`: "Publish" chosen; `Some(false)`: "Save as Draft" (which takes a live
    /// story off the site); `None`: said nothing, so a live story stays live (its edit is
    /// staged as usual) and anything else stays as it is.
    pub publish: Option<bool>,
    /// How the story names its author; `None` keeps the stored choice (`Full` when new).
    pub byline: Option<Byline>,
    /// Who may read it; `None` keeps the stored choice (`Public` when new).
    pub audience: Option<Audience>,
    /// The uses the author agrees to (`docs/decisions/privacy.md`): required, with the
    /// site, when the form submits or publishes the story.
    pub consent: Option<ConsentUses>,
    /// What the author says the story touches; `None` keeps what was said before.
    pub sensitive: Option<Vec<SensitiveTopic>>,
}

impl StoryDraft {
    /// The privacy choices of this form over `stored` (the defaults for a new story).
    pub fn privacy_over(&self, stored: Privacy) -> Privacy {
        Privacy {
            byline: self.byline.unwrap_or(stored.byline),
            audience: self.audience.unwrap_or(stored.audience),
        }
    }
}

impl StoryService {
    pub(super) async fn fields(&self, draft: &StoryDraft) -> Result<StoryFields, WriteStoryError> {
        let mut errors = FieldErrors::new();
        let title = errors.check("title", StoryTitle::parse(&draft.title));
        let content = errors.check("content", StoryContent::parse(&draft.content));
        let excerpt = errors.check("excerpt", Excerpt::parse(draft.excerpt.as_deref()));
        let video = errors.check(
            "videoUrl",
            VideoUrl::parse_optional(draft.video_url.as_deref()),
        );
        let thumbnail = errors.check(
            "thumbnailUrl",
            ThumbnailUrl::parse_on_site(draft.thumbnail_url.as_deref(), &self.ports.public_url),
        );
        let category = draft.category.trim().to_owned();
        if category.is_empty() {
            errors.push("category", "Category is required");
        } else if !self.ports.categories.exists(&category).await? {
            errors.push("category", format!("Unknown category '{category}'"));
        }
        let (Some(title), Some(content), Some(excerpt), Some(video), Some(thumbnail)) =
            (title, content, excerpt, video, thumbnail)
        else {
            return Err(WriteStoryError::Invalid(errors));
        };
        errors.finish().map_err(WriteStoryError::Invalid)?;
        let html = self.ports.sanitizer.sanitize(&to_html(content.as_str()));
        if html.trim().is_empty() {
            let mut e = FieldErrors::new();
            e.push("content", "Story content is required");
            return Err(WriteStoryError::Invalid(e));
        }
        Ok(StoryFields {
            title: title.into_inner(),
            content: html,
            source: content.into_inner(),
            excerpt: excerpt.map(Excerpt::into_inner),
            video_url: video.map(|v| v.as_str().to_owned()),
            thumbnail_url: thumbnail.map(|t| t.as_str().to_owned()),
            category,
        })
    }
}
