//! Mail delivery over SMTP: each outbox message remembers how often it was tried, the
//! last error, and when it may be tried next (also the lease of the worker that claimed
//! it). One column per statement: SQLite alters a table one column at a time.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, text_null, timestamp_with_time_zone_null};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0005_mail_delivery"
    }
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    SentAt,
    Attempts,
    LastError,
    NextAttemptAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            integer(MailOutbox::Attempts).default(0).to_owned(),
            text_null(MailOutbox::LastError).to_owned(),
            timestamp_with_time_zone_null(MailOutbox::NextAttemptAt).to_owned(),
        ] {
            m.alter_table(
                Table::alter()
                    .table(MailOutbox::Table)
                    .add_column(column)
                    .to_owned(),
            )
            .await?;
        }
        // The worker's question: unsent messages, oldest first.
        m.create_index(
            Index::create()
                .name("idx_mail_outbox_unsent")
                .table(MailOutbox::Table)
                .col(MailOutbox::SentAt)
                .col(MailOutbox::NextAttemptAt)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_mail_outbox_unsent")
                .table(MailOutbox::Table)
                .to_owned(),
        )
        .await?;
        for column in [
            MailOutbox::NextAttemptAt,
            MailOutbox::LastError,
            MailOutbox::Attempts,
        ] {
            m.alter_table(
                Table::alter()
                    .table(MailOutbox::Table)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
