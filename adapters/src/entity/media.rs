//! The `media` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub owner_id: String,
    pub key: String,
    pub format: String,
    pub width: i32,
    pub height: i32,
    /// The stored widths, comma-separated, smallest first.
    pub widths: String,
    pub bytes: i64,
    pub created_at: DateTimeUtc,
    /// When no story used it any more; its files are deleted by the clean-up job.
    pub gone_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
