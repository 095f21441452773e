//! Proving an e-mail address on fakes: how long the link works, what it records, and
//! asking for a new one. (That a link works once is in `self_service_tests.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::{ResendVerificationError, VerifyEmailError};
use crate::account::AccountService;
use crate::permissions::{Caller, Refusal};
use crate::testing::{AccountFakes, account_service, link_token, sign_up_form, t0};
use crate::user::{User, UserRepository};

fn sign_up(service: &AccountService, name: &str) -> User {
    block_on(service.register(sign_up_form(&format!("{name}@example.org")))).unwrap()
}

/// The token in the link of the last mail to `to`.
fn last_token(fakes: &AccountFakes, to: &str) -> String {
    let mail = fakes
        .mailer
        .sent()
        .into_iter()
        .rev()
        .find(|m| m.to == to)
        .expect("a mail");
    link_token(&mail.body)
}

#[test]
fn a_verification_link_works_for_forty_eight_hours() {
    let (service, fakes) = account_service();
    sign_up(&service, "ruth");
    sign_up(&service, "naomi");
    let (ruths, naomis) = (
        last_token(&fakes, "ruth@example.org"),
        last_token(&fakes, "naomi@example.org"),
    );
    fakes.clock.advance(Duration::hours(47));
    assert!(block_on(service.verify_email(&ruths)).is_ok());
    fakes
        .clock
        .advance(Duration::hours(1) + Duration::seconds(1));
    let late = block_on(service.verify_email(&naomis));
    assert!(
        matches!(late, Err(VerifyEmailError::InvalidToken)),
        "{late:?}"
    );
    let naomi = block_on(fakes.users.find_by_email("naomi@example.org"))
        .unwrap()
        .unwrap();
    assert!(!naomi.email_verified);
}

#[test]
fn verifying_records_when_the_address_was_proved() {
    let (service, fakes) = account_service();
    let ruth = sign_up(&service, "ruth");
    let token = last_token(&fakes, "ruth@example.org");
    fakes.clock.advance(Duration::hours(3));
    let verified = block_on(service.verify_email(&format!("  {token}\n"))).unwrap();
    assert_eq!(verified.id, ruth.id);
    assert!(verified.email_verified);
    assert_eq!(verified.email_verified_at, Some(t0() + Duration::hours(3)));
}

#[test]
fn a_password_reset_link_does_not_prove_the_address() {
    let (service, fakes) = account_service();
    sign_up(&service, "ruth");
    block_on(service.request_password_reset("ruth@example.org")).unwrap();
    let reset = last_token(&fakes, "ruth@example.org");
    assert!(
        fakes
            .mailer
            .sent()
            .last()
            .unwrap()
            .body
            .contains("/reset-password?token=")
    );
    let refused = block_on(service.verify_email(&reset));
    assert!(
        matches!(refused, Err(VerifyEmailError::InvalidToken)),
        "{refused:?}"
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        super::INVALID_VERIFICATION_LINK
    );
    for unknown in ["", "token-99"] {
        assert!(matches!(
            block_on(service.verify_email(unknown)),
            Err(VerifyEmailError::InvalidToken)
        ));
    }
}

#[test]
fn a_person_whose_address_is_unproved_gets_a_new_link_on_request() {
    let (service, fakes) = account_service();
    let ruth = sign_up(&service, "ruth");
    let first = last_token(&fakes, "ruth@example.org");
    let commits = fakes.work.commits();
    let me = block_on(service.resend_verification(&Caller::User(ruth.clone()))).unwrap();
    assert_eq!(me.id, ruth.id);
    assert_eq!(
        fakes.work.commits(),
        commits + 1,
        "the link and its mail together"
    );
    let mail = fakes.mailer.sent().pop().unwrap();
    assert_eq!(mail.to, "ruth@example.org");
    assert!(
        mail.body
            .contains("https://grace.example/verify-email?token="),
        "{}",
        mail.body
    );
    let second = last_token(&fakes, "ruth@example.org");
    assert_ne!(second, first, "a fresh link");
    assert!(
        block_on(service.verify_email(&second))
            .unwrap()
            .email_verified
    );
}

#[test]
fn no_new_link_for_a_proved_address_or_a_visitor() {
    let (service, fakes) = account_service();
    sign_up(&service, "ruth");
    let token = last_token(&fakes, "ruth@example.org");
    let proved = block_on(service.verify_email(&token)).unwrap();
    let mails = fakes.mailer.sent().len();
    let again = block_on(service.resend_verification(&Caller::User(proved)));
    assert!(
        matches!(again, Err(ResendVerificationError::AlreadyVerified)),
        "{again:?}"
    );
    let visitor = block_on(service.resend_verification(&Caller::Visitor));
    assert!(
        matches!(
            visitor,
            Err(ResendVerificationError::Refused(Refusal::NotSignedIn))
        ),
        "{visitor:?}"
    );
    assert_eq!(fakes.mailer.sent().len(), mails, "nothing mailed");
}
