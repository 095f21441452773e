//! Self-service rules on fakes: one-time links, the per-account lock, Google linking.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use crate::account::external::ExternalSignInError;
use crate::account::password_reset::ResetPasswordError;
use crate::account::sign_in::SignInError;
use crate::session::SessionRecord;
use crate::testing::{FakePasswordHasher, account_service, link_token, sign_up_form, t0};
use crate::user::UserRepository;
use crate::user::ports::ExternalIdentity;

fn session(sid: &str, user: &str) -> SessionRecord {
    SessionRecord {
        sid: sid.to_owned(),
        sess: "{}".to_owned(),
        expire: t0() + Duration::days(1),
        user_id: Some(user.to_owned()),
        handle: Some(format!("h-{sid}")),
    }
}

#[test]
fn a_sign_up_mails_a_verification_link_that_works_once() {
    let (service, fakes) = account_service();
    let user = block_on(service.register(sign_up_form("ruth@example.org"))).unwrap();
    assert!(!user.email_verified);
    let mail = fakes.mailer.sent().pop().unwrap();
    assert!(
        mail.body
            .contains("https://grace.example/verify-email?token=")
    );
    let token = link_token(&mail.body);
    assert!(
        !fakes.tokens.hashes().contains(&token),
        "only the hash is stored"
    );
    assert!(
        block_on(service.verify_email(&token))
            .unwrap()
            .email_verified
    );
    assert!(
        block_on(service.verify_email(&token)).is_err(),
        "single use"
    );
}

#[test]
fn a_reset_link_sets_the_password_once_and_ends_every_session() {
    let (service, fakes) = account_service();
    let user = block_on(service.register(sign_up_form("ruth@example.org"))).unwrap();
    block_on(fakes.sessions.save(session("a", user.id.as_str()))).unwrap();
    block_on(fakes.sessions.save(session("b", user.id.as_str()))).unwrap();
    block_on(service.request_password_reset("RUTH@example.org")).unwrap();
    let token = link_token(&fakes.mailer.sent().pop().unwrap().body);

    let commits = fakes.work.commits();
    let user = block_on(service.reset_password(&token, "second password")).unwrap();
    assert_eq!(
        fakes.work.commits(),
        commits + 1,
        "the reset is one unit of work"
    );
    assert!(user.email_verified, "the link reached the inbox");
    assert!(fakes.sessions.is_empty());
    let (_, hash) = block_on(fakes.users.find_credentials("ruth@example.org"))
        .unwrap()
        .unwrap();
    assert_eq!(hash, Some(FakePasswordHasher::hash_of("second password")));
    assert!(matches!(
        block_on(service.reset_password(&token, "third password")),
        Err(ResetPasswordError::InvalidToken)
    ));
}

#[test]
fn a_reset_link_expires_after_sixty_minutes() {
    let (service, fakes) = account_service();
    block_on(service.register(sign_up_form("ruth@example.org"))).unwrap();
    block_on(service.request_password_reset("ruth@example.org")).unwrap();
    let token = link_token(&fakes.mailer.sent().pop().unwrap().body);
    fakes.clock.advance(Duration::minutes(61));
    assert!(matches!(
        block_on(service.reset_password(&token, "second password")),
        Err(ResetPasswordError::InvalidToken)
    ));
}

#[test]
fn a_reset_for_an_unknown_address_answers_alike_and_sends_nothing() {
    let (service, fakes) = account_service();
    assert!(block_on(service.request_password_reset("nobody@example.org")).is_ok());
    assert!(fakes.mailer.sent().is_empty());
}

