//! When digests are due, across weeks, months and daylight-saving changes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, TimeZone, Utc};

use super::cadence::{DigestSchedule, InvalidSchedule};
use super::{Frequency, Subscription, SubscriptionConsent, SubscriptionStatus};

fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().unwrap()
}

fn schedule(zone: &str, weekday: &str, hour: &str) -> DigestSchedule {
    DigestSchedule::parse(zone, weekday, hour).unwrap()
}

#[test]
fn the_default_is_sunday_at_six_in_utc() {
    let s = DigestSchedule::default();
    assert_eq!(s, schedule("UTC", "Sunday", "6"));
    assert_eq!(s.zone_name(), "UTC");
}

#[test]
fn weekly_slots_are_the_latest_weekday_and_hour_at_or_before_now() {
    let sunday_six = schedule("UTC", "Sunday", "6");
    // 2024-03-03 is a Sunday.
    let cases = [
        (utc(2024, 3, 3, 6, 0), utc(2024, 3, 3, 6, 0)),
        (utc(2024, 3, 3, 5, 59), utc(2024, 2, 25, 6, 0)),
        (utc(2024, 3, 5, 12, 0), utc(2024, 3, 3, 6, 0)),
        (utc(2024, 3, 9, 23, 59), utc(2024, 3, 3, 6, 0)),
        (utc(2024, 3, 10, 6, 1), utc(2024, 3, 10, 6, 0)),
        // Across a year.
        (utc(2025, 1, 2, 0, 0), utc(2024, 12, 29, 6, 0)),
    ];
    for (now, expected) in cases {
        assert_eq!(
            sunday_six.last_slot(Frequency::Weekly, now),
            Some(expected),
            "at {now}"
        );
    }
    let wednesday_midnight = schedule("UTC", "wed", "0");
    assert_eq!(
        wednesday_midnight.last_slot(Frequency::Weekly, utc(2024, 3, 5, 12, 0)),
        Some(utc(2024, 2, 28, 0, 0))
    );
}

#[test]
fn monthly_slots_are_the_first_weekday_of_the_month() {
    let s = schedule("UTC", "Sunday", "6");
    let cases = [
        // The first Sunday of March 2024 is the 3rd.
        (utc(2024, 3, 3, 6, 0), utc(2024, 3, 3, 6, 0)),
        (utc(2024, 3, 31, 23, 0), utc(2024, 3, 3, 6, 0)),
        // Before it, February's first Sunday (the 4th) is the latest.
        (utc(2024, 3, 3, 5, 0), utc(2024, 2, 4, 6, 0)),
        (utc(2024, 3, 1, 0, 0), utc(2024, 2, 4, 6, 0)),
        // January looks back to December (its first Sunday, the 3rd of 2023).
        (utc(2024, 1, 2, 0, 0), utc(2023, 12, 3, 6, 0)),
        // A month starting on the weekday itself: September 2024 starts on a Sunday.
        (utc(2024, 9, 1, 7, 0), utc(2024, 9, 1, 6, 0)),
    ];
    for (now, expected) in cases {
        assert_eq!(
            s.last_slot(Frequency::Monthly, now),
            Some(expected),
            "at {now}"
        );
    }
    assert_eq!(s.last_slot(Frequency::Each, utc(2024, 3, 3, 6, 0)), None);
}

#[test]
fn the_hour_is_local_to_the_site_and_follows_daylight_saving() {
    let new_york = schedule("America/New_York", "Sunday", "6");
    // Winter: 06:00 EST is 11:00 UTC; summer: 06:00 EDT is 10:00 UTC.
    assert_eq!(
        new_york.last_slot(Frequency::Weekly, utc(2024, 1, 8, 0, 0)),
        Some(utc(2024, 1, 7, 11, 0))
    );
    assert_eq!(
        new_york.last_slot(Frequency::Weekly, utc(2024, 7, 8, 0, 0)),
        Some(utc(2024, 7, 7, 10, 0))
    );
    // Late on Sunday in UTC is still Sunday evening in New York: that day's slot counts.
    assert_eq!(
        new_york.last_slot(Frequency::Weekly, utc(2024, 7, 8, 2, 0)),
        Some(utc(2024, 7, 7, 10, 0))
    );
    // East of UTC, Sunday 06:00 in Auckland is Saturday evening in UTC.
    let auckland = schedule("Pacific/Auckland", "Sunday", "6");
    assert_eq!(
        auckland.last_slot(Frequency::Weekly, utc(2024, 7, 6, 19, 0)),
        Some(utc(2024, 7, 6, 18, 0))
    );
}

