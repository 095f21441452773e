//! The scripture passages each story cites (`story_passages`), one row per passage, as
//! verse-id ranges, so "stories citing a passage that overlaps this one" is one range scan
//! of `idx_story_passages_overlap` (within one book) whatever the number of stories.
//! Stories written before this migration are indexed at the next start
//! (`adapters::reindex_passages`).

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0031_story_passages"
    }
}

#[derive(DeriveIden)]
enum StoryPassages {
    Table,
    StoryId,
    Position,
    Book,
    StartVerse,
    EndVerse,
    Osis,
}

#[derive(DeriveIden)]
enum Stories {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(StoryPassages::Table)
                .col(
                    ColumnDef::new(StoryPassages::StoryId)
                        .big_integer()
                        .not_null(),
                )
                .col(ColumnDef::new(StoryPassages::Position).integer().not_null())
                .col(ColumnDef::new(StoryPassages::Book).integer().not_null())
                .col(
                    ColumnDef::new(StoryPassages::StartVerse)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(StoryPassages::EndVerse)
                        .big_integer()
                        .not_null(),
                )
                .col(ColumnDef::new(StoryPassages::Osis).string().not_null())
                .primary_key(
                    Index::create()
                        .col(StoryPassages::StoryId)
                        .col(StoryPassages::Position),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(StoryPassages::Table, StoryPassages::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_story_passages_overlap")
                .table(StoryPassages::Table)
                .col(StoryPassages::Book)
                .col(StoryPassages::StartVerse)
                .col(StoryPassages::EndVerse)
                .col(StoryPassages::StoryId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(StoryPassages::Table).to_owned())
            .await
    }
}
