//! Ports for storing stories and cleaning their HTML.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{
    NewStory, ReviewItem, ReviewKind, Revision, RevisionStatus, Story, StoryFields, StoryId,
    StoryQuery, StorySummary, StoryWithAuthor,
};
use crate::StoreError;
use crate::mail::MailWork;
use crate::paging::Page;
use crate::scripture::Passage;
use crate::story::consent::ConsentRecordWork;
use crate::user::{AuthorSummary, UserId};

/// Stores stories and their revisions. Lists cost a fixed number of queries whatever their
/// length.
#[async_trait]
pub trait StoryRepository: Send + Sync {
    /// Approved, published stories matching the query (full-text search over title,
    /// excerpt and content; stories citing one of its passages), newest published first,
    /// with their authors and passages: at most `limit` after skipping `offset`, and the
    /// total.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn list_published(
        &self,
        query: &StoryQuery,
        limit: u64,
        offset: u64,
    ) -> Result<Page<StorySummary>, StoreError>;

    /// The story alone, whatever its status; `None` when it does not exist. One statement:
    /// for checks of who may see it, where the author and passages are not needed.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find(&self, id: StoryId) -> Result<Option<Story>, StoreError>;

    /// The story with its author, whatever its status; `None` when it does not exist.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find_with_author(&self, id: StoryId) -> Result<Option<StoryWithAuthor>, StoreError>;

    /// Stores a new story and returns it.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails (for example the author does not exist).
    async fn create(&self, new: NewStory) -> Result<Story, StoreError>;

    /// Saves every mutable field of an existing story, and the passages its live text
    /// cites in place of those stored; returns it as stored.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails or the story is gone.
    async fn update(&self, story: &Story, passages: &[Passage]) -> Result<Story, StoreError>;

    /// Deletes the story with its comments, revisions and picture uses; `false` when it
    /// did not exist. Retiring the pictures it alone used is the caller's
    /// (`super::pictures::delete_story`).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete(&self, id: StoryId) -> Result<bool, StoreError>;

    /// Hands the approved, published stories of `from` (live in any audience) to `to`,
    /// shown with `byline`; answers how many.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn hand_over_published(
        &self,
        from: &UserId,
        to: &UserId,
        byline: super::Byline,
    ) -> Result<u64, StoreError>;

    /// Deletes the versions `by` wrote that still wait for review; answers how many.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn delete_pending_revisions_by(&self, by: &UserId) -> Result<u64, StoreError>;

    /// One author's stories, newest first: every status, or only live ones (any audience
    /// and byline: the service keeps what its caller may see).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn list_by_author(
        &self,
        author: &UserId,
        public_only: bool,
    ) -> Result<Vec<StorySummary>, StoreError>;

    /// A page of the stories waiting for review (new ones, live ones with a pending
    /// revision, or both when `kind` is `None`), oldest submission first, with authors and
    /// revisions (a fixed number of queries), and how many wait.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn review_queue(
        &self,
        kind: Option<ReviewKind>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<ReviewItem>, StoreError>;

    /// The pending revision of a story, if any.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn pending_revision(&self, story: StoryId) -> Result<Option<Revision>, StoreError>;

    /// Records a version of a story (a staged edit, or an approved version as history).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn add_revision(
        &self,
        story: StoryId,
        fields: &StoryFields,
        status: RevisionStatus,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Revision, StoreError>;

    /// Closes a pending revision as approved or rejected.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn close_revision(
        &self,
        revision: i64,
        status: RevisionStatus,
        reviewer: &UserId,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// The versions of a story, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn revisions(&self, story: StoryId) -> Result<Vec<Revision>, StoreError>;

    /// The names and pictures of these people, in one query; missing ones are left out.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn people(
        &self,
        ids: &[UserId],
    ) -> Result<std::collections::HashMap<UserId, AuthorSummary>, StoreError>;

    /// How many stories exist in any status.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn count_all(&self) -> Result<u64, StoreError>;

    /// How many stories are public, and how many people wrote them.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn published_counts(&self) -> Result<SiteCounts, StoreError>;
}

/// Which pictures stories use (see `super::pictures`): uses are added by every write of a
/// story's text, go with the story, and decide which pictures stay.
#[async_trait]
pub trait PictureUses: Send + Sync {
    /// Records that `story` uses the pictures `keys` (those already recorded stay; none is
    /// taken back).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails (for example the story does not exist).
    async fn record(&self, story: StoryId, keys: &[String]) -> Result<(), StoreError>;

    /// The keys of the pictures `story` uses.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn used_by(&self, story: StoryId) -> Result<Vec<String>, StoreError>;

    /// Marks gone as of `at` the pictures among `keys` that no story uses (any more): they
    /// are not served again and the clean-up job deletes their files.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn retire_if_unused(&self, keys: &[String], at: DateTime<Utc>) -> Result<(), StoreError>;

    /// A person leaves: marks gone as of `at` the pictures `owner` uploaded that no story
    /// uses, and hands those still used (in stories kept on the site) to `heir`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn leave_with_owner(
        &self,
        owner: &UserId,
        heir: &UserId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
}

/// What the site has published: the landing page's community figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SiteCounts {
    pub published_stories: u64,
    /// Distinct authors of published stories.
    pub contributors: u64,
}

/// Cleans story HTML with an allow-list: scripts, event handlers and `javascript:` URLs
/// never survive.
pub trait HtmlSanitizer: Send + Sync {
    fn sanitize(&self, html: &str) -> String;
}

/// The published archive read whole, for feeds and sitemaps.
#[async_trait]
pub trait StoryArchive: Send + Sync {
    /// The `limit` newest published stories (of one category, and citing a verse of one of
    /// `passages`, when given) with their authors, content and passages, newest published
    /// first; a fixed number of queries whatever `limit`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn newest_published(
        &self,
        category: Option<&str>,
        passages: &[Passage],
        limit: u32,
    ) -> Result<Vec<StoryWithAuthor>, StoreError>;

    /// How many stories are public.
    ///
    /// # Errors
    /// As [`StoryArchive::newest_published`].
    async fn count_published(&self) -> Result<u64, StoreError>;

    /// Public stories by id with their last change, `limit` from `offset`.
    ///
    /// # Errors
    /// As [`StoryArchive::newest_published`].
    async fn published_entries(
        &self,
        offset: u64,
        limit: u64,
    ) -> Result<Vec<super::archive::PublishedEntry>, StoreError>;
}

/// What a story's actions write: the story and its revisions, which pictures it uses
/// (`pictures.rs`), its consent records, the author's mail and the activity log.
pub trait StoryWork: MailWork + ConsentRecordWork {
    fn stories(&self) -> &dyn StoryRepository;
    fn pictures(&self) -> &dyn PictureUses;
}
