//! The story service: its ports, and reading (the public list and a single story).

use std::sync::Arc;

use super::StoryWork;
use super::{
    AudienceScope, Byline, HtmlSanitizer, StoryArchive, StoryId, StoryQuery, StoryRepository,
    StorySummary, StoryWithAuthor,
};
use crate::StoreError;
use crate::category::CategoryRepository;
use crate::clock::Clock;
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller};
use crate::scripture::{Passage, ScriptureParser};
use crate::user::{UserId, UserRepository};
use crate::work::UnitOfWork;

/// Pages of the public story list: 20 stories unless asked, at most 100; the offset's bound
/// is far beyond any real list and well inside what every database binds.
pub const STORY_PAGES: PageBounds = PageBounds {
    default_limit: 20,
    max_limit: 100,
    max_offset: 1_000_000_000,
};

/// Why the public list could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ListStoriesError {
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a story could not be read.
#[derive(Debug, thiserror::Error)]
pub enum GetStoryError {
    /// Missing, or not visible to this caller (someone else's draft looks missing too).
    #[error("Story not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the story service talks to.
#[derive(Clone)]
pub struct StoryPorts {
    pub stories: Arc<dyn StoryRepository>,
    /// The published archive read whole (feeds, sitemaps).
    pub archive: Arc<dyn StoryArchive>,
    pub categories: Arc<dyn CategoryRepository>,
    pub users: Arc<dyn UserRepository>,
    pub sanitizer: Arc<dyn HtmlSanitizer>,
    /// Every multi-step write (and the mail and log entry that go with it) runs in one.
    pub work: Arc<dyn UnitOfWork<dyn StoryWork>>,
    pub clock: Arc<dyn Clock>,
    /// `PUBLIC_URL`, for links in mail.
    pub public_url: String,
    pub site_name: String,
    /// Reads the scripture references of what authors write (`SCRIPTURE_CANON`).
    pub scripture: Arc<ScriptureParser>,
}

/// Story use cases: reading here, writing in `writing.rs`, reviewing in `review.rs`.
#[derive(Clone)]
pub struct StoryService {
    pub(super) ports: StoryPorts,
}

impl StoryService {
    pub fn new(ports: StoryPorts) -> Self {
        Self { ports }
    }

