//! Confirming who one is on fakes: the password, checked and counted like a sign-in, or
//! without one a recent sign-in; one check per account at a time.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};
use futures_executor::block_on;

use super::ConfirmError;
use crate::account::AccountService;
use crate::account::checks::CheckRefused;
use crate::account::sign_in::SignInError;
use crate::permissions::{Caller, Refusal};
use crate::testing::{account_service, sign_up_form, t0};
use crate::user::lockout::Attempt;
use crate::user::ports::ExternalIdentity;
use crate::user::{User, UserId};

fn ruth(service: &AccountService) -> User {
    block_on(service.register(sign_up_form("ruth@example.org"))).unwrap()
}

/// An account made by a Google sign-in: no password.
fn googler(service: &AccountService) -> User {
    block_on(service.sign_in_external(
        ExternalIdentity {
            subject: "google-naomi".to_owned(),
            email: "naomi@example.org".to_owned(),
            email_verified: true,
            first_name: Some("Naomi".to_owned()),
            last_name: None,
            picture: None,
        },
        t0(),
    ))
    .unwrap()
}

fn minutes_ago(minutes: i64) -> Option<DateTime<Utc>> {
    Some(t0() - Duration::minutes(minutes))
}

fn home() -> Attempt {
    Attempt::from_network("203.0.113.7")
}

#[test]
fn the_right_password_confirms_the_signed_in_person_and_nobody_else() {
    let (service, _fakes) = account_service();
    let ruth = ruth(&service);
    let confirmed = block_on(service.confirm_identity(
        &Caller::User(ruth.clone()),
        Some("first password"),
        None,
        &home(),
    ))
    .unwrap();
    assert!(confirmed.is_for(&ruth.id));
    assert!(!confirmed.is_for(&UserId::new("someone-else")));
}

#[test]
fn a_visitor_cannot_confirm_anything() {
    let (service, _fakes) = account_service();
    let refused = block_on(service.confirm_identity(
        &Caller::Visitor,
        Some("first password"),
        minutes_ago(1),
        &home(),
    ));
    assert!(
        matches!(refused, Err(ConfirmError::Refused(Refusal::NotSignedIn))),
        "{refused:?}"
    );
}

#[test]
fn a_password_that_is_sent_is_checked_even_after_a_recent_sign_in() {
    let (service, fakes) = account_service();
    let me = Caller::User(ruth(&service));
    let wrong =
        block_on(service.confirm_identity(&me, Some("wrong guess"), minutes_ago(1), &home()));
    assert!(
        matches!(wrong, Err(ConfirmError::WrongPassword)),
        "{wrong:?}"
    );
    let hashed = fakes.hasher.verifications();
    let empty = block_on(service.confirm_identity(&me, Some(""), minutes_ago(1), &home()));
    assert!(
        matches!(empty, Err(ConfirmError::WrongPassword)),
        "{empty:?}"
    );
    assert_eq!(
        fakes.hasher.verifications(),
        hashed,
        "an empty password is never hashed"
    );
}

#[test]
fn without_a_password_a_sign_in_within_ten_minutes_confirms() {
    let (service, _fakes) = account_service();
    let me = Caller::User(ruth(&service));
    let confirm =
        |signed_in_at| block_on(service.confirm_identity(&me, None, signed_in_at, &home()));
    assert!(confirm(minutes_ago(10)).is_ok());
    for stale in [minutes_ago(11), None] {
        let refused = confirm(stale);
        assert!(
            matches!(refused, Err(ConfirmError::PasswordRequired)),
            "{refused:?}"
        );
    }
}

#[test]
fn an_account_without_a_password_must_have_signed_in_recently() {
    let (service, _fakes) = account_service();
    let me = Caller::User(googler(&service));
    let confirm = |password, signed_in_at| {
        block_on(service.confirm_identity(&me, password, signed_in_at, &home()))
    };
    assert!(confirm(None, minutes_ago(9)).is_ok());
    for stale in [minutes_ago(11), None] {
        let refused = confirm(None, stale);
        assert!(
            matches!(refused, Err(ConfirmError::ReauthenticationRequired)),
            "{refused:?}"
        );
    }
    // It has no password, so any password it is sent is wrong, recent sign-in or not.
    let sent = confirm(Some("anything at all"), minutes_ago(1));
    assert!(matches!(sent, Err(ConfirmError::WrongPassword)), "{sent:?}");
}

#[test]
fn wrong_passwords_count_like_sign_ins_and_their_lock_refuses_the_right_one() {
    let (service, fakes) = account_service();
    let ruth = ruth(&service);
    let me = Caller::User(ruth.clone());
    for _ in 0..5 {
        let wrong = block_on(service.confirm_identity(&me, Some("wrong guess"), None, &home()));
        assert!(matches!(wrong, Err(ConfirmError::WrongPassword)));
    }
    let locked = block_on(service.confirm_identity(&me, Some("first password"), None, &home()));
    assert!(
        matches!(
            locked,
            Err(ConfirmError::Check(CheckRefused::Locked {
                retry_after_secs: 900
            }))
        ),
        "{locked:?}"
    );
    // The same lock holds at the sign-in form, and the owner was told once.
    let sign_in = block_on(service.sign_in("ruth@example.org", "first password", &home()));
    assert!(
        matches!(sign_in, Err(SignInError::Locked { .. })),
        "{sign_in:?}"
    );
    let paused: Vec<_> = fakes
        .mailer
        .sent()
        .into_iter()
        .filter(|m| m.subject.contains("was paused"))
        .collect();
    assert_eq!(paused.len(), 1);
    assert_eq!(paused[0].to, ruth.email);
}

#[test]
fn the_right_password_clears_the_wrong_ones_before_it() {
    let (service, _fakes) = account_service();
    let me = Caller::User(ruth(&service));
    let check = |password| block_on(service.confirm_identity(&me, Some(password), None, &home()));
    for _ in 0..4 {
        assert!(check("wrong guess").is_err());
    }
    assert!(check("first password").is_ok());
    for _ in 0..4 {
        assert!(matches!(
            check("wrong guess"),
            Err(ConfirmError::WrongPassword)
        ));
    }
    assert!(
        check("first password").is_ok(),
        "no lock: the count began again"
    );
}

#[test]
fn only_one_check_of_an_account_runs_at_a_time() {
    let (service, fakes) = account_service();
    let ruth = ruth(&service);
    let naomi = googler(&service);
    let running = service.checks.enter(ruth.id.as_str()).expect("a free slot");
    let busy = block_on(service.confirm_identity(
        &Caller::User(ruth.clone()),
        Some("first password"),
        None,
        &home(),
    ));
    assert!(
        matches!(busy, Err(ConfirmError::Check(CheckRefused::InProgress))),
        "{busy:?}"
    );
    assert_eq!(fakes.hasher.verifications(), 0, "refused before hashing");
    // Another account is not held up.
    let other =
        block_on(service.confirm_identity(&Caller::User(naomi), Some("a guess"), None, &home()));
    assert!(matches!(other, Err(ConfirmError::WrongPassword)));
    drop(running);
    assert!(
        block_on(service.confirm_identity(
            &Caller::User(ruth),
            Some("first password"),
            None,
            &home(),
        ))
        .is_ok()
    );
}
