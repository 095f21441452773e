//! The `help_messages` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "help_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subject: String,
    pub category: String,
    pub message: String,
    pub contact_email: String,
    pub user_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub handled_at: Option<DateTimeUtc>,
    pub handled_by: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
