//! The published archive over the in-memory stories.

use async_trait::async_trait;

use super::stories::InMemoryStoryRepository;
use crate::StoreError;
use crate::scripture::Passage;
use crate::story::archive::PublishedEntry;
use crate::story::{StoryArchive, StoryWithAuthor};

#[async_trait]
impl StoryArchive for InMemoryStoryRepository {
    async fn newest_published(
        &self,
        category: Option<&str>,
        passages: &[Passage],
        limit: u32,
    ) -> Result<Vec<StoryWithAuthor>, StoreError> {
        let mut found: Vec<_> = self
            .all()
            .into_iter()
            .filter(|s| s.is_open_to_all() && category.is_none_or(|c| s.category == c))
            .map(|s| self.with_author(s))
            .filter(|s| {
                passages.is_empty()
                    || passages
                        .iter()
                        .any(|p| s.passages.iter().any(|c| c.overlaps(p)))
            })
            .collect();
        found.sort_by_key(|s| std::cmp::Reverse((s.story.published_at, s.story.id)));
        Ok(found.into_iter().take(limit as usize).collect())
    }

    async fn count_published(&self) -> Result<u64, StoreError> {
        Ok(self.all().iter().filter(|s| s.is_open_to_all()).count() as u64)
    }

    async fn published_entries(
        &self,
        offset: u64,
        limit: u64,
    ) -> Result<Vec<PublishedEntry>, StoreError> {
        let mut found: Vec<_> = self
            .all()
            .into_iter()
            .filter(|s| s.is_open_to_all())
            .collect();
        found.sort_by_key(|s| s.id);
        Ok(found
            .into_iter()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .map(|s| PublishedEntry {
                id: s.id,
                updated_at: s.updated_at,
            })
            .collect())
    }
}

#[async_trait]
impl crate::subscription::NewStories for InMemoryStoryRepository {
    async fn published_between(
        &self,
        after: chrono::DateTime<chrono::Utc>,
        until: chrono::DateTime<chrono::Utc>,
        limit: u32,
    ) -> Result<Vec<crate::story::StorySummary>, StoreError> {
        let mut found: Vec<_> = self
            .all()
            .into_iter()
            .filter(|s| s.is_public() && s.published_at.is_some_and(|p| p > after && p <= until))
            .collect();
        found.sort_by_key(|s| std::cmp::Reverse((s.published_at, s.id)));
        Ok(found
            .into_iter()
            .take(limit as usize)
            .map(|s| self.summary(s, false))
            .collect())
    }
}
