//! Site-wide key/value settings (the session signing key) in `settings`.

use domain::StoreError;
use sea_orm::{EntityTrait, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::settings;

pub struct SeaOrmSettingsRepository {
    db: Db,
}

impl SeaOrmSettingsRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }

    /// The stored value, or stores `value` when the key is missing and returns it. Two
    /// instances starting together agree on one value.
    ///
    /// # Errors
    /// The store's error.
    pub async fn get_or_insert(&self, key: &str, value: &str) -> Result<String, StoreError> {
        // Insert-or-ignore, then read: two instances starting together end up with one value.
        settings::Entity::insert(settings::ActiveModel {
            key: Set(key.to_owned()),
            value: Set(value.to_owned()),
        })
        .on_conflict_do_nothing_on([settings::Column::Key])
        .exec(&self.db)
        .await
        .map_err(store_err)?;
        let stored = settings::Entity::find_by_id(key.to_owned())
            .one(&self.db)
            .await
            .map_err(store_err)?;
        stored.map(|m| m.value).ok_or_else(|| {
            StoreError::Unknown(anyhow::anyhow!("setting {key} vanished after insert"))
        })
    }
}
