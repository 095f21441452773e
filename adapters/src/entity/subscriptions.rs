//! The `subscriptions` table.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub email: String,
    pub user_id: Option<String>,
    pub frequency: String,
    /// A JSON array of category names; empty for all.
    pub categories: String,
    pub status: String,
    pub token_hash: String,
    pub created_at: DateTimeUtc,
    pub confirmed_at: Option<DateTimeUtc>,
    pub covered_until: Option<DateTimeUtc>,
    pub hard_bounces: i32,
    pub consent_wording: String,
    pub consent_page: String,
    pub consent_at: DateTimeUtc,
    /// While a server mails this subscription's digest, until when it holds it.
    pub lease_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
