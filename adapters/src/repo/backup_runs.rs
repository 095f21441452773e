//! The record of backup runs (`backup_runs`): claiming a slot is inserting its unique row.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::backup::{BackupLog, BackupRun, RunState, Written};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::backup_runs::{self, Column};

pub struct SeaOrmBackupLog {
    db: Db,
}

impl SeaOrmBackupLog {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn count(n: u64) -> Option<i64> {
    Some(i64::try_from(n).unwrap_or(i64::MAX))
}

fn run(m: backup_runs::Model) -> BackupRun {
    let state = match m.state.as_str() {
        "verified" => RunState::Verified,
        "failed" => RunState::Failed,
        _ => RunState::Running,
    };
    let n = |v: Option<i64>| v.and_then(|v| u64::try_from(v).ok()).unwrap_or(0);
    let written = (state == RunState::Verified).then(|| Written {
        bytes: n(m.bytes),
        people: n(m.people),
        stories: n(m.stories),
        comments: n(m.comments),
        pictures: n(m.pictures),
    });
    BackupRun {
        name: m.name,
        state,
        started_at: m.started_at,
        finished_at: m.finished_at,
        written,
        error: m.error,
    }
}

#[async_trait]
impl BackupLog for SeaOrmBackupLog {
    async fn claim(&self, slot: &str, name: &str, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let row = backup_runs::ActiveModel {
            slot: Set(slot.to_owned()),
            name: Set(name.to_owned()),
            state: Set("running".to_owned()),
            started_at: Set(now),
            ..Default::default()
        };
        let inserted = backup_runs::Entity::insert(row)
            .on_conflict(OnConflict::column(Column::Slot).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await
            .map_err(store_err)?;
        Ok(inserted == 1)
    }

    async fn finish(
        &self,
        slot: &str,
        outcome: Result<&Written, &str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut change = backup_runs::ActiveModel {
            finished_at: Set(Some(now)),
            ..Default::default()
        };
        match outcome {
            Ok(w) => {
                change.state = Set("verified".to_owned());
                change.bytes = Set(count(w.bytes));
                change.people = Set(count(w.people));
                change.stories = Set(count(w.stories));
                change.comments = Set(count(w.comments));
                change.pictures = Set(count(w.pictures));
            }
            Err(e) => {
                change.state = Set("failed".to_owned());
                change.error = Set(Some(e.chars().take(2000).collect()));
            }
        }
        backup_runs::Entity::update_many()
            .set(change)
            .filter(Column::Slot.eq(slot))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }

    async fn recent(&self, limit: u64) -> Result<Vec<BackupRun>, StoreError> {
        let rows = backup_runs::Entity::find()
            .filter(Column::Name.ne(""))
            .order_by_desc(Column::StartedAt)
            .order_by_desc(Column::Id)
            .limit(limit)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(rows.into_iter().map(run).collect())
    }

    async fn newest_good(&self) -> Result<Option<BackupRun>, StoreError> {
        let row = backup_runs::Entity::find()
            .filter(Column::State.eq("verified"))
            .order_by_desc(Column::FinishedAt)
            .one(&self.db)
            .await
            .map_err(store_err)?;
        Ok(row.map(run))
    }
}
