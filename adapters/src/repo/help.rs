//! Help-centre messages in the `help_messages` table.

use async_trait::async_trait;
use chrono::Utc;
use domain::StoreError;
use domain::help::{HelpCategory, HelpMessage, HelpMessageRepository, NewHelpMessage};
use domain::user::UserId;
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, QueryOrder, Set};

use crate::db::store_err;
use crate::entity::help_messages;

pub struct SeaOrmHelpMessageRepository {
    db: DatabaseConnection,
}

impl SeaOrmHelpMessageRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

pub(crate) fn to_domain(m: help_messages::Model) -> Result<HelpMessage, StoreError> {
    Ok(HelpMessage {
        id: m.id,
        subject: m.subject,
        category: m
            .category
            .parse::<HelpCategory>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        message: m.message,
        contact_email: m.contact_email,
        user_id: m.user_id.map(UserId::new),
        created_at: m.created_at,
    })
}

#[async_trait]
impl HelpMessageRepository for SeaOrmHelpMessageRepository {
    async fn create(&self, new: NewHelpMessage) -> Result<HelpMessage, StoreError> {
        let model = help_messages::ActiveModel {
            subject: Set(new.subject),
            category: Set(new.category.as_str().to_owned()),
            message: Set(new.message),
            contact_email: Set(new.contact_email),
            user_id: Set(new.user_id.map(|u| u.as_str().to_owned())),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        to_domain(model)
    }

    async fn list(&self) -> Result<Vec<HelpMessage>, StoreError> {
        help_messages::Entity::find()
            .order_by_desc(help_messages::Column::CreatedAt)
            .order_by_desc(help_messages::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
    }
}
