//! The help inbox as a queue: when a message was handled and by whom.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0011_help_inbox"
    }
}

#[derive(DeriveIden)]
enum HelpMessages {
    Table,
    HandledAt,
    HandledBy,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(HelpMessages::Table)
                .add_column(timestamp_with_time_zone_null(HelpMessages::HandledAt))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(HelpMessages::Table)
                .add_column(string_len_null(HelpMessages::HandledBy, 36))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_help_messages_queue")
                .table(HelpMessages::Table)
                .col(HelpMessages::HandledAt)
                .col(HelpMessages::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_help_messages_queue")
                .table(HelpMessages::Table)
                .to_owned(),
        )
        .await
    }
}
