//! In-memory stories, categories and comments.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

use super::users::InMemoryUserRepository;
use super::{lock, tick};
use crate::StoreError;
use crate::category::{Category, CategoryRepository, CategoryWithCount, NewCategory};
use crate::comment::{Comment, CommentId, CommentRepository, DEFAULT_PLATFORM, NewComment};
use crate::paging::Page;
use crate::scripture::Passage;
use crate::story::{
    AudienceScope, NewStory, ReviewItem, ReviewKind, Revision, RevisionStatus, Story, StoryFields,
    StoryId, StoryQuery, StoryRepository, StoryStatus, StorySummary, StoryWithAuthor,
};
use crate::user::UserId;
use crate::validation::CommentAuthorEmail;

/// Stories and their revisions in memory, with authors read from an
/// [`InMemoryUserRepository`]. Ids count up and are never reused, like a serial column.
/// Deleting a story drops its revisions, its comments when a comment repository is
/// attached ([`InMemoryStoryRepository::with_comments`]) and its picture uses when pictures
/// are ([`InMemoryStoryRepository::with_pictures`]).
#[derive(Debug)]
pub struct InMemoryStoryRepository {
    users: Arc<InMemoryUserRepository>,
    comments: Option<Arc<InMemoryCommentRepository>>,
    pictures: Option<Arc<super::InMemoryMediaRepository>>,
    rows: Mutex<Rows>,
}

#[derive(Debug, Default)]
struct Rows {
    stories: Vec<Story>,
    /// The passages stored with each story, as the service gave them.
    passages: std::collections::HashMap<StoryId, Vec<Passage>>,
    revisions: Vec<Revision>,
    last_story_id: i64,
    last_revision_id: i64,
}

fn missing(what: &str) -> StoreError {
    StoreError::Unknown(anyhow::anyhow!("{what} not found (fake)"))
}

impl InMemoryStoryRepository {
    pub fn new(users: Arc<InMemoryUserRepository>) -> Self {
        Self {
            users,
            comments: None,
            pictures: None,
            rows: Mutex::new(Rows::default()),
        }
    }

    /// Deleting a story also deletes its comments from `comments`.
    #[must_use]
    pub fn with_comments(mut self, comments: Arc<InMemoryCommentRepository>) -> Self {
        self.comments = Some(comments);
        self
    }

    /// Deleting a story also drops the picture uses `pictures` holds for it.
    #[must_use]
    pub fn with_pictures(mut self, pictures: Arc<super::InMemoryMediaRepository>) -> Self {
        self.pictures = Some(pictures);
        self
    }

    /// Every story, in creation order.
    pub fn all(&self) -> Vec<Story> {
        lock(&self.rows).stories.clone()
    }

    /// Every revision of every story, in creation order.
    pub fn all_revisions(&self) -> Vec<Revision> {
        lock(&self.rows).revisions.clone()
    }

    /// How many public stories this category holds.
    pub fn published_in(&self, category: &str) -> u64 {
        lock(&self.rows)
            .stories
            .iter()
            .filter(|s| s.is_open_to_all() && s.category == category)
            .count() as u64
    }

    fn matches(story: &Story, cited: &[Passage], query: &StoryQuery) -> bool {
        let words = query
            .search
            .as_deref()
            .map(str::trim)
            .unwrap_or("")
            .to_lowercase();
        let found = |text: &str| text.to_lowercase().contains(&words);
        let searched = words.is_empty()
            || found(&story.title)
            || story.excerpt.as_deref().is_some_and(found)
            || found(&story.content);
        let in_category = query.category.as_ref().is_none_or(|c| c == &story.category);
        let cites = query.passages.is_empty()
            || query
                .passages
                .iter()
                .any(|p| cited.iter().any(|c| c.overlaps(p)));
        let in_scope = match query.scope {
            AudienceScope::Public | AudienceScope::Widget => story.is_open_to_all(),
            AudienceScope::Members => story.is_public(),
        };
        in_scope && searched && in_category && cites
    }

