//! Which pictures stories use, in the `media_uses` table, and retiring pictures no story
//! uses (after a story is deleted, or its author left). What is recorded when is the domain's (`domain::story::pictures`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::story::{PictureUses, StoryId};
use domain::user::UserId;
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{media, media_uses};

/// Condition: no story uses the picture of this row.
pub(super) fn unused() -> sea_orm::sea_query::SimpleExpr {
    Expr::exists(
        Query::select()
            .expr(Expr::val(1))
            .from(media_uses::Entity)
            .and_where(
                Expr::col((media_uses::Entity, media_uses::Column::MediaKey))
                    .equals((media::Entity, media::Column::Key)),
            )
            .to_owned(),
    )
    .not()
}

pub struct SeaOrmPictureUses {
    db: Db,
}

impl SeaOrmPictureUses {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl PictureUses for SeaOrmPictureUses {
    async fn record(&self, story: StoryId, keys: &[String]) -> Result<(), StoreError> {
        if keys.is_empty() {
            return Ok(());
        }
        let rows = keys.iter().map(|key| media_uses::ActiveModel {
            story_id: Set(story.0),
            media_key: Set(key.clone()),
        });
        media_uses::Entity::insert_many(rows)
            .on_conflict_do_nothing_on([media_uses::Column::StoryId, media_uses::Column::MediaKey])
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn used_by(&self, story: StoryId) -> Result<Vec<String>, StoreError> {
        media_uses::Entity::find()
            .select_only()
            .column(media_uses::Column::MediaKey)
            .filter(media_uses::Column::StoryId.eq(story.0))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(store_err)
    }

    async fn retire_if_unused(&self, keys: &[String], at: DateTime<Utc>) -> Result<(), StoreError> {
        if keys.is_empty() {
            return Ok(());
        }
        media::Entity::update_many()
            .col_expr(media::Column::GoneAt, Expr::value(at))
            .filter(media::Column::Key.is_in(keys.iter().cloned()))
            .filter(media::Column::GoneAt.is_null())
            .filter(unused())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn leave_with_owner(
        &self,
        owner: &UserId,
        heir: &UserId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        media::Entity::update_many()
            .col_expr(media::Column::GoneAt, Expr::value(at))
            .filter(media::Column::OwnerId.eq(owner.as_str()))
            .filter(media::Column::GoneAt.is_null())
            .filter(unused())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        media::Entity::update_many()
            .col_expr(media::Column::OwnerId, Expr::value(heir.as_str()))
            .filter(media::Column::OwnerId.eq(owner.as_str()))
            .filter(media::Column::GoneAt.is_null())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
