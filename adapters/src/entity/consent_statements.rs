//! The `consent_statements` table: the versions of the consent statement.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "consent_statements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub text: String,
    pub legacy: bool,
    pub created_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
