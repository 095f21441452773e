//! Categories with their published-story counts (from `story_counts`), in two queries.

use async_trait::async_trait;
use domain::StoreError;
use domain::category::{Category, CategoryRepository, CategoryWithCount, NewCategory};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::categories;

pub struct SeaOrmCategoryRepository {
    db: Db,
}

impl SeaOrmCategoryRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl CategoryRepository for SeaOrmCategoryRepository {
    async fn list_with_counts(&self) -> Result<Vec<CategoryWithCount>, StoreError> {
        let all = categories::Entity::find()
            .order_by_asc(categories::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        let counts = super::story_counts::per_category(&self.db).await?;
        Ok(all
            .into_iter()
            .map(|m| CategoryWithCount {
                story_count: counts
                    .get(&m.name)
                    .copied()
                    .unwrap_or(0)
                    .max(0)
                    .unsigned_abs(),
                category: Category {
                    id: m.id,
                    name: m.name,
                    description: m.description,
                    icon: m.icon,
                    created_at: m.created_at,
                },
            })
            .collect())
    }

    async fn ensure(&self, wanted: &[NewCategory]) -> Result<(), StoreError> {
        if wanted.is_empty() {
            return Ok(());
        }
        let now = self.db.now();
        let rows = wanted.iter().map(|c| categories::ActiveModel {
            name: Set(c.name.clone()),
            description: Set(c.description.clone()),
            icon: Set(c.icon.clone()),
            created_at: Set(now),
            ..Default::default()
        });
        categories::Entity::insert_many(rows)
            .on_conflict_do_nothing_on([categories::Column::Name])
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn exists(&self, name: &str) -> Result<bool, StoreError> {
        let n = categories::Entity::find()
            .filter(categories::Column::Name.eq(name))
            .count(&self.db)
            .await
            .map_err(store_err)?;
        Ok(n > 0)
    }
}
