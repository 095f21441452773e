//! Schedule items in the `schedules` table, and the atomic claim of due reminders.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::schedule::{NewSchedule, Schedule, ScheduleId, ScheduleRepository};
use domain::user::UserId;
use domain::validation::ScheduleDescription;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::db::Db;
use crate::db::{Claim, store_err};
use crate::entity::schedules;
use sea_orm::sea_query::{Condition, Expr};

pub struct SeaOrmScheduleRepository {
    db: Db,
}

impl SeaOrmScheduleRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

pub(crate) fn to_domain(m: schedules::Model) -> Schedule {
    Schedule {
        id: ScheduleId(m.id),
        contributor_id: UserId::new(m.contributor_id),
        due_date: m.due_date,
        title: m.title,
        description: m.description,
        is_completed: m.is_completed,
        reminder_sent: m.reminder_sent,
        created_at: m.created_at,
    }
}

/// Marks up to `$4` unfinished, unreminded items due between `$1` and `$2` as reminded and
/// returns them, in one statement. On PostgreSQL the inner select locks the rows it picks
/// and skips rows another instance is claiming at that moment; the outer condition is
/// checked again on the latest row version, so a row is never claimed twice. SQLite runs
/// one writer at a time, so the statement alone is enough there.
#[async_trait]
impl ScheduleRepository for SeaOrmScheduleRepository {
    /// One query; the `(contributor_id, due_date)` index of the first migration serves the
    /// filter and the order.
    async fn list_for_contributor(
        &self,
        contributor: &UserId,
    ) -> Result<Vec<Schedule>, StoreError> {
        let rows = schedules::Entity::find()
            .filter(schedules::Column::ContributorId.eq(contributor.as_str()))
            .order_by_asc(schedules::Column::DueDate)
            .order_by_asc(schedules::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        Ok(rows.into_iter().map(to_domain).collect())
    }

    async fn find(&self, id: ScheduleId) -> Result<Option<Schedule>, StoreError> {
        let row = schedules::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(store_err)?;
        Ok(row.map(to_domain))
    }

    async fn create(&self, new: NewSchedule) -> Result<Schedule, StoreError> {
        let model = schedules::ActiveModel {
            contributor_id: Set(new.contributor_id.as_str().to_owned()),
            due_date: Set(new.due_date),
            title: Set(new.title.into_inner()),
            description: Set(new.description.map(ScheduleDescription::into_inner)),
            is_completed: Set(false),
            reminder_sent: Set(false),
            created_at: Set(self.db.now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        Ok(to_domain(model))
    }

    async fn set_completed(
        &self,
        id: ScheduleId,
        completed: bool,
    ) -> Result<Option<Schedule>, StoreError> {
        let done = schedules::Entity::update_many()
            .col_expr(schedules::Column::IsCompleted, completed.into())
            .filter(schedules::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        if done.rows_affected == 0 {
            return Ok(None);
        }
        self.find(id).await
    }

    async fn delete(&self, id: ScheduleId) -> Result<bool, StoreError> {
        let done = schedules::Entity::delete_by_id(id.0)
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected > 0)
    }

    async fn claim_due_reminders(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Schedule>, StoreError> {
        use schedules::Column as C;
        let statement = Claim {
            entity: schedules::Entity,
            id: C::Id,
            due: Condition::all()
                .add(C::IsCompleted.eq(false))
                .add(C::ReminderSent.eq(false))
                .add(C::DueDate.gte(from))
                .add(C::DueDate.lte(until)),
            order: vec![C::DueDate, C::Id],
            limit: u64::from(limit),
            changes: vec![(C::ReminderSent, Expr::val(true))],
        }
        .statement(self.db.get_database_backend());
        let mut rows = schedules::Entity::find()
            .from_raw_sql(statement)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        // RETURNING gives no order; callers mail earliest due first.
        rows.sort_by(|a, b| a.due_date.cmp(&b.due_date).then(a.id.cmp(&b.id)));
        Ok(rows.into_iter().map(to_domain).collect())
    }

    async fn release_reminder(&self, id: ScheduleId) -> Result<(), StoreError> {
        schedules::Entity::update_many()
            .col_expr(schedules::Column::ReminderSent, false.into())
            .filter(schedules::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