#[test]
fn five_wrong_passwords_lock_the_account_for_that_network_and_mail_its_owner_once() {
    use crate::user::lockout::{Attempt, DeviceClaim};
    let (service, fakes) = account_service();
    let ruth = block_on(service.register(sign_up_form("ruth@example.org"))).unwrap();
    let mails_before = fakes.mailer.sent().len();
    let commits = fakes.work.commits();
    let guesser = Attempt::from_network("198.51.100.9");
    for _ in 0..5 {
        assert!(matches!(
            block_on(service.sign_in("ruth@example.org", "wrong guess", &guesser)),
            Err(SignInError::WrongCredentials)
        ));
    }
    // Locked there: even the right password is refused, with the time left.
    match block_on(service.sign_in("ruth@example.org", "first password", &guesser)) {
        Err(SignInError::Locked { retry_after_secs }) => assert_eq!(retry_after_secs, 900),
        other => panic!("expected a lock, got {other:?}"),
    }
    let _ = block_on(service.sign_in("ruth@example.org", "wrong guess", &guesser));
    assert_eq!(
        fakes.mailer.sent().len(),
        mails_before + 1,
        "one mail per lock"
    );
    assert_eq!(
        fakes.work.commits(),
        commits + 1,
        "the lock and its mail are one unit of work"
    );
    // From another network, the owner signs in at once.
    let home = Attempt::from_network("203.0.113.7");
    assert!(block_on(service.sign_in("ruth@example.org", "first password", &home)).is_ok());
    // A second guessing network: its failures push every network into a short wait...
    let other = Attempt::from_network("192.0.2.1");
    let _ = block_on(service.sign_in("ruth@example.org", "wrong guess", &other));
    assert!(matches!(
        block_on(service.sign_in("ruth@example.org", "first password", &home)),
        Err(SignInError::Locked {
            retry_after_secs: 1
        })
    ));
    // ...but not the browser that signed in before.
    let device = Attempt {
        network: "203.0.113.7".into(),
        device: Some(DeviceClaim {
            user: ruth.id.clone(),
            id: "phone".into(),
        }),
    };
    assert!(block_on(service.sign_in("ruth@example.org", "first password", &device)).is_ok());
    fakes.clock.advance(Duration::minutes(15));
    assert!(block_on(service.sign_in("ruth@example.org", "first password", &guesser)).is_ok());
}

#[test]
fn an_unknown_email_is_locked_like_a_real_one() {
    use crate::user::lockout::Attempt;
    let (service, _fakes) = account_service();
    let guesser = Attempt::from_network("198.51.100.9");
    for _ in 0..5 {
        assert!(matches!(
            block_on(service.sign_in("nobody@example.org", "wrong guess", &guesser)),
            Err(SignInError::WrongCredentials)
        ));
    }
    assert!(matches!(
        block_on(service.sign_in("nobody@example.org", "wrong guess", &guesser)),
        Err(SignInError::Locked {
            retry_after_secs: 900
        })
    ));
}

#[test]
fn google_does_not_take_over_an_account_whose_email_was_never_verified() {
    let (service, fakes) = account_service();
    let squatter = block_on(service.register(sign_up_form("owner@example.org"))).unwrap();
    let identity = ExternalIdentity {
        subject: "google-owner".to_owned(),
        email: "owner@example.org".to_owned(),
        email_verified: true,
        first_name: None,
        last_name: None,
        picture: None,
    };
    let at = |minutes| t0() + Duration::minutes(minutes);
    assert!(matches!(
        block_on(service.sign_in_external(identity.clone(), at(60))),
        Err(ExternalSignInError::AccountExists)
    ));
    let stored = block_on(fakes.users.find(&squatter.id)).unwrap().unwrap();
    assert_eq!(stored.google_id, None, "not linked");

    // The address proved while a Google sign-in was under way does not count for it: the
    // proof may be a link someone tricked the owner into opening during their own sign-in.
    block_on(fakes.users.mark_email_verified(&squatter.id, at(120))).unwrap();
    assert!(matches!(
        block_on(service.sign_in_external(identity.clone(), at(115))),
        Err(ExternalSignInError::AccountExists)
    ));
    assert!(matches!(
        block_on(service.sign_in_external(identity.clone(), at(120))),
        Err(ExternalSignInError::AccountExists)
    ));
    // Proving it again later does not move the proof.
    block_on(fakes.users.mark_email_verified(&squatter.id, at(200))).unwrap();

    // A sign-in that began after the proof links to the account.
    let linked = block_on(service.sign_in_external(identity, at(121))).unwrap();
    assert_eq!(linked.id, squatter.id);
    assert_eq!(linked.google_id.as_deref(), Some("google-owner"));
}

#[test]
fn an_account_without_a_password_is_deleted_only_after_a_recent_sign_in() {
    use crate::account::leaving::{DeleteAccountError, Departure};
    use crate::permissions::Caller;
    let (service, fakes) = account_service();
    let user = block_on(service.sign_in_external(
        ExternalIdentity {
            subject: "g-1".to_owned(),
            email: "g@example.org".to_owned(),
            email_verified: true,
            first_name: None,
            last_name: None,
            picture: None,
        },
        t0(),
    ))
    .unwrap();
    let caller = Caller::User(user.clone());
    let leave = |at| Departure {
        password: None,
        signed_in_at: Some(at),
        delete_stories: true,
        attempt: crate::user::lockout::Attempt::from_network("203.0.113.7"),
    };
    assert!(matches!(
        block_on(service.delete_account(&caller, leave(t0() - Duration::minutes(11)))),
        Err(DeleteAccountError::ReauthenticationRequired)
    ));
    block_on(service.delete_account(&caller, leave(t0() - Duration::minutes(9)))).unwrap();
    assert!(block_on(fakes.users.find(&user.id)).unwrap().is_none());
}
