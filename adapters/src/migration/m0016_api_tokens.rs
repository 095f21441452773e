//! Personal API tokens (`api_tokens`): the SHA-256 hash of each secret, its name, scope,
//! expiry and last use. A person's tokens go with their account.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0016_api_tokens"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ApiTokens {
    Table,
    Id,
    UserId,
    Name,
    Scope,
    TokenHash,
    Hint,
    CreatedAt,
    LastUsedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ApiTokens::Table)
                .col(big_pk_auto(ApiTokens::Id))
                .col(string_len(ApiTokens::UserId, 36))
                .col(string_len(ApiTokens::Name, 100))
                .col(string_len(ApiTokens::Scope, 16))
                .col(string_len_uniq(ApiTokens::TokenHash, 64))
                .col(string_len(ApiTokens::Hint, 8))
                .col(timestamp_with_time_zone(ApiTokens::CreatedAt))
                .col(timestamp_with_time_zone_null(ApiTokens::LastUsedAt))
                .col(timestamp_with_time_zone_null(ApiTokens::ExpiresAt))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_api_tokens_user")
                        .from(ApiTokens::Table, ApiTokens::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_api_tokens_user")
                .table(ApiTokens::Table)
                .col(ApiTokens::UserId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ApiTokens::Table).to_owned())
            .await
    }
}
