//! The delivery worker's claim, one for both of its queues (posts to make in
//! `social_posts`, posts to delete in `social_deletions`): the queued rows on the connected
//! platforms whose next attempt is due, oldest first, each attempt counted and the batch
//! leased until `lease_until`, in one statement ([`Claim`]).

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::social::Platform;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait};

use crate::db::{Claim, Db, store_err};

/// The columns of a delivery queue's table that the claim reads and writes.
pub(super) struct QueueColumns<C> {
    pub id: C,
    pub status: C,
    pub platform: C,
    pub attempts: C,
    pub next_attempt_at: C,
}

/// Claims at most `limit` rows of `entity` in status `queued` on `platforms` that are due at
/// `now`, in the order of their ids (none without platforms or with a limit of 0).
pub(super) async fn claim_due<E>(
    db: &Db,
    entity: E,
    columns: QueueColumns<E::Column>,
    queued: &str,
    (platforms, now, lease_until, limit): (&[Platform], DateTime<Utc>, DateTime<Utc>, u32),
    id_of: fn(&E::Model) -> i64,
) -> Result<Vec<E::Model>, StoreError>
where
    E: EntityTrait,
{
    if platforms.is_empty() || limit == 0 {
        return Ok(Vec::new());
    }
    let QueueColumns {
        id,
        status,
        platform,
        attempts,
        next_attempt_at,
    } = columns;
    let statement = Claim {
        entity,
        id,
        due: Condition::all()
            .add(status.eq(queued))
            .add(
                Condition::any()
                    .add(next_attempt_at.is_null())
                    .add(next_attempt_at.lte(now)),
            )
            .add(platform.is_in(platforms.iter().map(|p| p.as_str()))),
        order: vec![id],
        limit: u64::from(limit),
        changes: vec![
            (attempts, Expr::col(attempts).add(1)),
            (next_attempt_at, Expr::val(lease_until)),
        ],
    }
    .statement(db.get_database_backend());
    let mut rows = E::find()
        .from_raw_sql(statement)
        .all(db)
        .await
        .map_err(store_err)?;
    rows.sort_by_key(id_of);
    Ok(rows)
}
