//! Social delivery: each exported post remembers how often it was tried, the last error,
//! when it may be tried next (also the lease of the worker that claimed it), and, once
//! posted, when and as what (the platform's id and address). One column per statement:
//! SQLite alters a table one column at a time.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    integer, string_len_null, text_null, timestamp_with_time_zone_null,
};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0007_social_delivery"
    }
}

#[derive(DeriveIden)]
enum SocialPosts {
    Table,
    StoryId,
    Platform,
    Status,
    Attempts,
    LastError,
    NextAttemptAt,
    PostedAt,
    ExternalId,
    ExternalUrl,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            integer(SocialPosts::Attempts).default(0).to_owned(),
            text_null(SocialPosts::LastError).to_owned(),
            timestamp_with_time_zone_null(SocialPosts::NextAttemptAt).to_owned(),
            timestamp_with_time_zone_null(SocialPosts::PostedAt).to_owned(),
            string_len_null(SocialPosts::ExternalId, 200).to_owned(),
            text_null(SocialPosts::ExternalUrl).to_owned(),
        ] {
            m.alter_table(
                Table::alter()
                    .table(SocialPosts::Table)
                    .add_column(column)
                    .to_owned(),
            )
            .await?;
        }
        // The worker's question: queued posts that are due.
        m.create_index(
            Index::create()
                .name("idx_social_posts_due")
                .table(SocialPosts::Table)
                .col(SocialPosts::Status)
                .col(SocialPosts::NextAttemptAt)
                .to_owned(),
        )
        .await?;
        // The export's question: is this story already queued for that platform?
        m.create_index(
            Index::create()
                .name("idx_social_posts_story")
                .table(SocialPosts::Table)
                .col(SocialPosts::StoryId)
                .col(SocialPosts::Platform)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for index in ["idx_social_posts_story", "idx_social_posts_due"] {
            m.drop_index(
                Index::drop()
                    .name(index)
                    .table(SocialPosts::Table)
                    .to_owned(),
            )
            .await?;
        }
        for column in [
            SocialPosts::ExternalUrl,
            SocialPosts::ExternalId,
            SocialPosts::PostedAt,
            SocialPosts::NextAttemptAt,
            SocialPosts::LastError,
            SocialPosts::Attempts,
        ] {
            m.alter_table(
                Table::alter()
                    .table(SocialPosts::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
