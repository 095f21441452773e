//! Help-centre messages in the `help_messages` table.

use async_trait::async_trait;
use chrono::DateTime;
use chrono::Utc;
use domain::StoreError;
use domain::help::{HelpCategory, HelpMessage, HelpMessageRepository, InboxStatus, NewHelpMessage};
use domain::paging::Page;
use domain::user::UserId;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::help_messages;

pub struct SeaOrmHelpMessageRepository {
    db: Db,
}

impl SeaOrmHelpMessageRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
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
        handled_at: m.handled_at,
        handled_by: m.handled_by.map(UserId::new),
    })
}

#[async_trait]
impl HelpMessageRepository for SeaOrmHelpMessageRepository {
    async fn create(&self, new: NewHelpMessage) -> Result<HelpMessage, StoreError> {
        let model = help_messages::ActiveModel {
            subject: Set(new.subject.into_inner()),
            category: Set(new.category.as_str().to_owned()),
            message: Set(new.message.into_inner()),
            contact_email: Set(new.contact_email.into_inner()),
            user_id: Set(new.user_id.map(|u| u.as_str().to_owned())),
            created_at: Set(self.db.now()),
            handled_at: Set(None),
            handled_by: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        to_domain(model)
    }

    async fn list(
        &self,
        status: InboxStatus,
        limit: u64,
        offset: u64,
    ) -> Result<Page<HelpMessage>, StoreError> {
        use help_messages::Column as C;
        let query = help_messages::Entity::find().filter(match status {
            InboxStatus::Open => C::HandledAt.is_null(),
            InboxStatus::Handled => C::HandledAt.is_not_null(),
        });
        let total = query.clone().count(&self.db).await.map_err(store_err)?;
        let ordered = match status {
            InboxStatus::Open => query.order_by_asc(C::CreatedAt).order_by_asc(C::Id),
            InboxStatus::Handled => query.order_by_desc(C::HandledAt).order_by_desc(C::Id),
        };
        let items = ordered
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect::<Result<_, _>>()?;
        Ok(Page { items, total })
    }

    async fn mark_handled(
        &self,
        id: i64,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<HelpMessage>, StoreError> {
        let Some(model) = help_messages::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        if model.handled_at.is_some() {
            return to_domain(model).map(Some);
        }
        let mut active: help_messages::ActiveModel = model.into();
        active.handled_at = Set(Some(at));
        active.handled_by = Set(Some(by.as_str().to_owned()));
        to_domain(active.update(&self.db).await.map_err(store_err)?).map(Some)
    }

    async fn delete(&self, id: i64) -> Result<bool, StoreError> {
        let res = help_messages::Entity::delete_by_id(id)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn find(&self, id: i64) -> Result<Option<HelpMessage>, StoreError> {
        help_messages::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }
}
