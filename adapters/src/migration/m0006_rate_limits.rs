//! Rate-limit counters shared by every server instance: one row per (group, client,
//! minute) bucket, dropped once its minute is over.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0006_rate_limits"
    }
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Bucket,
    Hits,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(RateLimits::Table)
                .col(string_len(RateLimits::Bucket, 255).primary_key())
                .col(integer(RateLimits::Hits))
                .col(timestamp_with_time_zone(RateLimits::ExpiresAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_rate_limits_expires_at")
                .table(RateLimits::Table)
                .col(RateLimits::ExpiresAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RateLimits::Table).to_owned())
            .await
    }
}
