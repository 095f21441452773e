//! The `story_sensitivity` table: what the author says a story touches.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "story_sensitivity")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub story_id: i64,
    /// Comma-separated `SensitiveTopic` names.
    pub topics: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
