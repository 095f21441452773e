//! Reminder rules on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::StoreError;
use crate::schedule::{NewSchedule, ScheduleRepository};
use crate::testing::{ScheduleFakes, new_user, t0};
use crate::user::{Role, UserRepository};
use crate::validation::{ScheduleDescription, ScheduleTitle};

/// An item of `owner` due `due_in` after [`t0`], stored directly.
fn item(fakes: &ScheduleFakes, owner: &User, title: &str, due_in: Duration) -> Schedule {
    block_on(fakes.schedules.create(NewSchedule {
        contributor_id: owner.id.clone(),
        due_date: t0() + due_in,
        title: ScheduleTitle::parse(title).unwrap(),
        description: ScheduleDescription::parse(Some(&format!("Notes for {title}"))).unwrap(),
    }))
    .unwrap()
}

fn ruth(fakes: &ScheduleFakes) -> User {
    block_on(
        fakes
            .users
            .create(new_user("ruth@example.org", Role::RegularContributor, true)),
    )
    .unwrap()
}

fn reminded(fakes: &ScheduleFakes) -> Vec<String> {
    let mut titles: Vec<String> = fakes
        .schedules
        .all()
        .into_iter()
        .filter(|s| s.reminder_sent)
        .map(|s| s.title)
        .collect();
    titles.sort();
    titles
}

#[test]
fn an_item_due_within_48_hours_gets_one_reminder_mail() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(
        &fakes,
        &ruth,
        "Write the Easter testimony",
        Duration::hours(30),
    );
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 1);
    let sent = fakes.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "ruth@example.org");
    assert_eq!(
        sent[0].subject,
        "Reminder: \"Write the Easter testimony\" is due Mar 6, 2024 at 18:00 UTC"
    );
    assert!(
        sent[0].body.starts_with("Hello ruth Tester,"),
        "{}",
        sent[0].body
    );
    assert!(sent[0].body.contains("Grace Stories schedule"));
    assert!(sent[0].body.contains("Due: Mar 6, 2024 at 18:00 UTC"));
    assert!(
        sent[0]
            .body
            .contains("Notes for Write the Easter testimony")
    );
    assert!(
        sent[0]
            .body
            .contains("https://grace.example/contributor-dashboard")
    );
    assert_eq!(reminded(&fakes), ["Write the Easter testimony"]);
}

#[test]
fn a_second_round_sends_no_second_reminder() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(&fakes, &ruth, "Pray", Duration::hours(1));
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 1);
    let later = t0() + Duration::minutes(30);
    assert_eq!(block_on(service.send_due_reminders(later)).unwrap(), 0);
    assert_eq!(fakes.mailer.sent().len(), 1);
}

#[test]
fn only_unfinished_items_inside_the_window_are_reminded() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(&fakes, &ruth, "Overdue", Duration::seconds(-1));
    item(&fakes, &ruth, "Now", Duration::zero());
    item(&fakes, &ruth, "Edge", Duration::hours(48));
    item(
        &fakes,
        &ruth,
        "Too far",
        Duration::hours(48) + Duration::seconds(1),
    );
    let done = item(&fakes, &ruth, "Done", Duration::hours(2));
    block_on(fakes.schedules.set_completed(done.id, true)).unwrap();
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 2);
    assert_eq!(reminded(&fakes), ["Edge", "Now"]);
}

#[test]
fn an_item_entering_the_window_later_is_reminded_then() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(&fakes, &ruth, "Sermon", Duration::days(3));
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 0);
    let a_day_later = t0() + Duration::days(1);
    assert_eq!(
        block_on(service.send_due_reminders(a_day_later)).unwrap(),
        1
    );
}

#[test]
fn more_items_than_one_batch_are_all_reminded_in_one_round() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    let count = REMINDER_BATCH as usize * 2 + 3;
    for i in 0..count {
        item(
            &fakes,
            &ruth,
            &format!("Task {i}"),
            Duration::minutes(i as i64 + 1),
        );
    }
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), count);
    assert_eq!(fakes.mailer.sent().len(), count);
    assert!(fakes.schedules.all().iter().all(|s| s.reminder_sent));
}

#[test]
fn a_reminder_the_mailer_refuses_is_given_back_for_the_next_round() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(&fakes, &ruth, "First", Duration::hours(1));
    item(&fakes, &ruth, "Second", Duration::hours(2));
    fakes.mailer.set_failing(true);
    assert!(matches!(
        block_on(service.send_due_reminders(t0())),
        Err(StoreError::Unavailable(_))
    ));
    assert!(reminded(&fakes).is_empty());
    fakes.mailer.set_failing(false);
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 2);
    assert_eq!(reminded(&fakes), ["First", "Second"]);
}

#[test]
fn an_item_whose_contributor_is_gone_is_marked_without_mail() {
    let fakes = ScheduleFakes::new();
    let service = fakes.service();
    let ruth = ruth(&fakes);
    item(&fakes, &ruth, "Orphan", Duration::hours(1));
    block_on(fakes.users.delete(&ruth.id)).unwrap();
    assert_eq!(block_on(service.send_due_reminders(t0())).unwrap(), 0);
    assert!(fakes.mailer.sent().is_empty());
    assert_eq!(reminded(&fakes), ["Orphan"]);
}