    /// The pending revision of `story` in `rows` (the newest, should there be several).
    fn pending_in(rows: &Rows, story: StoryId) -> Option<Revision> {
        rows.revisions
            .iter()
            .rev()
            .find(|r| r.story_id == story && r.status == RevisionStatus::Pending)
            .cloned()
    }

    /// Stories (as chosen by `pick`) with their pending revision, read under one lock.
    fn with_pending(
        &self,
        pick: impl Fn(&Story, &[Passage]) -> bool,
    ) -> Vec<(Story, Option<Revision>)> {
        let rows = lock(&self.rows);
        rows.stories
            .iter()
            .filter(|s| pick(s, rows.passages.get(&s.id).map_or(&[], Vec::as_slice)))
            .map(|s| (s.clone(), Self::pending_in(&rows, s.id)))
            .collect()
    }

    /// The passages stored with a story.
    fn passages_of(&self, story: StoryId) -> Vec<Passage> {
        lock(&self.rows)
            .passages
            .get(&story)
            .cloned()
            .unwrap_or_default()
    }

    pub(super) fn summary(&self, s: Story, has_pending_revision: bool) -> StorySummary {
        StorySummary {
            passages: self.passages_of(s.id),
            preview: crate::story::content::plain_preview(
                &s.content,
                crate::story::content::PREVIEW_CHARS,
            ),
            author: self.users.author_summary(&s.author_id),
            id: s.id,
            title: s.title,
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id,
            status: s.status,
            is_published: s.is_published,
            published_at: s.published_at,
            created_at: s.created_at,
            updated_at: s.updated_at,
            rejection_reason: s.rejection_reason,
            has_pending_revision,
            privacy: s.privacy,
        }
    }

    pub(super) fn with_author(&self, story: Story) -> StoryWithAuthor {
        StoryWithAuthor {
            author: self.users.author_summary(&story.author_id),
            passages: self.passages_of(story.id),
            story,
        }
    }
}

#[async_trait]
impl StoryRepository for InMemoryStoryRepository {
    async fn list_published(
        &self,
        query: &StoryQuery,
        limit: u64,
        offset: u64,
    ) -> Result<Page<StorySummary>, StoreError> {
        let mut found = self.with_pending(|s, cited| Self::matches(s, cited, query));
        found.sort_by_key(|(s, _)| std::cmp::Reverse((s.published_at, s.id)));
        let total = found.len() as u64;
        let items = found
            .into_iter()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .map(|(s, pending)| self.summary(s, pending.is_some()))
            .collect();
        Ok(Page { items, total })
    }

    async fn find(&self, id: StoryId) -> Result<Option<Story>, StoreError> {
        Ok(lock(&self.rows)
            .stories
            .iter()
            .find(|s| s.id == id)
            .cloned())
    }

    async fn find_with_author(&self, id: StoryId) -> Result<Option<StoryWithAuthor>, StoreError> {
        Ok(self.find(id).await?.map(|story| self.with_author(story)))
    }

    async fn create(&self, new: NewStory) -> Result<Story, StoreError> {
        let mut rows = lock(&self.rows);
        rows.last_story_id += 1;
        let id = rows.last_story_id;
        let now = tick(id.unsigned_abs());
        let story = Story {
            id: StoryId(id),
            title: new.fields.title,
            content: new.fields.content,
            source: new.fields.source,
            excerpt: new.fields.excerpt,
            video_url: new.fields.video_url,
            thumbnail_url: new.fields.thumbnail_url,
            category: new.fields.category,
            author_id: new.author_id,
            status: new.status,
            is_published: new.is_published,
            published_at: new.published_at,
            approved_by: new.approved_by,
            approved_at: new.approved_at,
            rejection_reason: None,
            created_at: now,
            updated_at: now,
            privacy: new.privacy,
        };
        rows.passages.insert(story.id, new.passages);
        rows.stories.push(story.clone());
        Ok(story)
    }

