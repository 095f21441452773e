//! Sign-up on fakes: every refused field at once, addresses nobody may take, what a new
//! account is stored as, and its verification mail in the same unit of work.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;

use super::{RegisterError, Registration};
use crate::StoreError;
use crate::testing::{FakePasswordHasher, account_service, sign_up_form};
use crate::user::{AuthProvider, FORMER_MEMBER_EMAIL, Role};

fn form(email: &str, username: &str) -> Registration {
    Registration {
        username: username.to_owned(),
        ..sign_up_form(email)
    }
}

/// The refused fields' names, in the order they were reported.
fn refused_fields(result: Result<crate::user::User, RegisterError>) -> Vec<&'static str> {
    match result {
        Err(RegisterError::Invalid(errors)) => errors.as_slice().iter().map(|e| e.field).collect(),
        other => panic!("expected refused fields, got {other:?}"),
    }
}

#[test]
fn a_sign_up_stores_a_pending_member_with_a_local_password_hash() {
    let (service, fakes) = account_service();
    let user = block_on(service.register(form("  Ruth@Example.ORG ", "ruth"))).unwrap();
    assert_eq!(user.email, "ruth@example.org", "trimmed and lowercased");
    assert_eq!(user.username.as_deref(), Some("ruth"));
    assert_eq!(
        (user.first_name.as_deref(), user.last_name.as_deref()),
        (Some("Ruth"), Some("Moab"))
    );
    assert_eq!(user.role, Role::Member);
    assert!(!user.is_approved, "waits for the super admin's approval");
    assert!(!user.counts_as_approved());
    assert!(!user.email_verified);
    assert_eq!(user.email_verified_at, None);
    assert_eq!(user.auth_provider, AuthProvider::Local);
    assert_eq!(user.google_id, None);
    assert_eq!(
        fakes.users.password_hash(&user.id),
        Some(FakePasswordHasher::hash_of("first password")),
        "only the hash is stored"
    );
    assert_eq!(fakes.users.all(), vec![user]);
}

#[test]
fn the_account_and_its_verification_mail_are_one_unit_of_work() {
    let (service, fakes) = account_service();
    let user = block_on(service.register(form("ruth@example.org", "ruth"))).unwrap();
    assert_eq!(fakes.work.commits(), 1);
    let sent = fakes.mailer.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let mail = &sent[0];
    assert_eq!(mail.to, user.email);
    assert_eq!(
        mail.subject,
        "Confirm your e-mail address for Grace Stories"
    );
    assert!(mail.body.starts_with("Hello Ruth Moab,"), "{}", mail.body);
    assert!(mail.body.contains("within 48 hours"), "{}", mail.body);
    assert_eq!(fakes.tokens.hashes().len(), 1, "the link's token is stored");
}

#[test]
fn a_sign_up_whose_mail_cannot_be_sent_is_not_committed() {
    let (service, fakes) = account_service();
    fakes.mailer.set_failing(true);
    let result = block_on(service.register(form("ruth@example.org", "ruth")));
    assert!(
        matches!(
            result,
            Err(RegisterError::Store(StoreError::Unavailable(_)))
        ),
        "{result:?}"
    );
    assert_eq!(fakes.work.commits(), 0, "the unit of work is abandoned");
}

#[test]
fn every_refused_field_is_reported_at_once_and_nothing_is_stored() {
    let (service, fakes) = account_service();
    let result = block_on(service.register(Registration {
        email: "not an address".to_owned(),
        username: "ruth moab".to_owned(),
        password: "short".to_owned(),
        first_name: "   ".to_owned(),
        last_name: String::new(),
    }));
    assert_eq!(
        refused_fields(result),
        ["email", "username", "password", "firstName", "lastName"]
    );
    assert!(fakes.users.all().is_empty());
    assert!(fakes.mailer.sent().is_empty());
    assert_eq!(fakes.work.commits(), 0);
}

#[test]
fn one_bad_field_is_refused_even_when_the_rest_is_fine() {
    let (service, fakes) = account_service();
    let short = Registration {
        password: "12345".to_owned(),
        ..form("ruth@example.org", "ruth")
    };
    assert_eq!(
        refused_fields(block_on(service.register(short))),
        ["password"]
    );
    let long_name = Registration {
        last_name: "M".repeat(101),
        ..form("ruth@example.org", "ruth")
    };
    assert_eq!(
        refused_fields(block_on(service.register(long_name))),
        ["lastName"]
    );
    assert!(fakes.users.all().is_empty());
}

#[test]
fn nobody_signs_up_with_the_former_members_placeholder_address() {
    let (service, fakes) = account_service();
    let shouted = FORMER_MEMBER_EMAIL.to_uppercase();
    match block_on(service.register(form(&shouted, "former"))) {
        Err(RegisterError::Invalid(errors)) => {
            let errors = errors.into_vec();
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].field, "email");
            assert_eq!(errors[0].message, "This e-mail address cannot be used");
        }
        other => panic!("expected the address refused, got {other:?}"),
    }
    assert!(fakes.users.all().is_empty());
}

#[test]
fn an_address_or_username_already_taken_in_other_letters_is_refused_as_taken() {
    let (service, fakes) = account_service();
    block_on(service.register(form("ruth@example.org", "ruth"))).unwrap();
    let commits = fakes.work.commits();

    let same_address = block_on(service.register(form("RUTH@example.org", "naomi")));
    assert!(
        matches!(&same_address, Err(RegisterError::Taken(field)) if field == "email"),
        "{same_address:?}"
    );
    let same_username = block_on(service.register(form("naomi@example.org", "Ruth")));
    assert!(
        matches!(&same_username, Err(RegisterError::Taken(field)) if field == "username"),
        "{same_username:?}"
    );
    assert_eq!(
        same_address.unwrap_err().to_string(),
        "An account with this email already exists"
    );
    assert_eq!(fakes.users.all().len(), 1);
    assert_eq!(fakes.mailer.sent().len(), 1, "no second verification mail");
    assert_eq!(fakes.work.commits(), commits);
}
