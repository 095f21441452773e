//! Signing in on fakes: the right and wrong password, unknown addresses answered alike,
//! pending and suspended accounts, and the super admin's own sign-in. (The lock after
//! repeated wrong passwords is in `self_service_tests.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::{AdminSignInError, SignInError};
use crate::account::bootstrap::SuperAdminSeed;
use crate::account::{AccountService, WRONG_ADMIN_CREDENTIALS, WRONG_CREDENTIALS};
use crate::testing::{AccountFakes, account_service, sign_up_form, t0};
use crate::user::lockout::Attempt;
use crate::user::ports::ExternalIdentity;
use crate::user::{Role, User, UserRepository};

fn home() -> Attempt {
    Attempt::from_network("203.0.113.7")
}

fn ruth(service: &AccountService) -> User {
    block_on(service.register(sign_up_form("ruth@example.org"))).unwrap()
}

/// A super admin `keeper` with the portal password `portal password`.
fn super_admin(service: &AccountService, fakes: &AccountFakes) -> User {
    block_on(service.ensure_super_admin(
        &SuperAdminSeed {
            username: "keeper".to_owned(),
            email: "keeper@example.org".to_owned(),
            password: Some("portal password".to_owned()),
        },
        || unreachable!("a password is configured"),
    ))
    .unwrap();
    block_on(fakes.users.find_by_email("keeper@example.org"))
        .unwrap()
        .unwrap()
}

#[test]
fn the_right_password_signs_in_whatever_the_case_and_spaces_of_the_address() {
    let (service, _fakes) = account_service();
    let ruth = ruth(&service);
    let signed_in =
        block_on(service.sign_in("  RUTH@Example.org ", "first password", &home())).unwrap();
    assert_eq!(signed_in.id, ruth.id);
}

#[test]
fn a_wrong_password_and_an_unknown_address_get_the_same_answer_after_the_same_work() {
    let (service, fakes) = account_service();
    ruth(&service);
    let wrong = block_on(service.sign_in("ruth@example.org", "wrong guess", &home()));
    assert_eq!(fakes.hasher.verifications(), 1);
    let unknown = block_on(service.sign_in("nobody@example.org", "wrong guess", &home()));
    assert_eq!(
        fakes.hasher.verifications(),
        2,
        "an unknown address is hashed too"
    );
    let (wrong, unknown) = (wrong.unwrap_err(), unknown.unwrap_err());
    assert!(matches!(wrong, SignInError::WrongCredentials), "{wrong:?}");
    assert!(
        matches!(unknown, SignInError::WrongCredentials),
        "{unknown:?}"
    );
    assert_eq!(wrong.to_string(), WRONG_CREDENTIALS);
    assert_eq!(unknown.to_string(), WRONG_CREDENTIALS);
}

#[test]
fn a_malformed_form_is_refused_field_by_field_without_checking_a_password() {
    let (service, fakes) = account_service();
    ruth(&service);
    match block_on(service.sign_in("ruth", "12345", &home())) {
        Err(SignInError::Invalid(errors)) => {
            let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
            assert_eq!(fields, ["email", "password"]);
        }
        other => panic!("expected refused fields, got {other:?}"),
    }
    assert_eq!(fakes.hasher.verifications(), 0);
    // Malformed forms are not counted as wrong passwords: no lock follows them.
    for _ in 0..6 {
        let _ = block_on(service.sign_in("ruth@example.org", "", &home()));
    }
    assert!(block_on(service.sign_in("ruth@example.org", "first password", &home())).is_ok());
}

#[test]
fn a_member_waiting_for_approval_signs_in_as_pending() {
    let (service, _fakes) = account_service();
    ruth(&service);
    let signed_in =
        block_on(service.sign_in("ruth@example.org", "first password", &home())).unwrap();
    assert!(!signed_in.is_approved);
    assert!(!signed_in.counts_as_approved());
    assert_eq!(signed_in.suspended_reason, None);
}

#[test]
fn a_suspended_account_hears_its_reason_only_after_the_right_password() {
    let (service, fakes) = account_service();
    let ruth = ruth(&service);
    block_on(
        fakes
            .users
            .set_suspension(&ruth.id, Some("Spam".to_owned())),
    )
    .unwrap();
    let right = block_on(service.sign_in("ruth@example.org", "first password", &home()));
    match right {
        Err(SignInError::Suspended(reason)) => assert_eq!(reason, "Spam"),
        other => panic!("expected a suspension, got {other:?}"),
    }
    // A guesser does not learn that the account exists, let alone why it is suspended.
    let wrong = block_on(service.sign_in("ruth@example.org", "wrong guess", &home()));
    assert!(
        matches!(wrong, Err(SignInError::WrongCredentials)),
        "{wrong:?}"
    );
}

