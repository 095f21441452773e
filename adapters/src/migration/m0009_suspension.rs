//! Suspending a person: why, kept with the account until the super admin reinstates it.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0009_suspension"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    SuspendedReason,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(text_null(Users::SuspendedReason))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .drop_column(Users::SuspendedReason)
                .to_owned(),
        )
        .await
    }
}
