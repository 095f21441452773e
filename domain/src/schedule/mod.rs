//! A contributor's schedule of tasks, with the status computed from the due date.

use chrono::{DateTime, Duration, Utc};

use crate::user::UserId;
use crate::validation::{ScheduleDescription, ScheduleTitle};

pub mod ports;
pub mod reminders;
pub mod service;

pub use ports::ScheduleRepository;
pub use service::{
    ChangeScheduleError, CreateScheduleError, ListSchedulesError, ScheduleForm, SchedulePorts,
    ScheduleService, ScheduleWithStatus,
};

/// Items due within this window and not completed are "due soon" and get one reminder.
pub const DUE_SOON_WINDOW_HOURS: i64 = 48;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScheduleId(pub i64);

#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    pub id: ScheduleId,
    pub contributor_id: UserId,
    pub due_date: DateTime<Utc>,
    pub title: String,
    pub description: Option<String>,
    pub is_completed: bool,
    pub reminder_sent: bool,
    pub created_at: DateTime<Utc>,
}

/// A validated schedule item to store (not completed, no reminder sent yet).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSchedule {
    pub contributor_id: UserId,
    pub due_date: DateTime<Utc>,
    pub title: ScheduleTitle,
    pub description: Option<ScheduleDescription>,
}

/// Status of a schedule item at a given instant (docs/product.md#lifecycles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleStatus {
    Completed,
    Overdue,
    DueSoon,
    Upcoming,
}

impl Schedule {
    /// Completed if done; overdue once the due date passed; due soon within 48 hours;
    /// otherwise upcoming.
    pub fn status_at(&self, now: DateTime<Utc>) -> ScheduleStatus {
        if self.is_completed {
            ScheduleStatus::Completed
        } else if self.due_date < now {
            ScheduleStatus::Overdue
        } else if self.due_date <= now + Duration::hours(DUE_SOON_WINDOW_HOURS) {
            ScheduleStatus::DueSoon
        } else {
            ScheduleStatus::Upcoming
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2024, 3, 5, 12, 0, 0)
            .single()
            .unwrap_or_default()
    }

    fn item(due_in: Duration, is_completed: bool) -> Schedule {
        Schedule {
            id: ScheduleId(1),
            contributor_id: UserId::new("00000000-0000-4000-8000-000000000001"),
            due_date: now() + due_in,
            title: "Write the Easter testimony".to_owned(),
            description: None,
            is_completed,
            reminder_sent: false,
            created_at: now() - Duration::days(7),
        }
    }

    #[test]
    fn a_completed_item_is_completed_even_when_past_due() {
        assert_eq!(
            item(Duration::days(-3), true).status_at(now()),
            ScheduleStatus::Completed
        );
        assert_eq!(
            item(Duration::days(30), true).status_at(now()),
            ScheduleStatus::Completed
        );
    }

    #[test]
    fn an_unfinished_item_past_its_due_date_is_overdue() {
        assert_eq!(
            item(Duration::seconds(-1), false).status_at(now()),
            ScheduleStatus::Overdue
        );
    }

    #[test]
    fn an_item_due_right_now_is_due_soon_not_overdue() {
        assert_eq!(
            item(Duration::zero(), false).status_at(now()),
            ScheduleStatus::DueSoon
        );
    }

    #[test]
    fn an_item_due_in_47_hours_is_due_soon() {
        assert_eq!(
            item(Duration::hours(47), false).status_at(now()),
            ScheduleStatus::DueSoon
        );
    }

    #[test]
    fn an_item_due_in_exactly_48_hours_is_still_due_soon() {
        assert_eq!(
            item(Duration::hours(48), false).status_at(now()),
            ScheduleStatus::DueSoon
        );
    }

    #[test]
    fn an_item_due_just_after_48_hours_is_upcoming() {
        let just_after = Duration::hours(48) + Duration::seconds(1);
        assert_eq!(
            item(just_after, false).status_at(now()),
            ScheduleStatus::Upcoming
        );
        assert_eq!(
            item(Duration::days(10), false).status_at(now()),
            ScheduleStatus::Upcoming
        );
    }
}
