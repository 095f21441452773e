//! Uploaded pictures in the `media` table; which stories use them in `uses.rs`.

pub(crate) mod uses;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::media::{Media, MediaRepository, NewMedia, StoredFormat};
use domain::user::UserId;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::media;
use uses::unused;

pub struct SeaOrmMediaRepository {
    db: Db,
}

impl SeaOrmMediaRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn unknown(what: String) -> StoreError {
    StoreError::Unknown(anyhow::anyhow!(what))
}

pub(crate) fn to_domain(m: media::Model) -> Result<Media, StoreError> {
    let format = StoredFormat::from_extension(&m.format)
        .ok_or_else(|| unknown(format!("media {}: format '{}'", m.id, m.format)))?;
    let widths = m
        .widths
        .split(',')
        .map(str::parse::<u32>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| unknown(format!("media {}: widths: {e}", m.id)))?;
    Ok(Media {
        id: m.id,
        owner: UserId::new(m.owner_id),
        key: m.key,
        format,
        width: u32::try_from(m.width).unwrap_or(0),
        height: u32::try_from(m.height).unwrap_or(0),
        widths,
        bytes: u64::try_from(m.bytes).unwrap_or(0),
        created_at: m.created_at,
    })
}

fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[async_trait]
impl MediaRepository for SeaOrmMediaRepository {
    async fn create(&self, new: NewMedia) -> Result<Media, StoreError> {
        let widths = new
            .widths
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let row = media::ActiveModel {
            owner_id: Set(new.owner.as_str().to_owned()),
            key: Set(new.key),
            format: Set(new.format.extension().to_owned()),
            width: Set(int(new.width)),
            height: Set(int(new.height)),
            widths: Set(widths),
            bytes: Set(i64::try_from(new.bytes).unwrap_or(i64::MAX)),
            created_at: Set(new.created_at),
            ..Default::default()
        };
        let stored = media::Entity::insert(row)
            .exec_with_returning(&self.db)
            .await
            .map_err(store_err)?;
        to_domain(stored)
    }

    async fn usage(&self, owner: &UserId, since: DateTime<Utc>) -> Result<(u64, u64), StoreError> {
        let recent: Option<i64> = media::Entity::find()
            .select_only()
            .expr(Expr::col(media::Column::Id).count())
            .filter(media::Column::OwnerId.eq(owner.as_str()))
            .filter(media::Column::CreatedAt.gte(since))
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let total: Option<Option<i64>> = media::Entity::find()
            .select_only()
            .expr(Expr::col(media::Column::Bytes).sum().cast_as("bigint"))
            .filter(media::Column::OwnerId.eq(owner.as_str()))
            .filter(media::Column::GoneAt.is_null())
            .into_tuple()
            .one(&self.db)
            .await
            .map_err(store_err)?;
        let count = u64::try_from(recent.unwrap_or(0)).unwrap_or(0);
        let bytes = u64::try_from(total.flatten().unwrap_or(0)).unwrap_or(0);
        Ok((count, bytes))
    }

    async fn find_by_key(&self, key: &str) -> Result<Option<Media>, StoreError> {
        media::Entity::find()
            .filter(media::Column::Key.eq(key))
            .filter(media::Column::GoneAt.is_null())
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn retire_unused(
        &self,
        before: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let res = media::Entity::update_many()
            .col_expr(media::Column::GoneAt, Expr::value(now))
            .filter(media::Column::GoneAt.is_null())
            .filter(media::Column::CreatedAt.lt(before))
            .filter(unused())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }

    async fn gone(&self, limit: u64) -> Result<Vec<Media>, StoreError> {
        media::Entity::find()
            .filter(media::Column::GoneAt.is_not_null())
            .order_by_asc(media::Column::GoneAt)
            .order_by_asc(media::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        media::Entity::delete_many()
            .filter(media::Column::Id.is_in(ids.iter().copied()))
            .filter(media::Column::GoneAt.is_not_null())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
