//! Self-service accounts: one-time tokens (e-mail verification, password reset), failed
//! sign-ins and locks per account, and the owner and handle of each session.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0008_accounts"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    LockedUntil,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    UserId,
    Handle,
}

#[derive(DeriveIden)]
enum AccountTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SignInFailures {
    Table,
    Id,
    UserId,
    FailedAt,
}

fn to_user(name: &str, from: impl IntoIden + 'static) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from_col(from)
        .to(Users::Table, Users::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(timestamp_with_time_zone_null(Users::LockedUntil))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Sessions::Table)
                .add_column(string_len_null(Sessions::UserId, 36))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Sessions::Table)
                .add_column(string_len_null(Sessions::Handle, 64))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sessions_user")
                .table(Sessions::Table)
                .col(Sessions::UserId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AccountTokens::Table)
                .col(big_pk_auto(AccountTokens::Id))
                .col(string_len(AccountTokens::UserId, 36))
                .col(string_len(AccountTokens::Purpose, 32))
                .col(string_len_uniq(AccountTokens::TokenHash, 64))
                .col(timestamp_with_time_zone(AccountTokens::ExpiresAt))
                .col(timestamp_with_time_zone_null(AccountTokens::UsedAt))
                .col(timestamp_with_time_zone(AccountTokens::CreatedAt))
                .foreign_key(&mut to_user(
                    "fk_account_tokens_user",
                    AccountTokens::UserId,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_account_tokens_user")
                .table(AccountTokens::Table)
                .col(AccountTokens::UserId)
                .col(AccountTokens::Purpose)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(SignInFailures::Table)
                .col(big_pk_auto(SignInFailures::Id))
                .col(string_len(SignInFailures::UserId, 36))
                .col(timestamp_with_time_zone(SignInFailures::FailedAt))
                .foreign_key(&mut to_user(
                    "fk_sign_in_failures_user",
                    SignInFailures::UserId,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sign_in_failures_user")
                .table(SignInFailures::Table)
                .col(SignInFailures::UserId)
                .col(SignInFailures::FailedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SignInFailures::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(AccountTokens::Table).to_owned())
            .await
    }
}
