//! The published archive for feeds and sitemaps: the newest stories with content and
//! authors (two queries), and every public story's id and last change (one).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::story::archive::PublishedEntry;
use domain::story::{StoryArchive, StoryId, StoryWithAuthor};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use super::{SeaOrmStoryRepository, public_filter, to_domain};
use crate::db::store_err;
use crate::entity::stories;
use domain::scripture::Passage;

#[async_trait]
impl StoryArchive for SeaOrmStoryRepository {
    async fn newest_published(
        &self,
        category: Option<&str>,
        passages: &[Passage],
        limit: u32,
    ) -> Result<Vec<StoryWithAuthor>, StoreError> {
        let mut filter = public_filter();
        if let Some(name) = category {
            filter = filter.add(stories::Column::Category.eq(name));
        }
        if !passages.is_empty() {
            filter = filter.add(super::passages::citing(
                sea_orm::ConnectionTrait::get_database_backend(&self.db),
                passages,
            ));
        }
        let models = stories::Entity::find()
            .filter(filter)
            .order_by_desc(stories::Column::PublishedAt)
            .order_by_desc(stories::Column::Id)
            .limit(u64::from(limit))
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let authors = self
            .authors(models.iter().map(|m| m.author_id.clone()))
            .await?;
        let mut cited = super::passages::of_stories(&self.db, models.iter().map(|m| m.id)).await?;
        models
            .into_iter()
            .map(|m| {
                let author = authors.get(&m.author_id).cloned().unwrap_or_default();
                Ok(StoryWithAuthor {
                    passages: cited.remove(&StoryId(m.id)).unwrap_or_default(),
                    story: to_domain(m)?,
                    author,
                })
            })
            .collect()
    }

    async fn count_published(&self) -> Result<u64, StoreError> {
        stories::Entity::find()
            .filter(public_filter())
            .count(&self.db)
            .await
            .map_err(store_err)
    }

    async fn published_entries(
        &self,
        offset: u64,
        limit: u64,
    ) -> Result<Vec<PublishedEntry>, StoreError> {
        let rows: Vec<(i64, DateTime<Utc>)> = stories::Entity::find()
            .select_only()
            .columns([stories::Column::Id, stories::Column::UpdatedAt])
            .filter(public_filter())
            .order_by_asc(stories::Column::Id)
            .limit(limit)
            .offset(offset)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(rows
            .into_iter()
            .map(|(id, updated_at)| PublishedEntry {
                id: StoryId(id),
                updated_at,
            })
            .collect())
    }
}
