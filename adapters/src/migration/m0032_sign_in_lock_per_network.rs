//! The sign-in lock per account and client network (`docs/decisions/account-safety.md`):
//! failed password checks are counted per subject (an account id, or a digest of an
//! unknown e-mail or username, so unknown ones are answered alike) and per source (a
//! client network, or a browser's device cookie), and a lock holds one subject for one
//! source. The failures of the old per-account count are dropped (they were at most 15
//! minutes old); `users.locked_until` is no longer read.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0032_sign_in_lock_per_network"
    }
}

#[derive(DeriveIden)]
enum SignInFailures {
    Table,
    Id,
    Subject,
    Source,
    FailedAt,
    UserId,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum SignInLocks {
    Table,
    Subject,
    Source,
    LockedUntil,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SignInFailures::Table).to_owned())
            .await?;
        m.create_table(
            Table::create()
                .table(SignInFailures::Table)
                .col(big_pk_auto(SignInFailures::Id))
                .col(string_len(SignInFailures::Subject, 100))
                .col(string_len(SignInFailures::Source, 100))
                .col(timestamp_with_time_zone(SignInFailures::FailedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sign_in_failures_subject")
                .table(SignInFailures::Table)
                .col(SignInFailures::Subject)
                .col(SignInFailures::FailedAt)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(SignInLocks::Table)
                .col(string_len(SignInLocks::Subject, 100))
                .col(string_len(SignInLocks::Source, 100))
                .col(timestamp_with_time_zone(SignInLocks::LockedUntil))
                .primary_key(
                    Index::create()
                        .col(SignInLocks::Subject)
                        .col(SignInLocks::Source),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SignInLocks::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(SignInFailures::Table).to_owned())
            .await?;
        // The per-account count of m0008, empty (failures are minutes-old by nature).
        m.create_table(
            Table::create()
                .table(SignInFailures::Table)
                .col(big_pk_auto(SignInFailures::Id))
                .col(string_len(SignInFailures::UserId, 36))
                .col(timestamp_with_time_zone(SignInFailures::FailedAt))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_sign_in_failures_user")
                        .from_col(SignInFailures::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
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
}
