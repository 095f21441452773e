//! The `mail_outbox` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTimeUtc>,
    /// The HTML part of mail somebody subscribed to.
    pub html: Option<String>,
    /// The one-click unsubscribe address of mail somebody subscribed to.
    pub unsubscribe: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
