//! The `stories` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub title: String,
    pub content: String,
    /// What the author typed; filled for older rows by m0017.
    pub source: Option<String>,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    pub status: String,
    pub is_published: bool,
    pub published_at: Option<DateTimeUtc>,
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTimeUtc>,
    pub rejection_reason: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// `full`, `first`, `firstInitial` or `anonymous` (m0025).
    pub byline: String,
    /// `public` or `members` (m0025).
    pub audience: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
