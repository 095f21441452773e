//! The life of one subscription: sign-ups answer alike, confirmation, leaving, bounces.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};

use super::lifecycle::{Bounce, ConfirmError, SubscribeAction};
use super::{Frequency, Subscription, SubscriptionConsent, SubscriptionStatus};
use crate::testing::t0;

fn subscription(status: SubscriptionStatus, created_at: DateTime<Utc>) -> Subscription {
    Subscription {
        id: 1,
        email: "reader@example.org".to_owned(),
        user_id: None,
        frequency: Frequency::Weekly,
        categories: Vec::new(),
        status,
        created_at,
        confirmed_at: None,
        covered_until: None,
        hard_bounces: 0,
        consent: SubscriptionConsent {
            wording: "Get new stories by e-mail".to_owned(),
            page: "/".to_owned(),
            at: created_at,
        },
    }
}

#[test]
fn a_sign_up_starts_resends_or_does_nothing_by_what_is_stored() {
    use SubscriptionStatus::*;
    let now = t0() + Duration::days(30);
    let fresh = now - Duration::days(1);
    let old = now - Duration::days(8);
    let cases = [
        (None, false, SubscribeAction::StartConfirmation),
        (Some(Pending), false, SubscribeAction::ResendConfirmation),
        (Some(Confirmed), false, SubscribeAction::Nothing),
        (
            Some(Unsubscribed),
            false,
            SubscribeAction::StartConfirmation,
        ),
        (Some(Suspended), false, SubscribeAction::StartConfirmation),
        (None, true, SubscribeAction::ConfirmAtOnce),
        (Some(Pending), true, SubscribeAction::ConfirmAtOnce),
        (Some(Confirmed), true, SubscribeAction::Nothing),
        (Some(Unsubscribed), true, SubscribeAction::ConfirmAtOnce),
    ];
    for (status, proven, expected) in cases {
        let stored = status.map(|s| subscription(s, fresh));
        assert_eq!(
            SubscribeAction::for_sign_up(stored.as_ref(), proven, now),
            expected,
            "{status:?}, proven: {proven}"
        );
    }
    // An expired sign-up is replaced by a new one, not re-sent.
    let expired = subscription(Pending, old);
    assert_eq!(
        SubscribeAction::for_sign_up(Some(&expired), false, now),
        SubscribeAction::StartConfirmation
    );
}

#[test]
fn a_sign_up_is_confirmed_within_seven_days_and_the_link_works_again_harmlessly() {
    let mut s = subscription(SubscriptionStatus::Pending, t0());
    let at = t0() + Duration::days(7) - Duration::seconds(1);
    assert!(!s.is_expired(at));
    s.confirm(at).unwrap();
    assert_eq!(s.status, SubscriptionStatus::Confirmed);
    assert_eq!(s.confirmed_at, Some(at));
    assert_eq!(s.covered_until, Some(at), "digests start after confirming");
    assert!(s.receives_mail());
    // The same link again changes nothing.
    s.confirm(at + Duration::days(30)).unwrap();
    assert_eq!(s.confirmed_at, Some(at));
}

#[test]
fn a_sign_up_older_than_seven_days_cannot_be_confirmed() {
    let mut s = subscription(SubscriptionStatus::Pending, t0());
    let at = t0() + Duration::days(7);
    assert!(s.is_expired(at));
    assert_eq!(s.confirm(at), Err(ConfirmError::Expired));
    assert_eq!(s.status, SubscriptionStatus::Pending);
    assert!(!s.receives_mail());
}

#[test]
fn a_confirmed_subscription_never_expires() {
    let mut s = subscription(SubscriptionStatus::Pending, t0());
    s.confirm(t0()).unwrap();
    assert!(!s.is_expired(t0() + Duration::days(400)));
}

#[test]
fn leaving_or_bouncing_ends_the_subscription_until_a_new_sign_up() {
    let mut left = subscription(SubscriptionStatus::Pending, t0());
    left.confirm(t0()).unwrap();
    left.unsubscribe();
    left.unsubscribe();
    assert_eq!(left.status, SubscriptionStatus::Unsubscribed);
    assert!(!left.receives_mail());
    assert_eq!(left.confirm(t0()), Err(ConfirmError::Ended));

    let mut bounced = subscription(SubscriptionStatus::Confirmed, t0());
    assert!(bounced.record_bounce(Bounce::RefusedAtDelivery));
    assert_eq!(bounced.confirm(t0()), Err(ConfirmError::Ended));
}

#[test]
fn a_refusal_at_delivery_suspends_at_once_and_reports_suspend_at_the_second_hard_one() {
    let mut refused = subscription(SubscriptionStatus::Confirmed, t0());
    assert!(refused.record_bounce(Bounce::RefusedAtDelivery));
    assert_eq!(refused.status, SubscriptionStatus::Suspended);
    assert!(
        !refused.record_bounce(Bounce::RefusedAtDelivery),
        "suspended once"
    );

    let mut reported = subscription(SubscriptionStatus::Confirmed, t0());
    assert!(!reported.record_bounce(Bounce::Reported { permanent: false }));
    assert_eq!(reported.hard_bounces, 0, "a delay is not a bounce");
    assert!(!reported.record_bounce(Bounce::Reported { permanent: true }));
    assert_eq!(reported.status, SubscriptionStatus::Confirmed);
    assert!(reported.record_bounce(Bounce::Reported { permanent: true }));
    assert_eq!(reported.status, SubscriptionStatus::Suspended);
}

#[test]
fn confirming_again_after_a_new_sign_up_forgets_old_bounces() {
    let mut s = subscription(SubscriptionStatus::Confirmed, t0());
    s.record_bounce(Bounce::Reported { permanent: true });
    assert_eq!(s.hard_bounces, 1);
    // A new sign-up stores a pending subscription again; confirming it starts afresh.
    s.status = SubscriptionStatus::Pending;
    s.created_at = t0() + Duration::days(1);
    s.confirm(t0() + Duration::days(1)).unwrap();
    assert_eq!(s.hard_bounces, 0);
}

#[test]
fn moving_from_each_to_a_digest_starts_the_digest_now() {
    let mut s = subscription(SubscriptionStatus::Pending, t0());
    s.confirm(t0()).unwrap();
    s.frequency = Frequency::Each;
    let later = t0() + Duration::days(3);
    s.change_frequency(Frequency::Monthly, later);
    assert_eq!(s.frequency, Frequency::Monthly);
    assert_eq!(
        s.covered_until,
        Some(later),
        "stories mailed one by one stay mailed"
    );
    // Between digests the digest's start stays.
    s.change_frequency(Frequency::Weekly, later + Duration::days(1));
    assert_eq!(s.covered_until, Some(later));
}

#[test]
fn categories_filter_by_name_and_none_means_all() {
    let mut s = subscription(SubscriptionStatus::Confirmed, t0());
    assert!(s.wants("Worship"));
    s.categories = vec!["Worship".to_owned(), "Healing".to_owned()];
    assert!(s.wants("worship"));
    assert!(!s.wants("Family"));
}

#[test]
fn names_round_trip() {
    for f in Frequency::ALL {
        assert_eq!(f.as_str().parse::<Frequency>().unwrap(), f);
    }
    assert!("daily".parse::<Frequency>().is_err());
    for s in SubscriptionStatus::ALL {
        assert_eq!(s.as_str().parse::<SubscriptionStatus>().unwrap(), s);
    }
    assert_eq!(Frequency::default(), Frequency::Weekly);
}
