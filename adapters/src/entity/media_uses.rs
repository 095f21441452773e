//! The `media_uses` table: which stories (or stored versions of them) use which pictures.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media_uses")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub story_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_key: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
