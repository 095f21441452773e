//! The `backup_runs` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "backup_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// What was claimed: `scheduled-<period>`, `manual-<name>`, `overdue-mail-<day>`.
    #[sea_orm(unique)]
    pub slot: String,
    /// The archive's file name (empty for a warning).
    pub name: String,
    /// `running`, `verified` or `failed`.
    pub state: String,
    pub started_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
    pub bytes: Option<i64>,
    pub people: Option<i64>,
    pub stories: Option<i64>,
    pub comments: Option<i64>,
    pub pictures: Option<i64>,
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
