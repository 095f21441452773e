//! The `social_posts` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "social_posts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub story_id: i64,
    pub platform: String,
    pub status: String,
    pub body: String,
    pub created_by: Option<String>,
    pub created_at: DateTimeUtc,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub posted_at: Option<DateTimeUtc>,
    pub external_id: Option<String>,
    pub external_url: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