    /// The list of live stories this caller may read: public ones for everyone, and
    /// members-only ones too for signed-in approved members and moderators; one page of
    /// [`STORY_PAGES`].
    ///
    /// # Errors
    /// [`ListStoriesError::InvalidPage`] for a `limit` or `offset` out of bounds,
    /// [`ListStoriesError::Store`] when the store fails.
    pub async fn list_published(
        &self,
        caller: &Caller,
        query: &StoryQuery,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<StorySummary>, ListStoriesError> {
        let page = PageRequest::parse(limit, offset, STORY_PAGES)?;
        let query = StoryQuery {
            // The widget's list is the same for everyone: public, and agreed to.
            scope: if query.scope == AudienceScope::Widget {
                AudienceScope::Widget
            } else {
                AudienceScope::of(caller)
            },
            ..self.read_references(query)
        };
        Ok(self
            .ports
            .stories
            .list_published(&query, page.limit, page.offset)
            .await?)
    }

    /// A search that cites scripture ("Jn 3:16", "hope Ps 23") finds the stories citing an
    /// overlapping passage: the references become passages of the query, and only the other
    /// words are searched as words ("jn 3 16" as words would match unrelated stories).
    fn read_references(&self, query: &StoryQuery) -> StoryQuery {
        let mut query = query.clone();
        let Some(search) = query.search.take() else {
            return query;
        };
        let found = self.ports.scripture.find_in_query(&search);
        let mut words = String::with_capacity(search.len());
        let mut from = 0;
        for reference in &found {
            words.push_str(&search[from..reference.span.start]);
            words.push(' ');
            from = reference.span.end;
            if !query.passages.contains(&reference.passage) {
                query.passages.push(reference.passage);
            }
        }
        words.push_str(&search[from..]);
        let words = words.trim();
        query.search = (!words.is_empty()).then(|| words.to_owned());
        query
    }

    /// The passages a story's title, excerpt and text cite, as stored with it.
    #[must_use]
    pub fn passages_of(&self, title: &str, excerpt: Option<&str>, content: &str) -> Vec<Passage> {
        self.ports
            .scripture
            .passages([title, excerpt.unwrap_or_default(), content])
    }

    /// [`Self::passages_of`] a stored story.
    pub(super) fn cited_by(&self, story: &super::Story) -> Vec<Passage> {
        self.passages_of(&story.title, story.excerpt.as_deref(), &story.content)
    }

    /// The community figures: published stories and their distinct authors.
    ///
    /// # Errors
    /// The store's error.
    pub async fn site_counts(&self) -> Result<super::ports::SiteCounts, StoreError> {
        self.ports.stories.published_counts().await
    }

    /// One story as this caller may see it: public stories for anyone; unpublished ones
    /// only for their author and for moderators.
    ///
    /// # Errors
    /// [`GetStoryError::NotFound`] when missing or hidden from this caller.
    pub async fn get(
        &self,
        caller: &Caller,
        id: StoryId,
    ) -> Result<StoryWithAuthor, GetStoryError> {
        let found = self
            .ports
            .stories
            .find_with_author(id)
            .await?
            .ok_or(GetStoryError::NotFound)?;
        if !Self::visible_to(caller, &found) {
            return Err(GetStoryError::NotFound);
        }
        if Self::owns(caller, &found.story.author_id) || caller.can(Ability::ReviewStories) {
            return Ok(found);
        }
        Ok(Self::as_others_see(found))
    }

    /// The story as a reader who is neither its author nor a reviewer sees it: why a
    /// reviewer refused a version (of the story, or of an edit of it while the old text
    /// stayed live) is between the author and the reviewers, and so is the text as the author
    /// typed it (for the edit form; readers get the HTML).
    pub fn as_others_see(mut found: StoryWithAuthor) -> StoryWithAuthor {
        found.story.rejection_reason = None;
        found.story.source = String::new();
        found
    }

    /// The live story of `id` as every reader of its audience who is neither its author nor
    /// a reviewer sees it (what [`Self::get`] answers them), or `None` when it is not live:
    /// what such readers may share (`visible_to_everyone_of`).
    ///
    /// # Errors
    /// The store's error.
    pub async fn live(&self, id: StoryId) -> Result<Option<StoryWithAuthor>, StoreError> {
        Ok(self
            .ports
            .stories
            .find_with_author(id)
            .await?
            .filter(|found| found.story.is_public())
            .map(Self::as_others_see))
    }

    /// Whether `caller` sees the live `story` as every other reader of its audience does
    /// ([`Self::live`]): admitted by its audience, and neither its author nor a reviewer.
    pub fn seen_as_by_everyone(caller: &Caller, story: &StoryWithAuthor) -> bool {
        story.story.is_public()
            && story.story.privacy.audience.admits(caller)
            && !Self::owns(caller, &story.story.author_id)
            && !caller.can(Ability::ReviewStories)
    }

    /// Live for an audience the caller belongs to, or the caller's own, or the caller
    /// reviews stories.
    pub fn visible_to(caller: &Caller, story: &StoryWithAuthor) -> bool {
        (story.story.is_public() && story.story.privacy.audience.admits(caller))
            || Self::owns(caller, &story.story.author_id)
            || caller.can(Ability::ReviewStories)
    }

    /// An author's stories: every status for the author and for reviewers; for anyone else
    /// only the live ones signed with the author's full name (a story that hides its author
    /// must not be found through them) in an audience the caller belongs to.
    ///
    /// # Errors
    /// The store's error.
    pub async fn list_by_author(
        &self,
        caller: &Caller,
        author: &UserId,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let everything = StoryService::owns(caller, author) || caller.can(Ability::ReviewStories);
        let mut list = self
            .ports
            .stories
            .list_by_author(author, !everything)
            .await?;
        if !everything {
            list.retain(|s| s.privacy.byline == Byline::Full && s.privacy.audience.admits(caller));
        }
        Ok(list)
    }

    /// Only the author may change their story; someone else gets the same answer as for a
    /// missing story unless they may see it.
    pub(super) fn require_author(
        caller: &Caller,
        story: &StoryWithAuthor,
    ) -> Result<(), super::WriteStoryError> {
        if Self::owns(caller, &story.story.author_id) {
            Ok(())
        } else if Self::visible_to(caller, story) {
            Err(crate::permissions::Refusal::Forbidden.into())
        } else {
            Err(super::WriteStoryError::NotFound)
        }
    }

    pub(super) fn owns(caller: &Caller, author: &UserId) -> bool {
        caller.user_id() == Some(author)
    }
}

#[cfg(test)]
#[path = "scripture_tests.rs"]
mod scripture_tests;
