//! Subscriptions to new stories by e-mail (`docs/decisions/subscriptions.md`): one row per
//! address, with its frequency, categories (a JSON array of names; empty for all), status,
//! the hash of its link token, what its digests have covered, its bounces and its consent
//! record.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0035_subscriptions"
    }
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Id,
    Email,
    UserId,
    Frequency,
    Categories,
    Status,
    TokenHash,
    CreatedAt,
    ConfirmedAt,
    CoveredUntil,
    HardBounces,
    ConsentWording,
    ConsentPage,
    ConsentAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Subscriptions::Table)
                .col(big_pk_auto(Subscriptions::Id))
                .col(string_len(Subscriptions::Email, 255).unique_key())
                .col(string_len_null(Subscriptions::UserId, 64))
                .col(string_len(Subscriptions::Frequency, 16))
                .col(text(Subscriptions::Categories))
                .col(string_len(Subscriptions::Status, 16))
                .col(string_len(Subscriptions::TokenHash, 128).unique_key())
                .col(timestamp_with_time_zone(Subscriptions::CreatedAt))
                .col(timestamp_with_time_zone_null(Subscriptions::ConfirmedAt))
                .col(timestamp_with_time_zone_null(Subscriptions::CoveredUntil))
                .col(integer(Subscriptions::HardBounces).default(0))
                .col(text(Subscriptions::ConsentWording))
                .col(string_len(Subscriptions::ConsentPage, 255))
                .col(timestamp_with_time_zone(Subscriptions::ConsentAt))
                .to_owned(),
        )
        .await?;
        // The digest job reads confirmed subscriptions; the purge, pending ones by age.
        m.create_index(
            Index::create()
                .name("idx_subscriptions_status")
                .table(Subscriptions::Table)
                .col(Subscriptions::Status)
                .col(Subscriptions::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_subscriptions_user")
                .table(Subscriptions::Table)
                .col(Subscriptions::UserId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Subscriptions::Table).to_owned())
            .await
    }
}
