//! One row that every server instance on the database reads to know when public content
//! changed: a write on any instance adds one to `version`, and each instance empties its
//! cache of public reads when it sees a new number.

use sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0018_cache_version"
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum CacheVersion {
    Table,
    Id,
    Version,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(CacheVersion::Table)
                .if_not_exists()
                .col(integer(CacheVersion::Id).primary_key())
                .col(big_integer(CacheVersion::Version).default(0))
                .to_owned(),
        )
        .await?;
        let insert = Query::insert()
            .into_table(CacheVersion::Table)
            .columns([CacheVersion::Id, CacheVersion::Version])
            .values_panic([1.into(), 0i64.into()])
            .to_owned();
        m.get_connection().execute(&insert).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(CacheVersion::Table).to_owned())
            .await
    }
}
