//! `app-server seed --subscribers N`: confirmed weekly subscribers for the digest benchmark
//! (`app-server/benches/digest/`), in multi-row `INSERT`s of [`BATCH`] rows, one
//! transaction per batch, on both engines. Each is a visitor's subscription to every
//! category (`reader-{n}@bench.example`, `n` from 1), confirmed and covered up to a week
//! before the newest published story: the next weekly slot after that story finds news for
//! every one of them.

use chrono::{DateTime, Duration, Utc};
use domain::StoreError;
use domain::subscription::{Frequency, SUBSCRIBE_WORDING, SubscriptionStatus};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use sha2::{Digest, Sha256};

use super::{BATCH, insert_batch};
use crate::db::store_err;
use crate::entity::{stories, subscriptions};

/// How far before the newest published story the seeded subscribers are covered.
pub const COVERED_BEFORE_NEWEST_DAYS: i64 = 7;

/// The address of the `n`th seeded subscriber (from 1).
pub fn subscriber_address(n: u64) -> String {
    format!("reader-{n}@bench.example")
}

/// Adds `count` confirmed weekly subscriptions (see the module's documentation) and answers
/// the moment they are covered until. The addresses must not be subscribed yet.
///
/// # Errors
/// The store's errors (an address subscribed already is a unique-key violation).
pub async fn seed_subscribers(
    db: &DatabaseConnection,
    count: u64,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, StoreError> {
    let newest: Option<DateTime<Utc>> = stories::Entity::find()
        .select_only()
        .column(stories::Column::PublishedAt)
        .filter(stories::Column::IsPublished.eq(true))
        .filter(stories::Column::PublishedAt.is_not_null())
        .order_by_desc(stories::Column::PublishedAt)
        .into_tuple::<Option<DateTime<Utc>>>()
        .one(db)
        .await
        .map_err(store_err)?
        .flatten();
    // A sign-up confirmed then: coverage starts at the confirmation, as for a real one.
    let covered = newest.unwrap_or(now) - Duration::days(COVERED_BEFORE_NEWEST_DAYS);
    let mut batch = Vec::with_capacity(BATCH);
    for n in 1..=count {
        batch.push(subscriptions::ActiveModel {
            email: Set(subscriber_address(n)),
            user_id: Set(None),
            frequency: Set(Frequency::Weekly.as_str().to_owned()),
            categories: Set("[]".to_owned()),
            status: Set(SubscriptionStatus::Confirmed.as_str().to_owned()),
            // Only a hash is stored, as for a mailed link; nobody holds these tokens.
            token_hash: Set(hex::encode(Sha256::digest(format!(
                "seeded subscriber {n}"
            )))),
            created_at: Set(covered),
            confirmed_at: Set(Some(covered)),
            covered_until: Set(Some(covered)),
            hard_bounces: Set(0),
            consent_wording: Set(SUBSCRIBE_WORDING.to_owned()),
            consent_page: Set("/".to_owned()),
            consent_at: Set(covered),
            lease_until: Set(None),
            ..Default::default()
        });
        if batch.len() == BATCH {
            insert_batch(db, std::mem::take(&mut batch)).await?;
        }
    }
    if !batch.is_empty() {
        insert_batch(db, batch).await?;
    }
    Ok(covered)
}
