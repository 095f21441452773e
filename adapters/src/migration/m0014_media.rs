//! Uploaded pictures: one row per upload; the files live in the media store.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0014_media"
    }
}

#[derive(DeriveIden)]
enum Media {
    Table,
    Id,
    OwnerId,
    Key,
    Format,
    Width,
    Height,
    Widths,
    Bytes,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Media::Table)
                .col(big_pk_auto(Media::Id))
                .col(string_len(Media::OwnerId, 36))
                .col(string_len_uniq(Media::Key, 64))
                .col(string_len(Media::Format, 8))
                .col(integer(Media::Width))
                .col(integer(Media::Height))
                .col(string_len(Media::Widths, 64))
                .col(big_integer(Media::Bytes))
                .col(timestamp_with_time_zone(Media::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_media_owner_created")
                .table(Media::Table)
                .col(Media::OwnerId)
                .col(Media::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Media::Table).to_owned())
            .await
    }
}
