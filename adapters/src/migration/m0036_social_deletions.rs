//! The queue of deletions of social posts already made, once their story's author withdrew
//! consent (`docs/decisions/privacy.md`): one row per post, claimed by the delivery worker as
//! queued posts are (attempts, the last error, when it is due again, also the lease). Each
//! row keeps what the deletion needs (platform, the platform's id and address of the post,
//! the story's title, who asked), with no foreign key: deleting the story or its posts' rows
//! afterwards must not cancel the deletion on the platform.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0036_social_deletions"
    }
}

#[derive(DeriveIden)]
enum SocialDeletions {
    Table,
    Id,
    PostId,
    StoryId,
    StoryTitle,
    Platform,
    ExternalId,
    ExternalUrl,
    RequestedBy,
    RequestedByName,
    Status,
    Attempts,
    LastError,
    NextAttemptAt,
    CreatedAt,
    DeletedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(SocialDeletions::Table)
                .col(big_pk_auto(SocialDeletions::Id))
                .col(big_integer(SocialDeletions::PostId))
                .col(big_integer(SocialDeletions::StoryId))
                .col(text(SocialDeletions::StoryTitle))
                .col(string_len(SocialDeletions::Platform, 20))
                .col(string_len(SocialDeletions::ExternalId, 200))
                .col(text_null(SocialDeletions::ExternalUrl))
                .col(string_len(SocialDeletions::RequestedBy, 36))
                .col(text(SocialDeletions::RequestedByName))
                .col(string_len(SocialDeletions::Status, 20))
                .col(integer(SocialDeletions::Attempts).default(0))
                .col(text_null(SocialDeletions::LastError))
                .col(timestamp_with_time_zone_null(
                    SocialDeletions::NextAttemptAt,
                ))
                .col(timestamp_with_time_zone(SocialDeletions::CreatedAt))
                .col(timestamp_with_time_zone_null(SocialDeletions::DeletedAt))
                .to_owned(),
        )
        .await?;
        // The worker's question: queued deletions that are due.
        m.create_index(
            Index::create()
                .name("idx_social_deletions_due")
                .table(SocialDeletions::Table)
                .col(SocialDeletions::Status)
                .col(SocialDeletions::NextAttemptAt)
                .to_owned(),
        )
        .await?;
        // One deletion per post (a withdrawal and the worker may both queue it); also the
        // super admin's list's question: the deletion of each post shown.
        m.create_index(
            Index::create()
                .name("idx_social_deletions_post")
                .table(SocialDeletions::Table)
                .col(SocialDeletions::PostId)
                .unique()
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SocialDeletions::Table).to_owned())
            .await
    }
}
