//! The `sign_in_failures` table: one row per failed password check, by subject and source.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sign_in_failures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subject: String,
    pub source: String,
    pub failed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
