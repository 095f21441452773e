//! Schedule rules on the in-memory fakes: who keeps which schedule, validation, statuses.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, SecondsFormat};
use futures_executor::block_on;

use super::*;
use crate::schedule::ScheduleStatus;
use crate::testing::{ScheduleFakes, new_user, t0};
use crate::user::{Role, User, UserRepository};

struct World {
    fakes: ScheduleFakes,
    service: ScheduleService,
}

fn world() -> World {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    World { fakes, service }
}

impl World {
    fn user(&self, email: &str, role: Role, approved: bool) -> User {
        block_on(self.fakes.users.create(new_user(email, role, approved))).unwrap()
    }

    fn caller(&self, email: &str, role: Role, approved: bool) -> Caller {
        Caller::User(self.user(email, role, approved))
    }

    /// A stored item of `caller` due `due_in` after [`t0`].
    fn item(&self, caller: &Caller, title: &str, due_in: Duration) -> Schedule {
        block_on(self.service.create(caller, form(title, due_in)))
            .unwrap()
            .schedule
    }
}

/// A form for the caller's own schedule, due `due_in` after [`t0`].
fn form(title: &str, due_in: Duration) -> ScheduleForm {
    ScheduleForm {
        title: title.into(),
        description: None,
        due_date: Some((t0() + due_in).to_rfc3339_opts(SecondsFormat::Secs, true)),
        contributor_id: None,
    }
}

fn titles(list: &[ScheduleWithStatus]) -> Vec<&str> {
    list.iter().map(|s| s.schedule.title.as_str()).collect()
}

#[test]
fn a_contributor_creates_an_item_trimmed_and_not_completed() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let mut f = form("  Write the Easter testimony  ", Duration::days(3));
    f.description = Some("  First draft  ".into());
    let created = block_on(w.service.create(&ruth, f)).unwrap();
    let item = created.schedule;
    assert_eq!(item.title, "Write the Easter testimony");
    assert_eq!(item.description.as_deref(), Some("First draft"));
    assert_eq!(Some(&item.contributor_id), ruth.user_id());
    assert_eq!(item.due_date, t0() + Duration::days(3));
    assert!(!item.is_completed && !item.reminder_sent);
    assert_eq!(created.status, ScheduleStatus::Upcoming);
    assert_eq!(w.fakes.schedules.all(), [item]);
}

#[test]
fn a_blank_description_is_stored_as_none() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::Member, true);
    let mut f = form("Pray", Duration::days(1));
    f.description = Some(" \n ".into());
    let created = block_on(w.service.create(&ruth, f)).unwrap();
    assert_eq!(created.schedule.description, None);
}

#[test]
fn every_refused_field_is_listed_and_nothing_is_stored() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let bad = ScheduleForm {
        title: " ".into(),
        description: Some("d".repeat(2_001)),
        due_date: None,
        contributor_id: None,
    };
    let refused = block_on(w.service.create(&ruth, bad)).unwrap_err();
    let CreateScheduleError::Invalid(errors) = refused else {
        panic!("{refused:?}");
    };
    let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
    assert_eq!(fields, ["title", "description", "dueDate"]);
    assert_eq!(
        errors.to_string(),
        "Title is required; Description must be at most 2,000 characters; Due date is required"
    );
    assert!(w.fakes.schedules.all().is_empty());
}

#[test]
fn a_title_longer_than_255_chars_or_a_due_date_that_is_no_timestamp_is_refused() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let long = form(&"t".repeat(256), Duration::days(1));
    assert!(matches!(
        block_on(w.service.create(&ruth, long)),
        Err(CreateScheduleError::Invalid(e)) if e.as_slice()[0].field == "title"
    ));
    let mut no_date = form("Pray", Duration::days(1));
    no_date.due_date = Some("next Sunday".into());
    assert!(matches!(
        block_on(w.service.create(&ruth, no_date)),
        Err(CreateScheduleError::Invalid(e)) if e.as_slice()[0].field == "dueDate"
    ));
}

