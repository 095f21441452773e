//! The `story_consents` table: every confirmation or withdrawal of consent to a story.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "story_consents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub story_id: i64,
    pub user_id: String,
    pub statement_id: i64,
    pub site: bool,
    pub social: bool,
    pub widget: bool,
    pub kind: String,
    pub recorded_by: String,
    pub reason: Option<String>,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
