//! When each account proved its e-mail address (`users.email_verified_at`), so a Google
//! sign-in links to a local account only when the address was proved before that sign-in
//! began (docs/decisions/account-safety.md). Accounts verified before this migration count
//! as verified since they were created.

use sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0034_email_verified_at"
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Users {
    Table,
    EmailVerified,
    EmailVerifiedAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(timestamp_with_time_zone_null(Users::EmailVerifiedAt))
                .to_owned(),
        )
        .await?;
        let db = m.get_connection();
        let fill = Query::update()
            .table(Users::Table)
            .value(Users::EmailVerifiedAt, Expr::col(Users::CreatedAt))
            .and_where(Expr::col(Users::EmailVerified).eq(true))
            .to_owned();
        db.execute_raw(db.get_database_backend().build(&fill))
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .drop_column(Users::EmailVerifiedAt)
                .to_owned(),
        )
        .await
    }
}
