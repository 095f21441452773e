//! The record of backup runs every instance shares: one row per claimed slot (a scheduled
//! period, a manual start, a day's overdue warning), unique, so inserting it is the claim.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0021_backup_runs"
    }
}

#[derive(DeriveIden)]
enum BackupRuns {
    Table,
    Id,
    Slot,
    Name,
    State,
    StartedAt,
    FinishedAt,
    Bytes,
    People,
    Stories,
    Comments,
    Pictures,
    Error,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(BackupRuns::Table)
                .col(big_pk_auto(BackupRuns::Id))
                .col(string_len_uniq(BackupRuns::Slot, 160))
                .col(string_len(BackupRuns::Name, 120))
                .col(string_len(BackupRuns::State, 16))
                .col(timestamp_with_time_zone(BackupRuns::StartedAt))
                .col(timestamp_with_time_zone_null(BackupRuns::FinishedAt))
                .col(big_integer_null(BackupRuns::Bytes))
                .col(big_integer_null(BackupRuns::People))
                .col(big_integer_null(BackupRuns::Stories))
                .col(big_integer_null(BackupRuns::Comments))
                .col(big_integer_null(BackupRuns::Pictures))
                .col(text_null(BackupRuns::Error))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_backup_runs_started")
                .table(BackupRuns::Table)
                .col(BackupRuns::StartedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(BackupRuns::Table).to_owned())
            .await
    }
}
