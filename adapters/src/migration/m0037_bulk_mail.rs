//! Mail somebody subscribed to: the outbox keeps an HTML part and the one-click unsubscribe
//! address beside the text (`mail_outbox.html`, `mail_outbox.unsubscribe`), and a
//! subscription being mailed is leased to one server (`subscriptions.lease_until`), so on
//! several servers each digest is sent once (docs/decisions/subscriptions.md).

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0037_bulk_mail"
    }
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Html,
    Unsubscribe,
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Status,
    Frequency,
    LeaseUntil,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        m.alter_table(
            Table::alter()
                .table(MailOutbox::Table)
                .add_column(text_null(MailOutbox::Html))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(MailOutbox::Table)
                .add_column(text_null(MailOutbox::Unsubscribe))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Subscriptions::Table)
                .add_column(timestamp_with_time_zone_null(Subscriptions::LeaseUntil))
                .to_owned(),
        )
        .await?;
        // The digest job's question: confirmed subscriptions of one frequency.
        m.create_index(
            Index::create()
                .name("idx_subscriptions_due")
                .table(Subscriptions::Table)
                .col(Subscriptions::Status)
                .col(Subscriptions::Frequency)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("idx_subscriptions_due").to_owned())
            .await?;
        for (table, column) in [
            (MailOutbox::Table.into_iden(), MailOutbox::Html.into_iden()),
            (
                MailOutbox::Table.into_iden(),
                MailOutbox::Unsubscribe.into_iden(),
            ),
            (
                Subscriptions::Table.into_iden(),
                Subscriptions::LeaseUntil.into_iden(),
            ),
        ] {
            m.alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
