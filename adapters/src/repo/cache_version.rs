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

    /// Adds one to the shared version.
    ///
    /// # Errors
    /// The store's errors.
    pub async fn bump(&self) -> Result<(), StoreError> {
        let update = Query::update()
            .table(CacheVersion::Table)
            .value(
                CacheVersion::Version,
                Expr::col(CacheVersion::Version).add(1),
            )
            .and_where(Expr::col(CacheVersion::Id).eq(1))
            .to_owned();
        self.db.execute(&update).await.map_err(store_err)?;
        Ok(())
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
