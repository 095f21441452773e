//! Server-side sessions in the `sessions` table (sid, sess, expire), shared by all instances.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::session::{SessionRecord, SessionRepository};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::sessions;

pub struct SeaOrmSessionRepository {
    db: Db,
}

impl SeaOrmSessionRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

/// The session store of the web server (`app-server/src/session.rs`): load, save, touch,
/// delete, purge. The domain's view of a person's sessions is the trait below.
impl SeaOrmSessionRepository {
    pub async fn load(
        &self,
        sid: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<SessionRecord>, StoreError> {
        let found = sessions::Entity::find_by_id(sid.to_owned())
            .filter(sessions::Column::Expire.gt(now))
            .one(&self.db)
            .await
            .map_err(store_err)?;
        Ok(found.map(to_record))
    }

    pub async fn save(&self, record: SessionRecord) -> Result<(), StoreError> {
        sessions::Entity::insert(sessions::ActiveModel {
            sid: Set(record.sid),
            sess: Set(record.sess),
            expire: Set(record.expire),
            user_id: Set(record.user_id),
            handle: Set(record.handle),
        })
        .on_conflict(
            OnConflict::column(sessions::Column::Sid)
                .update_columns([
                    sessions::Column::Sess,
                    sessions::Column::Expire,
                    sessions::Column::UserId,
                    sessions::Column::Handle,
                ])
                .to_owned(),
        )
        .exec(&self.db)
        .await
        .map_err(store_err)?;
        Ok(())
    }

    /// Replaces the state of an existing session; `false` when there is none (it was
    /// signed out or revoked meanwhile: an update never brings a session back).
    pub async fn update(&self, record: SessionRecord) -> Result<bool, StoreError> {
        let done = sessions::Entity::update_many()
            .col_expr(sessions::Column::Sess, record.sess.into())
            .col_expr(sessions::Column::Expire, record.expire.into())
            .col_expr(sessions::Column::UserId, record.user_id.into())
            .col_expr(sessions::Column::Handle, record.handle.into())
            .filter(sessions::Column::Sid.eq(record.sid))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected > 0)
    }

    pub async fn touch(&self, sid: &str, expire: DateTime<Utc>) -> Result<(), StoreError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::Expire, expire.into())
            .filter(sessions::Column::Sid.eq(sid))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    pub async fn delete(&self, sid: &str) -> Result<(), StoreError> {
        sessions::Entity::delete_by_id(sid.to_owned())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    pub async fn list_for_user(
        &self,
        user_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<SessionRecord>, StoreError> {
        Ok(sessions::Entity::find()
            .filter(sessions::Column::UserId.eq(user_id))
            .filter(sessions::Column::Expire.gt(now))
            .order_by_desc(sessions::Column::Expire)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_record)
            .collect())
    }

    pub async fn delete_for_user(
        &self,
        user_id: &str,
        keep: Option<&str>,
    ) -> Result<u64, StoreError> {
        let mut delete =
            sessions::Entity::delete_many().filter(sessions::Column::UserId.eq(user_id));
        if let Some(keep) = keep {
            delete = delete.filter(
                Condition::any()
                    .add(sessions::Column::Handle.ne(keep))
                    .add(sessions::Column::Handle.is_null()),
            );
        }
        Ok(delete
            .exec(&self.db)
            .await
            .map_err(store_err)?
            .rows_affected)
    }

    pub async fn delete_by_handle(&self, user_id: &str, handle: &str) -> Result<bool, StoreError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::UserId.eq(user_id))
            .filter(sessions::Column::Handle.eq(handle))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    pub async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::Expire.lte(now))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected)
    }
}

#[async_trait]
impl SessionRepository for SeaOrmSessionRepository {
    async fn list_for_user(
        &self,
        user_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<SessionRecord>, StoreError> {
        SeaOrmSessionRepository::list_for_user(self, user_id, now).await
    }

    async fn delete_for_user(&self, user_id: &str, keep: Option<&str>) -> Result<u64, StoreError> {
        SeaOrmSessionRepository::delete_for_user(self, user_id, keep).await
    }

    async fn delete_by_handle(&self, user_id: &str, handle: &str) -> Result<bool, StoreError> {
        SeaOrmSessionRepository::delete_by_handle(self, user_id, handle).await
    }
}

fn to_record(m: sessions::Model) -> SessionRecord {
    SessionRecord {
        sid: m.sid,
        sess: m.sess,
        expire: m.expire,
        user_id: m.user_id,
        handle: m.handle,
    }
}
