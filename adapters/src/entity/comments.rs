//! The `comments` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "comments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub story_id: i64,
    pub author_name: String,
    pub author_email: Option<String>,
    pub content: String,
    pub platform: String,
    pub platform_id: Option<String>,
    pub is_visible: bool,
    pub is_approved: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