    async fn update(&self, story: &Story, passages: &[Passage]) -> Result<Story, StoreError> {
        let mut rows = lock(&self.rows);
        rows.passages.insert(story.id, passages.to_vec());
        let stored = rows
            .stories
            .iter_mut()
            .find(|s| s.id == story.id)
            .ok_or_else(|| missing("story"))?;
        // The id, author and creation time are not mutable.
        *stored = Story {
            id: stored.id,
            author_id: stored.author_id.clone(),
            created_at: stored.created_at,
            ..story.clone()
        };
        Ok(stored.clone())
    }

    async fn delete(&self, id: StoryId) -> Result<bool, StoreError> {
        let existed = {
            let mut rows = lock(&self.rows);
            let before = rows.stories.len();
            rows.stories.retain(|s| s.id != id);
            rows.revisions.retain(|r| r.story_id != id);
            rows.stories.len() < before
        };
        if let Some(comments) = &self.comments {
            comments.remove_for_story(id);
        }
        if let Some(pictures) = &self.pictures {
            pictures.forget_story(id);
        }
        Ok(existed)
    }

    async fn hand_over_published(
        &self,
        from: &UserId,
        to: &UserId,
        byline: crate::story::Byline,
    ) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let mut count = 0;
        for s in rows
            .stories
            .iter_mut()
            .filter(|s| &s.author_id == from && s.status == StoryStatus::Approved && s.is_published)
        {
            s.author_id = to.clone();
            s.privacy.byline = byline;
            count += 1;
        }
        Ok(count)
    }

    async fn delete_pending_revisions_by(&self, by: &UserId) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.revisions.len();
        rows.revisions.retain(|r| {
            !(r.status == RevisionStatus::Pending && r.created_by.as_ref() == Some(by))
        });
        Ok((before - rows.revisions.len()) as u64)
    }

    async fn list_by_author(
        &self,
        author: &UserId,
        public_only: bool,
    ) -> Result<Vec<StorySummary>, StoreError> {
        let mut found =
            self.with_pending(|s, _| &s.author_id == author && (!public_only || s.is_public()));
        found.sort_by_key(|(s, _)| std::cmp::Reverse((s.created_at, s.id)));
        Ok(found
            .into_iter()
            .map(|(s, pending)| self.summary(s, pending.is_some()))
            .collect())
    }

    async fn review_queue(
        &self,
        kind: Option<ReviewKind>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<ReviewItem>, StoreError> {
        let mut queued: Vec<(Story, Option<Revision>)> = self
            .with_pending(|s, _| {
                matches!(
                    s.status,
                    StoryStatus::PendingApproval | StoryStatus::Approved
                )
            })
            .into_iter()
            .filter_map(|(s, pending)| match s.status {
                StoryStatus::PendingApproval => Some((s, None)),
                _ => pending.map(|r| (s, Some(r))),
            })
            .filter(|(_, r)| match kind {
                None => true,
                Some(ReviewKind::NewStories) => r.is_none(),
                Some(ReviewKind::Edits) => r.is_some(),
            })
            .collect();
        // Oldest first: by when each entered the queue (the story's submission, i.e. its
        // last update, or the staged revision's creation).
        queued.sort_by_key(|(s, r)| (r.as_ref().map_or(s.updated_at, |r| r.created_at), s.id));
        Ok(Page {
            total: queued.len() as u64,
            items: queued
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .map(|(story, revision)| ReviewItem {
                    story: self.with_author(story),
                    revision,
                })
                .collect(),
        })
    }

    async fn pending_revision(&self, story: StoryId) -> Result<Option<Revision>, StoreError> {
        Ok(Self::pending_in(&lock(&self.rows), story))
    }

    async fn add_revision(
        &self,
        story: StoryId,
        fields: &StoryFields,
        status: RevisionStatus,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Revision, StoreError> {
        let mut rows = lock(&self.rows);
        if rows.stories.iter().all(|s| s.id != story) {
            return Err(missing("story"));
        }
        rows.last_revision_id += 1;
        let revision = Revision {
            id: rows.last_revision_id,
            story_id: story,
            fields: fields.clone(),
            status,
            created_by: Some(by.clone()),
            created_at: at,
            reviewed_by: None,
            reviewed_at: None,
            reason: None,
        };
        rows.revisions.push(revision.clone());
        Ok(revision)
    }

    async fn close_revision(
        &self,
        revision: i64,
        status: RevisionStatus,
        reviewer: &UserId,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut rows = lock(&self.rows);
        let found = rows
            .revisions
            .iter_mut()
            .find(|r| r.id == revision && r.status == RevisionStatus::Pending)
            .ok_or_else(|| missing("pending revision"))?;
        found.status = status;
        found.reviewed_by = Some(reviewer.clone());
        found.reviewed_at = Some(at);
        found.reason = reason.map(str::to_owned);
        Ok(())
    }

    async fn revisions(&self, story: StoryId) -> Result<Vec<Revision>, StoreError> {
        let mut found: Vec<Revision> = lock(&self.rows)
            .revisions
            .iter()
            .filter(|r| r.story_id == story)
            .cloned()
            .collect();
        found.sort_by_key(|r| std::cmp::Reverse((r.created_at, r.id)));
        Ok(found)
    }

    async fn count_all(&self) -> Result<u64, StoreError> {
        Ok(lock(&self.rows).stories.len() as u64)
    }

    async fn people(
        &self,
        ids: &[UserId],
    ) -> Result<std::collections::HashMap<UserId, crate::user::AuthorSummary>, StoreError> {
        Ok(ids
            .iter()
            .map(|id| (id.clone(), self.users.author_summary(id)))
            .collect())
    }

    async fn published_counts(&self) -> Result<crate::story::ports::SiteCounts, StoreError> {
        let rows = lock(&self.rows);
        let public: Vec<_> = rows.stories.iter().filter(|s| s.is_open_to_all()).collect();
        let authors: std::collections::HashSet<_> = public.iter().map(|s| &s.author_id).collect();
        Ok(crate::story::ports::SiteCounts {
            published_stories: public.len() as u64,
            contributors: authors.len() as u64,
        })
    }
}

/// Categories in memory; story counts come from an attached story repository, else 0.
#[derive(Debug, Default)]
pub struct InMemoryCategoryRepository {
    rows: Mutex<Vec<Category>>,
    stories: Option<Arc<InMemoryStoryRepository>>,
}

impl InMemoryCategoryRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts published stories from `stories`.
    pub fn counting(stories: Arc<InMemoryStoryRepository>) -> Self {
        Self {
            rows: Mutex::new(Vec::new()),
            stories: Some(stories),
        }
    }

    /// Adds categories by name (without description or icon), skipping existing names;
    /// synchronous, for test setup.
    pub fn add_names<'a>(&self, names: impl IntoIterator<Item = &'a str>) {
        let mut rows = lock(&self.rows);
        for name in names {
            if rows.iter().all(|c| c.name != name) {
                let id = rows.len() as i64 + 1;
                rows.push(Category {
                    id,
                    name: name.to_owned(),
                    description: None,
                    icon: None,
                    created_at: tick(id.unsigned_abs()),
                });
            }
        }
    }

    /// Every category, in creation order.
    pub fn all(&self) -> Vec<Category> {
        lock(&self.rows).clone()
    }
}