#[test]
fn a_visitor_must_sign_in_and_a_pending_member_waits_for_approval() {
    let w = world();
    let pending = w.caller("new@example.org", Role::Member, false);
    let f = form("Pray", Duration::days(1));
    assert!(matches!(
        block_on(w.service.create(&Caller::Visitor, f.clone())),
        Err(CreateScheduleError::Refused(Refusal::NotSignedIn))
    ));
    assert!(matches!(
        block_on(w.service.create(&pending, f)),
        Err(CreateScheduleError::Refused(Refusal::PendingApproval))
    ));
    assert!(matches!(
        block_on(w.service.list(&Caller::Visitor, None)),
        Err(ListSchedulesError::Refused(Refusal::NotSignedIn))
    ));
    assert!(matches!(
        block_on(w.service.list(&pending, None)),
        Err(ListSchedulesError::Refused(Refusal::PendingApproval))
    ));
}

#[test]
fn an_admin_keeps_a_schedule_even_without_the_approval_flag() {
    let w = world();
    let admin = w.caller("admin@example.org", Role::Admin, false);
    w.item(&admin, "Review the testimonies", Duration::days(2));
    let list = block_on(w.service.list(&admin, None)).unwrap();
    assert_eq!(titles(&list), ["Review the testimonies"]);
}

#[test]
fn the_list_holds_only_the_callers_items_earliest_due_first_with_their_status() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let mary = w.caller("mary@example.org", Role::RegularContributor, true);
    w.item(&ruth, "Later", Duration::days(10));
    w.item(&mary, "Not mine", Duration::days(1));
    w.item(&ruth, "Soon", Duration::hours(5));
    let late = w.item(&ruth, "Late", Duration::hours(-1));
    let done = w.item(&ruth, "Done", Duration::days(4));
    block_on(w.service.set_completed(&ruth, done.id, true)).unwrap();
    let list = block_on(w.service.list(&ruth, None)).unwrap();
    assert_eq!(titles(&list), ["Late", "Soon", "Done", "Later"]);
    let statuses: Vec<_> = list.iter().map(|s| s.status).collect();
    assert_eq!(
        statuses,
        [
            ScheduleStatus::Overdue,
            ScheduleStatus::DueSoon,
            ScheduleStatus::Completed,
            ScheduleStatus::Upcoming
        ]
    );
    assert_eq!(list[0].schedule.id, late.id);
}

#[test]
fn the_status_follows_the_clock() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    w.item(&ruth, "Sermon notes", Duration::days(3));
    let status = || block_on(w.service.list(&ruth, None)).unwrap()[0].status;
    assert_eq!(status(), ScheduleStatus::Upcoming);
    w.fakes.clock.advance(Duration::days(2));
    assert_eq!(status(), ScheduleStatus::DueSoon);
    w.fakes.clock.advance(Duration::days(2));
    assert_eq!(status(), ScheduleStatus::Overdue);
}

#[test]
fn a_contributor_completes_and_reopens_their_own_item() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let item = w.item(&ruth, "Pray", Duration::hours(-3));
    let done = block_on(w.service.set_completed(&ruth, item.id, true)).unwrap();
    assert!(done.schedule.is_completed);
    assert_eq!(done.status, ScheduleStatus::Completed);
    let reopened = block_on(w.service.set_completed(&ruth, item.id, false)).unwrap();
    assert!(!reopened.schedule.is_completed);
    assert_eq!(reopened.status, ScheduleStatus::Overdue);
}

#[test]
fn a_contributor_deletes_their_own_item() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let item = w.item(&ruth, "Pray", Duration::days(1));
    block_on(w.service.delete(&ruth, item.id)).unwrap();
    assert!(w.fakes.schedules.all().is_empty());
}

#[test]
fn someone_elses_item_is_forbidden_and_stays_unchanged() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    let item = w.item(&ruth, "Pray", Duration::days(1));
    for (email, role) in [
        ("mary@example.org", Role::PrimaryContributor),
        ("admin@example.org", Role::Admin),
        ("sub@example.org", Role::SubAdmin),
    ] {
        let other = w.caller(email, role, true);
        assert!(
            matches!(
                block_on(w.service.set_completed(&other, item.id, true)),
                Err(ChangeScheduleError::Refused(Refusal::Forbidden))
            ),
            "{role:?}"
        );
        assert!(matches!(
            block_on(w.service.delete(&other, item.id)),
            Err(ChangeScheduleError::Refused(Refusal::Forbidden))
        ));
        assert!(matches!(
            block_on(w.service.list(&other, Some(ruth.user_id().unwrap()))),
            Err(ListSchedulesError::Refused(Refusal::Forbidden))
        ));
    }
    assert_eq!(w.fakes.schedules.all(), [item]);
}

