#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{TimeZone, Utc};

use super::*;

fn record(uses: ConsentUses, kind: ConsentKind) -> ConsentRecord {
    ConsentRecord {
        id: 1,
        consent: NewConsent {
            story: StoryId(1),
            person: UserId::new("u1"),
            statement_version: 2,
            uses,
            kind,
            recorded_by: UserId::new("u1"),
            reason: None,
            at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        },
        story_title: "T".into(),
    }
}

const SITE: ConsentUses = ConsentUses {
    site: true,
    social: false,
    widget: false,
};

#[test]
fn submitting_without_consent_names_the_field() {
    let mut errors = FieldErrors::new();
    assert_eq!(check_form(None, true, &mut errors), None);
    let e = errors.finish().unwrap_err();
    assert_eq!(e.as_slice()[0].field, "consent");
}

#[test]
fn a_draft_needs_no_consent() {
    let mut errors = FieldErrors::new();
    assert_eq!(check_form(None, false, &mut errors), None);
    assert!(errors.is_empty());
}

#[test]
fn consent_without_the_site_is_refused_even_on_a_draft() {
    for submits in [true, false] {
        let mut errors = FieldErrors::new();
        let uses = ConsentUses {
            site: false,
            social: true,
            widget: true,
        };
        assert_eq!(check_form(Some(uses), submits, &mut errors), None);
        assert_eq!(
            errors.finish().unwrap_err().as_slice()[0].field,
            "consent.site"
        );
    }
}

#[test]
fn consent_with_the_site_is_kept() {
    let mut errors = FieldErrors::new();
    assert_eq!(check_form(Some(SITE), true, &mut errors), Some(SITE));
    assert!(errors.is_empty());
}

#[test]
fn the_latest_record_decides_each_use() {
    assert!(!allows(None, ConsentUse::Site));
    let legacy = record(SITE, ConsentKind::Legacy);
    assert!(allows(Some(&legacy), ConsentUse::Site));
    assert!(!allows(Some(&legacy), ConsentUse::Social));
    assert!(!allows(Some(&legacy), ConsentUse::Widget));
    let all = record(
        ConsentUses {
            site: true,
            social: true,
            widget: true,
        },
        ConsentKind::Given,
    );
    assert!(allows(Some(&all), ConsentUse::Social));
    assert!(allows(Some(&all), ConsentUse::Widget));
    let withdrawn = record(ConsentUses::default(), ConsentKind::Withdrawn);
    assert!(!allows(Some(&withdrawn), ConsentUse::Site));
}

#[test]
fn social_or_widget_without_the_site_allow_nothing() {
    let odd = ConsentUses {
        site: false,
        social: true,
        widget: true,
    };
    assert!(!odd.covers(ConsentUse::Social));
    assert!(!odd.covers(ConsentUse::Widget));
}

#[test]
fn statement_text_is_required_and_bounded() {
    assert_eq!(check_statement("  I agree  ").unwrap(), "I agree");
    assert_eq!(
        check_statement(" ").unwrap_err().as_slice()[0].field,
        "text"
    );
    assert_eq!(
        check_statement("a\u{80}b").unwrap_err().as_slice()[0].field,
        "text"
    );
    assert_eq!(check_statement("a\nb").unwrap(), "a\nb");
    let long = "a".repeat(MAX_STATEMENT_CHARS + 1);
    assert_eq!(
        check_statement(&long).unwrap_err().as_slice()[0].field,
        "text"
    );
}

#[test]
fn kinds_round_trip() {
    for k in [
        ConsentKind::Given,
        ConsentKind::Legacy,
        ConsentKind::Withdrawn,
    ] {
        assert_eq!(ConsentKind::parse(k.as_str()), Some(k));
    }
    assert_eq!(ConsentKind::parse("other"), None);
}
