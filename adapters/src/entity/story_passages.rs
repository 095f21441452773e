//! The `story_passages` table: the scripture passages each story's live text cites.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "story_passages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub story_id: i64,
    /// Order of the passage in the story (0 first).
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i32,
    pub book: i32,
    /// `VerseId`s: book × 1,000,000 + chapter × 1,000 + verse.
    pub start_verse: i64,
    pub end_verse: i64,
    pub osis: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