#[test]
fn a_missing_item_is_not_found() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    assert!(matches!(
        block_on(w.service.set_completed(&ruth, ScheduleId(99), true)),
        Err(ChangeScheduleError::NotFound)
    ));
    assert!(matches!(
        block_on(w.service.delete(&ruth, ScheduleId(99))),
        Err(ChangeScheduleError::NotFound)
    ));
}

#[test]
fn a_visitor_asking_about_an_item_must_sign_in_first() {
    let w = world();
    assert!(matches!(
        block_on(w.service.delete(&Caller::Visitor, ScheduleId(99))),
        Err(ChangeScheduleError::Refused(Refusal::NotSignedIn))
    ));
}

#[test]
fn a_super_admin_schedules_for_an_approved_user_and_keeps_that_schedule() {
    let w = world();
    let boss = w.caller("boss@example.org", Role::SuperAdmin, true);
    let ruth = w.user("ruth@example.org", Role::RegularContributor, true);
    let mut f = form("Record the worship video", Duration::days(5));
    f.contributor_id = Some(format!(" {} ", ruth.id));
    let created = block_on(w.service.create(&boss, f)).unwrap();
    assert_eq!(created.schedule.contributor_id, ruth.id);
    let theirs = block_on(w.service.list(&boss, Some(&ruth.id))).unwrap();
    assert_eq!(titles(&theirs), ["Record the worship video"]);
    assert!(block_on(w.service.list(&boss, None)).unwrap().is_empty());
    let ruth_caller = Caller::User(ruth);
    assert_eq!(
        titles(&block_on(w.service.list(&ruth_caller, None)).unwrap()),
        ["Record the worship video"]
    );
    block_on(w.service.set_completed(&boss, created.schedule.id, true)).unwrap();
    block_on(w.service.delete(&boss, created.schedule.id)).unwrap();
    assert!(w.fakes.schedules.all().is_empty());
}

#[test]
fn a_super_admin_cannot_schedule_for_an_unknown_or_unapproved_user() {
    let w = world();
    let boss = w.caller("boss@example.org", Role::SuperAdmin, true);
    let pending = w.user("new@example.org", Role::Member, false);
    for (id, message) in [
        (
            "00000000-0000-4000-8000-999999999999".to_owned(),
            UNKNOWN_CONTRIBUTOR,
        ),
        (pending.id.to_string(), UNAPPROVED_CONTRIBUTOR),
    ] {
        let mut f = form("Pray", Duration::days(1));
        f.contributor_id = Some(id);
        let refused = block_on(w.service.create(&boss, f)).unwrap_err();
        let CreateScheduleError::Invalid(errors) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!(errors.as_slice()[0].field, "contributorId");
        assert_eq!(errors.as_slice()[0].message, message);
    }
    assert!(w.fakes.schedules.all().is_empty());
}

#[test]
fn only_a_super_admin_may_schedule_for_someone_else() {
    let w = world();
    let ruth = w.user("ruth@example.org", Role::RegularContributor, true);
    for (email, role) in [
        ("mary@example.org", Role::PrimaryContributor),
        ("sub@example.org", Role::SubAdmin),
    ] {
        let other = w.caller(email, role, true);
        let mut f = form("Pray", Duration::days(1));
        f.contributor_id = Some(ruth.id.to_string());
        assert!(matches!(
            block_on(w.service.create(&other, f)),
            Err(CreateScheduleError::Refused(Refusal::Forbidden))
        ));
    }
    assert!(w.fakes.schedules.all().is_empty());
}

#[test]
fn naming_oneself_or_nobody_as_contributor_is_ones_own_schedule() {
    let w = world();
    let ruth = w.caller("ruth@example.org", Role::RegularContributor, true);
    for id in [Some(ruth.user_id().unwrap().to_string()), Some("  ".into())] {
        let mut f = form("Pray", Duration::days(1));
        f.contributor_id = id;
        let created = block_on(w.service.create(&ruth, f)).unwrap();
        assert_eq!(&created.schedule.contributor_id, ruth.user_id().unwrap());
    }
}
