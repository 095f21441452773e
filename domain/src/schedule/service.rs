//! Schedule use cases: a contributor lists, creates, completes and deletes their own
//! items; a super admin may keep the schedule of any approved user.

use std::sync::Arc;

use super::{NewSchedule, Schedule, ScheduleId, ScheduleRepository, ScheduleStatus};
use crate::StoreError;
use crate::clock::Clock;
use crate::mail::Mailer;
use crate::mail::SiteIdentity;
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::{UserId, UserRepository};
use crate::validation::{DueDate, FieldErrors, ScheduleDescription, ScheduleTitle};

/// The answer to a `contributorId` that names no account.
pub const UNKNOWN_CONTRIBUTOR: &str = "No user with this id";
/// The answer to a `contributorId` of an account still waiting for approval.
pub const UNAPPROVED_CONTRIBUTOR: &str = "This user is not approved yet";

/// A schedule form as submitted (untrimmed, unvalidated).
#[derive(Debug, Clone, Default)]
pub struct ScheduleForm {
    pub title: String,
    pub description: Option<String>,
    /// RFC 3339, for example `2024-03-05T17:00:00Z`.
    pub due_date: Option<String>,
    /// Whose schedule: missing or blank for the caller's own; someone else's id only for
    /// a caller who manages users.
    pub contributor_id: Option<String>,
}

/// An item with its status at the moment it was read.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleWithStatus {
    pub schedule: Schedule,
    pub status: ScheduleStatus,
}

#[derive(Debug, thiserror::Error)]
pub enum ListSchedulesError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum CreateScheduleError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// One or more fields are refused; the list names each.
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why completing or deleting an item failed.
#[derive(Debug, thiserror::Error)]
pub enum ChangeScheduleError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Schedule item not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What schedules and their reminders need.
#[derive(Clone)]
pub struct SchedulePorts {
    pub schedules: Arc<dyn ScheduleRepository>,
    pub users: Arc<dyn UserRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    /// How reminders name the site and link to it.
    pub site: SiteIdentity,
}

/// Schedule use cases on top of the ports; reminders are in `reminders.rs`.
#[derive(Clone)]
pub struct ScheduleService {
    pub(super) p: SchedulePorts,
}

impl ScheduleService {
    pub fn new(ports: SchedulePorts) -> Self {
        Self { p: ports }
    }

    /// The caller's items (or, for a caller who manages users, those of `contributor`),
    /// earliest due first, each with its status now.
    ///
    /// # Errors
    /// Refusal unless the caller keeps a schedule; [`Refusal::Forbidden`] for someone
    /// else's list unless the caller manages users.
    pub async fn list(
        &self,
        caller: &Caller,
        contributor: Option<&UserId>,
    ) -> Result<Vec<ScheduleWithStatus>, ListSchedulesError> {
        let me = caller.require(Ability::ManageOwnSchedule)?;
        let whose = match contributor {
            Some(other) if other != &me.id => {
                caller.require(Ability::ManageUsers)?;
                other
            }
            _ => &me.id,
        };
        let items = self.p.schedules.list_for_contributor(whose).await?;
        Ok(items.into_iter().map(|s| self.with_status(s)).collect())
    }

    /// Adds an item to the caller's schedule, or (for a caller who manages users) to the
    /// schedule of any approved user.
    ///
    /// # Errors
    /// Refusal unless the caller keeps a schedule, [`Refusal::Forbidden`] for another
    /// contributor unless the caller manages users; [`CreateScheduleError::Invalid`] for
    /// refused fields, an unknown or unapproved contributor.
    pub async fn create(
        &self,
        caller: &Caller,
        form: ScheduleForm,
    ) -> Result<ScheduleWithStatus, CreateScheduleError> {
        let me = caller.require(Ability::ManageOwnSchedule)?;
        let other = form
            .contributor_id
            .as_deref()
            .map(str::trim)
            .filter(|id| !id.is_empty() && *id != me.id.as_str())
            .map(UserId::new);
        if other.is_some() {
            caller.require(Ability::ManageUsers)?;
        }
        let mut errors = FieldErrors::new();
        let title = errors.check("title", ScheduleTitle::parse(&form.title));
        let description = errors.check(
            "description",
            ScheduleDescription::parse(form.description.as_deref()),
        );
        let due = errors.check("dueDate", DueDate::parse(form.due_date.as_deref()));
        let contributor = match other {
            None => Some(me.id.clone()),
            Some(id) => errors.check("contributorId", self.approved_user(&id).await?),
        };
        let (Some(title), Some(description), Some(due), Some(contributor)) =
            (title, description, due, contributor)
        else {
            return Err(CreateScheduleError::Invalid(errors));
        };
        let stored = self
            .p
            .schedules
            .create(NewSchedule {
                contributor_id: contributor,
                due_date: due.into_inner(),
                title,
                description,
            })
            .await?;
        Ok(self.with_status(stored))
    }

    /// Marks one of the caller's items completed, or not completed again.
    ///
    /// # Errors
    /// Refusal unless the caller keeps a schedule, [`Refusal::Forbidden`] for someone
    /// else's item unless the caller manages users; [`ChangeScheduleError::NotFound`].
    pub async fn set_completed(
        &self,
        caller: &Caller,
        id: ScheduleId,
        completed: bool,
    ) -> Result<ScheduleWithStatus, ChangeScheduleError> {
        self.owned(caller, id).await?;
        let changed = self
            .p
            .schedules
            .set_completed(id, completed)
            .await?
            .ok_or(ChangeScheduleError::NotFound)?;
        Ok(self.with_status(changed))
    }

    /// Deletes one of the caller's items.
    ///
    /// # Errors
    /// As [`ScheduleService::set_completed`].
    pub async fn delete(&self, caller: &Caller, id: ScheduleId) -> Result<(), ChangeScheduleError> {
        self.owned(caller, id).await?;
        if self.p.schedules.delete(id).await? {
            Ok(())
        } else {
            Err(ChangeScheduleError::NotFound)
        }
    }

    /// The item, if the caller may change it: their own, or anyone's for a caller who
    /// manages users.
    async fn owned(
        &self,
        caller: &Caller,
        id: ScheduleId,
    ) -> Result<Schedule, ChangeScheduleError> {
        let me = caller.require(Ability::ManageOwnSchedule)?;
        let item = self
            .p
            .schedules
            .find(id)
            .await?
            .ok_or(ChangeScheduleError::NotFound)?;
        if item.contributor_id != me.id {
            caller.require(Ability::ManageUsers)?;
        }
        Ok(item)
    }

    /// The account with this id if it exists and counts as approved, else why not.
    async fn approved_user(&self, id: &UserId) -> Result<Result<UserId, &'static str>, StoreError> {
        Ok(match self.p.users.find(id).await? {
            None => Err(UNKNOWN_CONTRIBUTOR),
            Some(user) if user.counts_as_approved() => Ok(user.id),
            Some(_) => Err(UNAPPROVED_CONTRIBUTOR),
        })
    }

    fn with_status(&self, schedule: Schedule) -> ScheduleWithStatus {
        let status = schedule.status_at(self.p.clock.now());
        ScheduleWithStatus { schedule, status }
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
