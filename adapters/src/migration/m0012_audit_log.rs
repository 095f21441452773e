//! The activity log: one row per moderation or people action, appended in the action's
//! own transaction.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0012_audit_log"
    }
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    ActorId,
    ActorName,
    Action,
    TargetKind,
    TargetId,
    TargetLabel,
    Reason,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(AuditLog::Table)
                .col(big_pk_auto(AuditLog::Id))
                .col(timestamp_with_time_zone(AuditLog::At))
                .col(string_len(AuditLog::ActorId, 36))
                .col(string_len(AuditLog::ActorName, 255))
                .col(string_len(AuditLog::Action, 40))
                .col(string_len(AuditLog::TargetKind, 20))
                .col(string_len(AuditLog::TargetId, 64))
                .col(string_len_null(AuditLog::TargetLabel, 255))
                .col(text_null(AuditLog::Reason))
                .to_owned(),
        )
        .await?;
        for (name, column) in [
            ("idx_audit_log_actor", AuditLog::ActorId),
            ("idx_audit_log_action", AuditLog::Action),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(AuditLog::Table)
                    .col(column)
                    .col(AuditLog::Id)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(AuditLog::Table).to_owned())
            .await
    }
}
