//! Category pages and counts read from one covering index: (category, status,
//! is_published, published_at) serves "newest published stories of a category", and
//! (status, is_published, category) counts published stories per category from the index
//! alone, without reading the stories' content pages.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0004_category_index"
    }
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Category,
    Status,
    IsPublished,
    PublishedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_stories_category")
                .table(Stories::Table)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_category_public")
                .table(Stories::Table)
                .col(Stories::Category)
                .col(Stories::Status)
                .col(Stories::IsPublished)
                .col(Stories::PublishedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_public_category")
                .table(Stories::Table)
                .col(Stories::Status)
                .col(Stories::IsPublished)
                .col(Stories::Category)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_stories_public_category")
                .table(Stories::Table)
                .to_owned(),
        )
        .await?;
        m.drop_index(
            Index::drop()
                .name("idx_stories_category_public")
                .table(Stories::Table)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_stories_category")
                .table(Stories::Table)
                .col(Stories::Category)
                .to_owned(),
        )
        .await
    }
}
