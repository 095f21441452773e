//! Google sign-in on fakes: a new pending member, the linked account on return, linking
//! only to an address proved before, and the accounts it never opens. (An address never
//! proved, or proved during the sign-in, is in `self_service_tests.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::ExternalSignInError;
use crate::testing::{AccountFakes, account_service, new_user, t0};
use crate::user::lockout::Attempt;
use crate::user::ports::ExternalIdentity;
use crate::user::{AuthProvider, NewUser, Role, User, UserRepository};

fn google(subject: &str, email: &str) -> ExternalIdentity {
    ExternalIdentity {
        subject: subject.to_owned(),
        email: email.to_owned(),
        email_verified: true,
        first_name: Some("Naomi".to_owned()),
        last_name: Some("Bethlehem".to_owned()),
        picture: Some("https://pictures.example/naomi.png".to_owned()),
    }
}

/// A local account (password `password123`) whose address was proved at the fakes' first
/// tick, before any sign-in at `t0() + 1 hour` began.
fn verified_local(fakes: &AccountFakes, email: &str, role: Role) -> User {
    block_on(fakes.users.create(NewUser {
        email_verified: true,
        ..new_user(email, role, true)
    }))
    .unwrap()
}

fn later() -> chrono::DateTime<chrono::Utc> {
    t0() + Duration::hours(1)
}

#[test]
fn a_new_google_identity_becomes_a_pending_member_with_a_proved_address() {
    let (service, fakes) = account_service();
    let user = block_on(service.sign_in_external(google("g-naomi", "Naomi@Example.ORG"), later()))
        .unwrap();
    assert_eq!(user.email, "naomi@example.org");
    assert_eq!(user.google_id.as_deref(), Some("g-naomi"));
    assert_eq!(user.auth_provider, AuthProvider::Google);
    assert_eq!(user.role, Role::Member);
    assert!(!user.is_approved, "waits for approval like any sign-up");
    assert!(user.email_verified, "the provider vouched for the address");
    assert_eq!(user.username, None);
    assert_eq!(
        (user.first_name.as_deref(), user.last_name.as_deref()),
        (Some("Naomi"), Some("Bethlehem"))
    );
    assert_eq!(
        user.profile_image_url.as_deref(),
        Some("https://pictures.example/naomi.png")
    );
    assert_eq!(fakes.users.password_hash(&user.id), None, "no password");
}

#[test]
fn an_address_the_provider_did_not_verify_creates_nothing() {
    let (service, fakes) = account_service();
    let unverified = ExternalIdentity {
        email_verified: false,
        ..google("g-naomi", "naomi@example.org")
    };
    let refused = block_on(service.sign_in_external(unverified, later()));
    assert!(
        matches!(refused, Err(ExternalSignInError::UnverifiedEmail)),
        "{refused:?}"
    );
    assert!(fakes.users.all().is_empty());
}

#[test]
fn a_returning_identity_signs_in_to_its_linked_account_whatever_its_address_says_now() {
    let (service, fakes) = account_service();
    let first =
        block_on(service.sign_in_external(google("g-naomi", "naomi@example.org"), t0())).unwrap();
    let moved = ExternalIdentity {
        email_verified: false,
        ..google("g-naomi", "naomi@elsewhere.example")
    };
    let again = block_on(service.sign_in_external(moved, later())).unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(again.email, "naomi@example.org");
    assert_eq!(fakes.users.all().len(), 1, "no second account");
}

#[test]
fn an_address_proved_before_the_sign_in_links_the_local_account_which_keeps_its_password() {
    let (service, fakes) = account_service();
    let ruth = verified_local(&fakes, "ruth@example.org", Role::RegularContributor);
    let linked =
        block_on(service.sign_in_external(google("g-ruth", "RUTH@example.org"), later())).unwrap();
    assert_eq!(linked.id, ruth.id);
    assert_eq!(linked.google_id.as_deref(), Some("g-ruth"));
    assert_eq!(
        linked.role,
        Role::RegularContributor,
        "the account as it was"
    );
    assert_eq!(fakes.users.all().len(), 1, "no second account");
    let by_password = block_on(service.sign_in(
        "ruth@example.org",
        "password123",
        &Attempt::from_network("203.0.113.7"),
    ));
    assert_eq!(by_password.unwrap().id, ruth.id, "its password still works");
    // From now on the identity finds the account by its link.
    let again =
        block_on(service.sign_in_external(google("g-ruth", "ruth@example.org"), later())).unwrap();
    assert_eq!(again.id, ruth.id);
}

#[test]
fn the_super_admin_never_signs_in_with_google() {
    let (service, fakes) = account_service();
    let keeper = verified_local(&fakes, "keeper@example.org", Role::SuperAdmin);
    let by_address =
        block_on(service.sign_in_external(google("g-keeper", "keeper@example.org"), later()));
    assert!(
        matches!(by_address, Err(ExternalSignInError::SuperAdmin)),
        "{by_address:?}"
    );
    let stored = block_on(fakes.users.find(&keeper.id)).unwrap().unwrap();
    assert_eq!(stored.google_id, None, "not linked");
    // Nor through a link made before the account became super admin.
    block_on(fakes.users.link_google(&keeper.id, "g-old")).unwrap();
    let by_link = block_on(service.sign_in_external(google("g-old", "other@example.org"), later()));
    assert!(
        matches!(by_link, Err(ExternalSignInError::SuperAdmin)),
        "{by_link:?}"
    );
}

#[test]
fn a_suspended_account_is_refused_with_its_reason_and_is_not_linked() {
    let (service, fakes) = account_service();
    let ruth = verified_local(&fakes, "ruth@example.org", Role::Member);
    block_on(
        fakes
            .users
            .set_suspension(&ruth.id, Some("Spam".to_owned())),
    )
    .unwrap();
    let by_address =
        block_on(service.sign_in_external(google("g-ruth", "ruth@example.org"), later()));
    match by_address {
        Err(ExternalSignInError::Suspended(reason)) => assert_eq!(reason, "Spam"),
        other => panic!("expected a suspension, got {other:?}"),
    }
    let stored = block_on(fakes.users.find(&ruth.id)).unwrap().unwrap();
    assert_eq!(stored.google_id, None, "not linked");

    let naomi =
        block_on(service.sign_in_external(google("g-naomi", "naomi@example.org"), t0())).unwrap();
    block_on(
        fakes
            .users
            .set_suspension(&naomi.id, Some("Abuse".to_owned())),
    )
    .unwrap();
    match block_on(service.sign_in_external(google("g-naomi", "naomi@example.org"), later())) {
        Err(ExternalSignInError::Suspended(reason)) => assert_eq!(reason, "Abuse"),
        other => panic!("expected a suspension, got {other:?}"),
    }
}
