//! Permanent failures that delivery-status reports (RFC 3464) named for subscribed
//! addresses (`docs/decisions/subscriptions.md`): one row per failed recipient of a report,
//! with the status, the diagnostic and the whole report as received. A subscription's
//! removal removes its rows.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0038_subscription_bounces"
    }
}

#[derive(DeriveIden)]
enum SubscriptionBounces {
    Table,
    Id,
    SubscriptionId,
    Address,
    Status,
    Diagnostic,
    RawReport,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(SubscriptionBounces::Table)
                .col(big_pk_auto(SubscriptionBounces::Id))
                .col(big_integer(SubscriptionBounces::SubscriptionId))
                .col(string_len(SubscriptionBounces::Address, 255))
                .col(string_len(SubscriptionBounces::Status, 32))
                .col(text_null(SubscriptionBounces::Diagnostic))
                .col(text(SubscriptionBounces::RawReport))
                .col(timestamp_with_time_zone(SubscriptionBounces::ReceivedAt))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_subscription_bounces_subscription")
                        .from(
                            SubscriptionBounces::Table,
                            SubscriptionBounces::SubscriptionId,
                        )
                        .to(Subscriptions::Table, Subscriptions::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // The super admin's list (newest first) and the cascade from a subscription.
        m.create_index(
            Index::create()
                .name("idx_subscription_bounces_received")
                .table(SubscriptionBounces::Table)
                .col(SubscriptionBounces::ReceivedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_subscription_bounces_subscription")
                .table(SubscriptionBounces::Table)
                .col(SubscriptionBounces::SubscriptionId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SubscriptionBounces::Table).to_owned())
            .await
    }
}
