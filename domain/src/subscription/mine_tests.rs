//! A member's own subscription from the dashboard, on fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::service_tests::{form, token_in_last_mail, world};
use super::{Frequency, MySubscriptionChange, MySubscriptionError, SubscriptionStatus};
use crate::permissions::{Caller, Refusal};
use crate::testing::{InMemoryUserRepository, new_user, t0};
use crate::user::{Role, User, UserRepository};

fn member(email: &str, verified: bool) -> User {
    let users = InMemoryUserRepository::new();
    let mut user = block_on(users.create(new_user(email, Role::Member, true))).unwrap();
    user.email_verified = verified;
    user
}

fn change(frequency: Frequency, categories: &[&str]) -> MySubscriptionChange {
    MySubscriptionChange {
        frequency,
        categories: categories.iter().map(|c| (*c).to_owned()).collect(),
    }
}

#[test]
fn a_member_sees_and_changes_the_subscription_of_their_address() {
    let w = world();
    let maria = Caller::User(member("Maria@Example.org", true));
    assert!(matches!(
        block_on(w.service.mine(&maria)),
        Err(MySubscriptionError::NoSubscription)
    ));
    // Signed up as a visitor and confirmed by the mailed link: it is hers all the same.
    let mut f = form("maria@example.org");
    f.frequency = Some("each".to_owned());
    block_on(w.service.subscribe(&Caller::Visitor, f)).unwrap();
    let token = token_in_last_mail(&w, "confirm");
    block_on(w.service.confirm(&token)).unwrap();
    let mine = block_on(w.service.mine(&maria)).unwrap();
    assert_eq!(mine.status, SubscriptionStatus::Confirmed);
    assert_eq!(mine.frequency, Frequency::Each);

    // From each story to a digest: the digest starts now, so nothing is mailed twice.
    let later = t0() + Duration::days(2);
    w.clock.set(later);
    let changed = block_on(w.service.change_mine(
        &maria,
        change(Frequency::Monthly, &["Worship", " worship ", "Healing"]),
    ))
    .unwrap();
    assert_eq!(changed.frequency, Frequency::Monthly);
    assert_eq!(changed.categories, ["Worship", "Healing"]);
    assert_eq!(changed.covered_until, Some(later));
    let stored = w.subscriptions.all()[0].clone();
    assert_eq!(stored, changed);
    assert_eq!(stored.status, SubscriptionStatus::Confirmed);

    // Back to all categories.
    let all = block_on(
        w.service
            .change_mine(&maria, change(Frequency::Weekly, &[])),
    )
    .unwrap();
    assert!(all.categories.is_empty());
    assert_eq!(all.frequency, Frequency::Weekly);
    assert!(w.mailer.sent().len() == 1, "changing mails nothing");
}

#[test]
fn only_a_confirmed_subscription_of_a_verified_address_is_shown_or_changed() {
    let w = world();
    let visitor = block_on(w.service.mine(&Caller::Visitor));
    assert!(matches!(
        visitor,
        Err(MySubscriptionError::Refused(Refusal::NotSignedIn))
    ));

    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("maria@example.org")),
    )
    .unwrap();
    // An unverified account may carry someone else's address: nothing is told about it.
    let unverified = Caller::User(member("maria@example.org", false));
    assert!(matches!(
        block_on(w.service.mine(&unverified)),
        Err(MySubscriptionError::Unverified)
    ));
    assert!(matches!(
        block_on(
            w.service
                .change_mine(&unverified, change(Frequency::Each, &[]))
        ),
        Err(MySubscriptionError::Unverified)
    ));

    let maria = Caller::User(member("maria@example.org", true));
    assert_eq!(
        block_on(w.service.mine(&maria)).unwrap().status,
        SubscriptionStatus::Pending
    );
    assert!(matches!(
        block_on(w.service.change_mine(&maria, change(Frequency::Each, &[]))),
        Err(MySubscriptionError::NotConfirmed(_))
    ));
    let token = token_in_last_mail(&w, "confirm");
    block_on(w.service.confirm(&token)).unwrap();
    block_on(w.service.unsubscribe(&token)).unwrap();
    assert!(matches!(
        block_on(w.service.change_mine(&maria, change(Frequency::Each, &[]))),
        Err(MySubscriptionError::NotConfirmed(_))
    ));
    assert_eq!(
        w.subscriptions.all()[0].frequency,
        Frequency::Weekly,
        "nothing changed"
    );
}

#[test]
fn an_unknown_category_is_named_and_nothing_changes() {
    let w = world();
    let maria_user = member("maria@example.org", true);
    let maria = Caller::User(maria_user);
    block_on(w.service.subscribe(&maria, form("maria@example.org"))).unwrap();
    let Err(MySubscriptionError::Invalid(errors)) = block_on(
        w.service
            .change_mine(&maria, change(Frequency::Each, &["Worship", "Gardening"])),
    ) else {
        panic!("refused");
    };
    let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
    assert_eq!(fields, ["categories"]);
    let stored = w.subscriptions.all()[0].clone();
    assert_eq!(stored.frequency, Frequency::Weekly);
    assert!(stored.categories.is_empty());
}

#[test]
fn a_member_leaves_from_the_dashboard_and_the_mailed_link_no_longer_confirms() {
    let w = world();
    let maria = Caller::User(member("maria@example.org", true));
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("maria@example.org")),
    )
    .unwrap();
    let token = token_in_last_mail(&w, "confirm");

    let left = block_on(w.service.leave_mine(&maria)).unwrap();
    assert_eq!(left.status, SubscriptionStatus::Unsubscribed);
    assert_eq!(
        w.subscriptions.all()[0].status,
        SubscriptionStatus::Unsubscribed
    );
    assert!(
        block_on(w.service.confirm(&token)).is_err(),
        "a sign-up ended from the dashboard is not confirmed by its old link"
    );

    // Leaving twice is leaving once; nothing is mailed either time.
    let again = block_on(w.service.leave_mine(&maria)).unwrap();
    assert_eq!(again.status, SubscriptionStatus::Unsubscribed);
    assert_eq!(w.mailer.sent().len(), 1, "only the confirmation mail");

    // Signed out, unverified and unknown addresses are refused as for reading it.
    assert!(matches!(
        block_on(w.service.leave_mine(&Caller::Visitor)),
        Err(MySubscriptionError::Refused(_))
    ));
    let unverified = Caller::User(member("maria@example.org", false));
    assert!(matches!(
        block_on(w.service.leave_mine(&unverified)),
        Err(MySubscriptionError::Unverified)
    ));
    let john = Caller::User(member("john@example.org", true));
    assert!(matches!(
        block_on(w.service.leave_mine(&john)),
        Err(MySubscriptionError::NoSubscription)
    ));
}
