//! The `story_revisions` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "story_revisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub story_id: i64,
    pub title: String,
    pub content: String,
    /// What the author typed; filled for older rows by m0017.
    pub source: Option<String>,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub status: String,
    pub created_by: Option<String>,
    pub created_at: DateTimeUtc,
    pub reviewed_by: Option<String>,
    pub reviewed_at: Option<DateTimeUtc>,
    pub reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