#[async_trait]
impl CategoryRepository for InMemoryCategoryRepository {
    async fn list_with_counts(&self) -> Result<Vec<CategoryWithCount>, StoreError> {
        let count = |name: &str| self.stories.as_ref().map_or(0, |s| s.published_in(name));
        let all = self.all();
        Ok(all
            .into_iter()
            .map(|category| CategoryWithCount {
                story_count: count(&category.name),
                category,
            })
            .collect())
    }

    async fn ensure(&self, categories: &[NewCategory]) -> Result<(), StoreError> {
        let mut rows = lock(&self.rows);
        for new in categories {
            if rows.iter().all(|c| c.name != new.name) {
                let id = rows.len() as i64 + 1;
                rows.push(Category {
                    id,
                    name: new.name.clone(),
                    description: new.description.clone(),
                    icon: new.icon.clone(),
                    created_at: tick(id.unsigned_abs()),
                });
            }
        }
        Ok(())
    }

    async fn exists(&self, name: &str) -> Result<bool, StoreError> {
        Ok(lock(&self.rows).iter().any(|c| c.name == name))
    }
}

/// Comments in memory.
#[derive(Debug, Default)]
pub struct InMemoryCommentRepository {
    rows: Mutex<Vec<Comment>>,
}

impl InMemoryCommentRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every comment, in creation order.
    pub fn all(&self) -> Vec<Comment> {
        lock(&self.rows).clone()
    }

    /// Drops the comments of a deleted story (the store cascades).
    pub fn remove_for_story(&self, story: StoryId) {
        lock(&self.rows).retain(|c| c.story_id != story);
    }
}

