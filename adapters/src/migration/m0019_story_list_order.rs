//! The public lists are ordered by `published_at DESC, id DESC`: the indexes that serve them
//! end in `id`, so both engines read a page straight from the index in order, without
//! sorting the matches (SQLite has the rowid in every index already; PostgreSQL needs it).

use sea_orm::ConnectionTrait;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0019_story_list_order"
    }
}

const UP: &str = r#"
DROP INDEX IF EXISTS idx_stories_public;
CREATE INDEX idx_stories_public ON stories (status, is_published, published_at, id);
DROP INDEX IF EXISTS idx_stories_category_public;
CREATE INDEX idx_stories_category_public ON stories (category, status, is_published, published_at, id);
"#;

const DOWN: &str = r#"
DROP INDEX IF EXISTS idx_stories_public;
CREATE INDEX idx_stories_public ON stories (status, is_published, published_at);
DROP INDEX IF EXISTS idx_stories_category_public;
CREATE INDEX idx_stories_category_public ON stories (category, status, is_published, published_at);
"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection().execute_unprepared(UP).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.get_connection().execute_unprepared(DOWN).await?;
        Ok(())
    }
}
