//! What the story routes read: the list's filters and paging, and the story form.

use domain::story::{AudienceScope, StoryDraft, StoryQuery};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::dto::{AudienceDto, BylineDto};
use crate::error::ApiError;

/// Filters and paging of the public story list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListStoriesParams {
    /// Words to find in the title, excerpt or content.
    pub q: Option<String>,
    /// Exact category name.
    pub category: Option<String>,
    /// Only stories citing a verse of this passage, in OSIS form (`John.3.16`, `1Cor.13`,
    /// `Ps.23.1-Ps.23.4`).
    #[param(example = "John.3.16")]
    pub passage: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// How many matches to skip, 0 to 1,000,000,000 (default 0).
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<u64>,
    /// `true`: the widget's list, public stories whose author agreed to the widget only.
    pub widget: Option<bool>,
}

impl ListStoriesParams {
    /// The filter; `limit` and `offset` are the service's to check (`STORY_PAGES`).
    pub(super) fn to_query(
        &self,
        scripture: &domain::scripture::ScriptureParser,
    ) -> Result<StoryQuery, ApiError> {
        let trimmed = |s: &Option<String>| {
            s.as_deref()
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let search = trimmed(&self.q);
        if search.as_ref().is_some_and(|q| q.chars().count() > 200) {
            return Err(ApiError::bad_request("q must be at most 200 characters"));
        }
        let passages = match trimmed(&self.passage) {
            Some(osis) => vec![scripture.parse_osis(&osis).ok_or_else(|| {
                ApiError::bad_request(
                    "passage must name verses of the Bible in OSIS form, such as John.3.16 or 1Cor.13",
                )
            })?],
            None => Vec::new(),
        };
        Ok(StoryQuery {
            search,
            category: trimmed(&self.category),
            passages,
            // The service sets it from the caller, but for the widget's list.
            scope: if self.widget == Some(true) {
                AudienceScope::Widget
            } else {
                AudienceScope::Public
            },
        })
    }
}

/// The story form (docs/product.md#limits). `authorId` is accepted for the
/// documented payload and ignored: the author is always the signed-in caller.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryInput {
    #[schema(min_length = 1, max_length = 255)]
    pub title: String,
    /// Plain text (blank lines separate paragraphs) or HTML; sanitised on the server.
    #[schema(min_length = 1, max_length = 200_000)]
    pub content: String,
    #[schema(max_length = 1_000)]
    pub excerpt: Option<String>,
    /// YouTube or Vimeo; watch links are stored in their embed form.
    #[schema(max_length = 2_048)]
    pub video_url: Option<String>,
    /// An http(s) image URL.
    #[schema(max_length = 2_048)]
    pub thumbnail_url: Option<String>,
    pub category: String,
    /// `true`: "Publish"; `false`: "Save as Draft", which takes a live story off the site;
    /// left out: a new story is a draft, and an existing one keeps its publication (an
    /// edit of a live story waits for review as usual).
    #[serde(default)]
    pub is_published: Option<bool>,
    #[allow(dead_code)]
    pub author_id: Option<String>,
    /// How the story names its author; left out: `full` for a new story, unchanged for an
    /// existing one.
    #[serde(default)]
    pub byline: Option<BylineDto>,
    /// Who may read it once published; left out: `public` for a new story, unchanged for
    /// an existing one.
    #[serde(default)]
    pub audience: Option<AudienceDto>,
    /// The uses the author agrees to: required, with `site` true, when the story is
    /// submitted for review or published; optional otherwise (never with `site` false).
    #[serde(default)]
    pub consent: Option<super::consent_dto::ConsentDto>,
    /// What the story touches, in the author's words (reviewers then confirm a checklist);
    /// left out: unchanged; empty: nothing.
    #[serde(default)]
    pub sensitive: Option<Vec<super::sensitive::SensitiveDto>>,
}

impl From<StoryInput> for StoryDraft {
    fn from(i: StoryInput) -> Self {
        StoryDraft {
            title: i.title,
            content: i.content,
            excerpt: i.excerpt,
            video_url: i.video_url,
            thumbnail_url: i.thumbnail_url,
            category: i.category,
            publish: i.is_published,
            byline: i.byline.map(Into::into),
            audience: i.audience.map(Into::into),
            consent: i.consent.map(Into::into),
            sensitive: i
                .sensitive
                .map(|list| list.into_iter().map(Into::into).collect()),
        }
    }
}