#[test]
fn the_right_password_forgets_the_earlier_wrong_ones_from_that_network() {
    let (service, _fakes) = account_service();
    ruth(&service);
    let guess = || block_on(service.sign_in("ruth@example.org", "wrong guess", &home()));
    for _ in 0..4 {
        assert!(matches!(guess(), Err(SignInError::WrongCredentials)));
    }
    block_on(service.sign_in("ruth@example.org", "first password", &home())).unwrap();
    // Four more wrong ones: the count started again, so there is no lock yet.
    for _ in 0..4 {
        assert!(matches!(guess(), Err(SignInError::WrongCredentials)));
    }
    assert!(block_on(service.sign_in("ruth@example.org", "first password", &home())).is_ok());
}

#[test]
fn an_account_without_a_password_cannot_sign_in_with_one() {
    let (service, _fakes) = account_service();
    block_on(service.sign_in_external(
        ExternalIdentity {
            subject: "google-ruth".to_owned(),
            email: "ruth@example.org".to_owned(),
            email_verified: true,
            first_name: None,
            last_name: None,
            picture: None,
        },
        t0(),
    ))
    .unwrap();
    let refused = block_on(service.sign_in("ruth@example.org", "first password", &home()));
    assert!(
        matches!(refused, Err(SignInError::WrongCredentials)),
        "{refused:?}"
    );
}

#[test]
fn the_super_admin_signs_in_by_username_at_the_portal_and_not_at_the_ordinary_sign_in() {
    let (service, fakes) = account_service();
    let keeper = super_admin(&service, &fakes);
    let signed_in =
        block_on(service.admin_sign_in(" keeper ", "portal password", &home())).unwrap();
    assert_eq!(signed_in.id, keeper.id);
    assert_eq!(signed_in.role, Role::SuperAdmin);
    let ordinary = block_on(service.sign_in("keeper@example.org", "portal password", &home()));
    assert!(
        matches!(ordinary, Err(SignInError::WrongCredentials)),
        "{ordinary:?}"
    );
}

#[test]
fn the_portal_answers_blank_wrong_and_unknown_alike_per_kind() {
    let (service, fakes) = account_service();
    super_admin(&service, &fakes);
    for (username, password) in [("  ", "portal password"), ("keeper", "")] {
        let blank = block_on(service.admin_sign_in(username, password, &home()));
        assert!(matches!(blank, Err(AdminSignInError::Missing)), "{blank:?}");
    }
    assert_eq!(
        fakes.hasher.verifications(),
        0,
        "blank fields are not checked"
    );
    let wrong = block_on(service.admin_sign_in("keeper", "wrong guess", &home())).unwrap_err();
    let unknown =
        block_on(service.admin_sign_in("nobody", "portal password", &home())).unwrap_err();
    assert!(matches!(wrong, AdminSignInError::WrongCredentials));
    assert!(matches!(unknown, AdminSignInError::WrongCredentials));
    assert_eq!(wrong.to_string(), WRONG_ADMIN_CREDENTIALS);
    assert_eq!(unknown.to_string(), WRONG_ADMIN_CREDENTIALS);
    assert_eq!(
        fakes.hasher.verifications(),
        2,
        "an unknown name is hashed too"
    );
}

#[test]
fn a_portal_credential_whose_account_is_no_longer_super_admin_is_refused() {
    let (service, fakes) = account_service();
    let keeper = super_admin(&service, &fakes);
    block_on(fakes.users.set_role(&keeper.id, Role::Admin, true)).unwrap();
    let refused = block_on(service.admin_sign_in("keeper", "portal password", &home()));
    assert!(
        matches!(refused, Err(AdminSignInError::WrongCredentials)),
        "{refused:?}"
    );
}

#[test]
fn a_suspended_super_admin_hears_the_reason_at_the_portal() {
    let (service, fakes) = account_service();
    let keeper = super_admin(&service, &fakes);
    block_on(
        fakes
            .users
            .set_suspension(&keeper.id, Some("Stolen laptop".to_owned())),
    )
    .unwrap();
    match block_on(service.admin_sign_in("keeper", "portal password", &home())) {
        Err(AdminSignInError::Suspended(reason)) => assert_eq!(reason, "Stolen laptop"),
        other => panic!("expected a suspension, got {other:?}"),
    }
}

#[test]
fn five_wrong_portal_passwords_lock_the_portal_for_that_network_and_mail_the_super_admin() {
    let (service, fakes) = account_service();
    super_admin(&service, &fakes);
    for _ in 0..5 {
        let wrong = block_on(service.admin_sign_in("keeper", "wrong guess", &home()));
        assert!(matches!(wrong, Err(AdminSignInError::WrongCredentials)));
    }
    let locked = block_on(service.admin_sign_in("keeper", "portal password", &home()));
    assert!(
        matches!(
            locked,
            Err(AdminSignInError::Locked {
                retry_after_secs: 900
            })
        ),
        "{locked:?}"
    );
    let mail = fakes
        .mailer
        .sent()
        .pop()
        .expect("the owner hears of the lock");
    assert_eq!(mail.to, "keeper@example.org");
    assert!(mail.subject.contains("was paused"), "{}", mail.subject);
}
