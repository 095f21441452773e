//! Every social export attempt: which story went to which platform, and whether it was
//! posted or queued for later.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0003_social_posts"
    }
}

#[derive(DeriveIden)]
enum SocialPosts {
    Table,
    Id,
    StoryId,
    Platform,
    Status,
    Body,
    CreatedBy,
    CreatedAt,
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
                .table(SocialPosts::Table)
                .col(big_pk_auto(SocialPosts::Id))
                .col(big_integer(SocialPosts::StoryId))
                .col(string_len(SocialPosts::Platform, 20))
                .col(string_len(SocialPosts::Status, 20))
                .col(text(SocialPosts::Body))
                .col(string_len_null(SocialPosts::CreatedBy, 36))
                .col(timestamp_with_time_zone(SocialPosts::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_social_posts_story")
                        .from(SocialPosts::Table, SocialPosts::StoryId)
                        .to(Stories::Table, Stories::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_social_posts_status")
                .table(SocialPosts::Table)
                .col(SocialPosts::Status)
                .col(SocialPosts::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SocialPosts::Table).to_owned())
            .await
    }
}
