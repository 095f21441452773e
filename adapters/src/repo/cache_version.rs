//! The shared version of public content (`cache_version`, one row): each server adds one
//! after a write and reads it to learn of writes made by the others.

use domain::StoreError;
use sea_orm::ConnectionTrait;
use sea_orm::sea_query::{Expr, ExprTrait, Query};

use crate::db::Db;
use crate::db::store_err;

#[derive(Clone)]
pub struct SeaOrmCacheVersion {
    db: Db,
}

impl SeaOrmCacheVersion {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// Adds one to the shared version; answers the new version.
    ///
    /// # Errors
    /// The store's errors.
    pub async fn bump(&self) -> Result<i64, StoreError> {
        let update = Query::update()
            .table(CacheVersion::Table)
            .value(
                CacheVersion::Version,
                Expr::col(CacheVersion::Version).add(1),
            )
            .and_where(Expr::col(CacheVersion::Id).eq(1))
            .returning_col(CacheVersion::Version)
            .to_owned();
        let backend = self.db.get_database_backend();
        let row = self
            .db
            .query_one_raw(backend.build(&update))
            .await
            .map_err(store_err)?
            .ok_or_else(|| StoreError::Unknown(anyhow::anyhow!("no cache_version row")))?;
        row.try_get("", "version").map_err(store_err)
    }

    /// The shared version now.
    ///
    /// # Errors
    /// The store's errors.
    pub async fn current(&self) -> Result<i64, StoreError> {
        let select = Query::select()
            .column(CacheVersion::Version)
            .from(CacheVersion::Table)
            .and_where(Expr::col(CacheVersion::Id).eq(1))
            .to_owned();
        let row = self.db.query_one(&select).await.map_err(store_err)?;
        row.map_or(Ok(0), |r| r.try_get("", "version").map_err(store_err))
    }
}

#[derive(sea_orm::DeriveIden, Clone, Copy)]
enum CacheVersion {
    Table,
    Id,
    Version,
}
