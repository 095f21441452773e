//! The `schedules` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "schedules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub contributor_id: String,
    pub due_date: DateTimeUtc,
    pub title: String,
    pub description: Option<String>,
    pub is_completed: bool,
    pub reminder_sent: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
