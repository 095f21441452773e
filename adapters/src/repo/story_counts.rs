//! Published stories per category, read from `story_counts` (kept by triggers, m0020) instead
//! of counted over the stories on each request.

use std::collections::HashMap;

use domain::StoreError;
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

use crate::db::Db;
use crate::db::store_err;

#[derive(sea_orm::DeriveIden, Clone, Copy)]
enum StoryCounts {
    Table,
    Category,
    Published,
}

/// `SELECT total`: the published stories of `category`, or of all categories.
pub(crate) fn total(backend: DbBackend, category: Option<&str>) -> Statement {
    let mut select = Query::select();
    select
        .expr_as(
            Expr::cust("CAST(COALESCE(SUM(\"published\"), 0) AS BIGINT)"),
            "total",
        )
        .from(StoryCounts::Table);
    if let Some(category) = category {
        select.and_where(Expr::col(StoryCounts::Category).eq(category));
    }
    backend.build(&select)
}

/// Category name to its number of published stories.
pub(crate) async fn per_category(db: &Db) -> Result<HashMap<String, i64>, StoreError> {
    let select = Query::select()
        .columns([StoryCounts::Category, StoryCounts::Published])
        .from(StoryCounts::Table)
        .to_owned();
    let rows = db.query_all(&select).await.map_err(store_err)?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get::<String>("", "category").map_err(store_err)?,
                row.try_get::<i64>("", "published").map_err(store_err)?,
            ))
        })
        .collect()
}
