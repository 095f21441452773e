//! In-memory schedule items.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

use super::{FixedClock, InMemoryUserRepository, RecordingMailer, lock, tick};
use crate::StoreError;
use crate::mail::SiteIdentity;
use crate::schedule::{
    NewSchedule, Schedule, ScheduleId, SchedulePorts, ScheduleRepository, ScheduleService,
};
use crate::user::UserId;
use crate::validation::ScheduleDescription;

/// Schedule items in memory; claims run under one lock, so they are atomic as the real
/// adapter's single statement is.
#[derive(Debug, Default)]
pub struct InMemoryScheduleRepository {
    rows: Mutex<Vec<Schedule>>,
}

impl InMemoryScheduleRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every item, in creation order.
    pub fn all(&self) -> Vec<Schedule> {
        lock(&self.rows).clone()
    }
}

fn by_due_date(items: &mut [Schedule]) {
    items.sort_by(|a, b| a.due_date.cmp(&b.due_date).then(a.id.cmp(&b.id)));
}

#[async_trait]
impl ScheduleRepository for InMemoryScheduleRepository {
    async fn list_for_contributor(
        &self,
        contributor: &UserId,
    ) -> Result<Vec<Schedule>, StoreError> {
        let mut items: Vec<Schedule> = lock(&self.rows)
            .iter()
            .filter(|s| &s.contributor_id == contributor)
            .cloned()
            .collect();
        by_due_date(&mut items);
        Ok(items)
    }

    async fn find(&self, id: ScheduleId) -> Result<Option<Schedule>, StoreError> {
        Ok(lock(&self.rows).iter().find(|s| s.id == id).cloned())
    }

    async fn create(&self, new: NewSchedule) -> Result<Schedule, StoreError> {
        let mut rows = lock(&self.rows);
        let id = rows.iter().map(|s| s.id.0).max().unwrap_or(0) + 1;
        let item = Schedule {
            id: ScheduleId(id),
            contributor_id: new.contributor_id,
            due_date: new.due_date,
            title: new.title.into_inner(),
            description: new.description.map(ScheduleDescription::into_inner),
            is_completed: false,
            reminder_sent: false,
            created_at: tick(id.unsigned_abs()),
        };
        rows.push(item.clone());
        Ok(item)
    }

    async fn set_completed(
        &self,
        id: ScheduleId,
        completed: bool,
    ) -> Result<Option<Schedule>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows.iter_mut().find(|s| s.id == id).map(|s| {
            s.is_completed = completed;
            s.clone()
        }))
    }

    async fn delete(&self, id: ScheduleId) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|s| s.id != id);
        Ok(rows.len() < before)
    }

    async fn claim_due_reminders(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Schedule>, StoreError> {
        let mut rows = lock(&self.rows);
        let mut due: Vec<Schedule> = rows
            .iter()
            .filter(|s| !s.is_completed && !s.reminder_sent)
            .filter(|s| s.due_date >= from && s.due_date <= until)
            .cloned()
            .collect();
        by_due_date(&mut due);
        due.truncate(limit as usize);
        for claimed in &mut due {
            claimed.reminder_sent = true;
            if let Some(row) = rows.iter_mut().find(|s| s.id == claimed.id) {
                row.reminder_sent = true;
            }
        }
        Ok(due)
    }

    async fn release_reminder(&self, id: ScheduleId) -> Result<(), StoreError> {
        if let Some(row) = lock(&self.rows).iter_mut().find(|s| s.id == id) {
            row.reminder_sent = false;
        }
        Ok(())
    }
}

/// The fakes behind a [`ScheduleService`], kept so a test can look inside; the clock
/// starts at [`super::t0`] and the site is "Grace Stories" at `https://grace.example`.
#[derive(Default)]
pub struct ScheduleFakes {
    pub schedules: Arc<InMemoryScheduleRepository>,
    pub users: Arc<InMemoryUserRepository>,
    pub mailer: Arc<RecordingMailer>,
    pub clock: Arc<FixedClock>,
}

impl ScheduleFakes {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn service(&self) -> ScheduleService {
        ScheduleService::new(SchedulePorts {
            schedules: self.schedules.clone(),
            users: self.users.clone(),
            mailer: self.mailer.clone(),
            clock: self.clock.clone(),
            site: SiteIdentity {
                name: "Grace Stories".to_owned(),
                public_url: "https://grace.example".to_owned(),
            },
        })
    }
}
