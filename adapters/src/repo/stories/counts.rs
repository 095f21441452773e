//! The site's counts: every story, and the published ones with their authors.

use domain::StoreError;
use domain::story::SiteCounts;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};

use super::{SeaOrmStoryRepository, public_filter};
use crate::db::store_err;
use crate::entity::stories;

impl SeaOrmStoryRepository {
    pub(super) async fn count_every_story(&self) -> Result<u64, StoreError> {
        stories::Entity::find()
            .count(&self.db)
            .await
            .map_err(store_err)
    }

    pub(super) async fn count_published_and_authors(&self) -> Result<SiteCounts, StoreError> {
        let counts: Option<(i64, i64)> = stories::Entity::find()
            .filter(public_filter())
            .select_only()
            .column_as(Expr::col(stories::Column::Id).count(), "stories")
            .column_as(
                Expr::col(stories::Column::AuthorId).count_distinct(),
                "authors",
            )
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let (stories, authors) = counts.unwrap_or_default();
        Ok(SiteCounts {
            published_stories: u64::try_from(stories).unwrap_or(0),
            contributors: u64::try_from(authors).unwrap_or(0),
        })
    }
}