#[test]
fn a_missing_hour_moves_forward_and_a_doubled_hour_counts_once() {
    let berlin = schedule("Europe/Berlin", "Sunday", "2");
    // 2024-03-31: clocks go from 02:00 to 03:00; the slot is 03:00 CEST, 01:00 UTC.
    assert_eq!(
        berlin.last_slot(Frequency::Weekly, utc(2024, 3, 31, 12, 0)),
        Some(utc(2024, 3, 31, 1, 0))
    );
    // 2024-10-27: 02:00 happens twice; the first (CEST, 00:00 UTC) is the slot, and an
    // hour later the slot is still the same one, so no second digest.
    let first = utc(2024, 10, 27, 0, 0);
    assert_eq!(berlin.last_slot(Frequency::Weekly, first), Some(first));
    assert_eq!(
        berlin.last_slot(Frequency::Weekly, first + Duration::hours(1)),
        Some(first)
    );
}

fn confirmed(frequency: Frequency, covered_until: DateTime<Utc>) -> Subscription {
    Subscription {
        id: 7,
        email: "reader@example.org".to_owned(),
        user_id: None,
        frequency,
        categories: Vec::new(),
        status: SubscriptionStatus::Confirmed,
        created_at: covered_until,
        confirmed_at: Some(covered_until),
        covered_until: Some(covered_until),
        hard_bounces: 0,
        consent: SubscriptionConsent {
            wording: "Get new stories by e-mail".to_owned(),
            page: "/".to_owned(),
            at: covered_until,
        },
    }
}

#[test]
fn a_digest_is_due_once_per_slot_and_only_for_confirmed_digest_subscribers() {
    let s = DigestSchedule::default();
    let sunday = utc(2024, 3, 3, 6, 0);
    let weekly = confirmed(Frequency::Weekly, utc(2024, 2, 28, 9, 0));
    assert_eq!(
        s.digest_due(&weekly, sunday + Duration::minutes(3)),
        Some(sunday)
    );
    assert_eq!(s.digest_due(&weekly, sunday - Duration::minutes(1)), None);

    let mut sent = weekly.clone();
    sent.covered_until = Some(sunday);
    assert_eq!(
        s.digest_due(&sent, sunday + Duration::hours(5)),
        None,
        "sent already"
    );
    assert_eq!(
        s.digest_due(&sent, sunday + Duration::days(7)),
        Some(sunday + Duration::days(7))
    );

    // A subscriber who confirmed after the slot waits for the next one.
    let late = confirmed(Frequency::Weekly, sunday + Duration::hours(1));
    assert_eq!(s.digest_due(&late, sunday + Duration::hours(2)), None);

    // A digest missed while the site was down is sent once when it is back, covering
    // everything since the last one.
    let behind = confirmed(Frequency::Weekly, sunday - Duration::days(21));
    assert_eq!(
        s.digest_due(&behind, sunday + Duration::days(2)),
        Some(sunday)
    );

    let each = confirmed(Frequency::Each, sunday - Duration::days(7));
    assert_eq!(s.digest_due(&each, sunday), None);
    let mut pending = weekly.clone();
    pending.status = SubscriptionStatus::Pending;
    assert_eq!(s.digest_due(&pending, sunday), None);
    let mut suspended = weekly;
    suspended.status = SubscriptionStatus::Suspended;
    assert_eq!(s.digest_due(&suspended, sunday), None);
}

#[test]
fn each_waits_for_the_grace_period() {
    let published = utc(2024, 3, 5, 12, 0);
    let s = DigestSchedule::default();
    assert!(!s.each_is_due(published, published + Duration::minutes(9)));
    assert!(s.each_is_due(published, published + Duration::minutes(10)));
    // A site sets its own, from none at all to a day.
    let none = s.with_each_grace("0").unwrap();
    assert!(none.each_is_due(published, published));
    let hour = s.with_each_grace(" 60 ").unwrap();
    assert!(!hour.each_is_due(published, published + Duration::minutes(59)));
    assert!(hour.each_is_due(published, published + Duration::minutes(60)));
    assert_eq!(
        s.with_each_grace("1440").unwrap().each_grace(),
        Duration::days(1)
    );
    for bad in ["1441", "-1", "ten", ""] {
        assert_eq!(
            s.with_each_grace(bad),
            Err(InvalidSchedule::Grace(bad.to_owned())),
            "{bad:?}"
        );
    }
}

#[test]
fn settings_that_cannot_be_used_are_named() {
    assert_eq!(
        DigestSchedule::parse("Mars/Olympus", "Sunday", "6"),
        Err(InvalidSchedule::Zone("Mars/Olympus".to_owned()))
    );
    assert_eq!(
        DigestSchedule::parse("UTC", "Funday", "6"),
        Err(InvalidSchedule::Weekday("Funday".to_owned()))
    );
    for hour in ["24", "-1", "six", ""] {
        assert_eq!(
            DigestSchedule::parse("UTC", "Sunday", hour),
            Err(InvalidSchedule::Hour(hour.to_owned())),
            "{hour:?}"
        );
    }
    let s = DigestSchedule::parse(" Europe/Berlin ", "mon", "23").unwrap();
    assert_eq!(s.zone_name(), "Europe/Berlin");
    assert_eq!(s.hour(), 23);
}