#[async_trait]
impl CommentRepository for InMemoryCommentRepository {
    async fn list_for_story(
        &self,
        story: StoryId,
        include_pending: bool,
        limit: u32,
        offset: u64,
    ) -> Result<Page<Comment>, StoreError> {
        let all: Vec<Comment> = self
            .all()
            .into_iter()
            .rev()
            .filter(|c| c.story_id == story && (include_pending || c.is_approved))
            .collect();
        Ok(Page {
            total: all.len() as u64,
            items: all
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(limit as usize)
                .collect(),
        })
    }

    async fn create(&self, new: NewComment) -> Result<Comment, StoreError> {
        let mut rows = lock(&self.rows);
        let id = rows.iter().map(|c| c.id.0).max().unwrap_or(0) + 1;
        let comment = Comment {
            id: CommentId(id),
            story_id: new.story_id,
            author_name: new.author_name.into_inner(),
            author_email: new.author_email.map(CommentAuthorEmail::into_inner),
            content: new.content.into_inner(),
            platform: DEFAULT_PLATFORM.to_owned(),
            platform_id: None,
            is_visible: true,
            is_approved: false,
            created_at: tick(id.unsigned_abs()),
        };
        rows.push(comment.clone());
        Ok(comment)
    }

    async fn approve(&self, id: CommentId) -> Result<Option<Comment>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows.iter_mut().find(|c| c.id == id).map(|c| {
            c.is_approved = true;
            c.clone()
        }))
    }

    async fn delete(&self, id: CommentId) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|c| c.id != id);
        Ok(rows.len() < before)
    }

    async fn pending(
        &self,
        limit: u64,
        offset: u64,
    ) -> Result<Page<crate::comment::QueuedComment>, StoreError> {
        let waiting: Vec<Comment> = self.all().into_iter().filter(|c| !c.is_approved).collect();
        Ok(Page {
            total: waiting.len() as u64,
            items: waiting
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .map(|comment| crate::comment::QueuedComment {
                    story_title: format!("Story {}", comment.story_id.0),
                    comment,
                })
                .collect(),
        })
    }

    async fn approve_many(&self, ids: &[CommentId]) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let mut n = 0;
        for c in rows
            .iter_mut()
            .filter(|c| ids.contains(&c.id) && !c.is_approved)
        {
            c.is_approved = true;
            n += 1;
        }
        Ok(n)
    }

    async fn find_many(&self, ids: &[CommentId]) -> Result<Vec<Comment>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .filter(|c| ids.contains(&c.id))
            .cloned()
            .collect())
    }

    async fn delete_many(&self, ids: &[CommentId]) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|c| !ids.contains(&c.id));
        Ok((before - rows.len()) as u64)
    }
}
