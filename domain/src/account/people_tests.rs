//! The super admin's people rules on fakes: approving with a role (mailed and logged), the
//! last super admin, one's own account, suspension and the pending list's pages.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::PeopleError;
use crate::audit::AuditAction;
use crate::paging::InvalidPage;
use crate::permissions::{Caller, Refusal};
use crate::session::SessionRecord;
use crate::testing::{AccountFakes, account_service, t0};
use crate::user::{AuthProvider, NewUser, Role, User, UserRepository};

fn person(fakes: &AccountFakes, email: &str, role: Role, approved: bool) -> User {
    block_on(fakes.users.create(NewUser {
        email: email.to_owned(),
        username: Some(email.split('@').next().unwrap().to_owned()),
        password_hash: None,
        first_name: Some("Ruth".to_owned()),
        last_name: Some("Moab".to_owned()),
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role,
        is_approved: approved,
        email_verified: true,
    }))
    .unwrap()
}

#[test]
fn approving_with_a_role_mails_the_person_and_logs_it() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let ruth = person(&fakes, "ruth@example.org", Role::Member, false);
    let after = block_on(service.set_role(
        &Caller::User(boss),
        &ruth.id,
        Role::RegularContributor,
        true,
    ))
    .unwrap();
    assert_eq!(
        (after.role, after.is_approved),
        (Role::RegularContributor, true)
    );
    let mail = fakes.mailer.sent().pop().expect("an approval mail");
    assert_eq!(mail.to, "ruth@example.org");
    assert!(
        mail.body.contains("https://grace.example/dashboard"),
        "{}",
        mail.body
    );
    let entry = fakes.work.audit().entries().pop().expect("a log entry");
    assert_eq!(entry.action, AuditAction::PersonApproved);
}

#[test]
fn changing_a_role_again_logs_a_role_change_and_mails_nobody() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let ruth = person(&fakes, "ruth@example.org", Role::Member, true);
    block_on(service.set_role(&Caller::User(boss), &ruth.id, Role::Admin, true)).unwrap();
    assert!(fakes.mailer.sent().is_empty());
    let entry = fakes.work.audit().entries().pop().unwrap();
    assert_eq!(entry.action, AuditAction::RoleChanged);
}

#[test]
fn only_a_super_admin_manages_people_and_never_their_own_account() {
    let (service, fakes) = account_service();
    let admin = person(&fakes, "admin@example.org", Role::Admin, true);
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let ruth = person(&fakes, "ruth@example.org", Role::Member, false);
    let refused = block_on(service.set_role(&Caller::User(admin), &ruth.id, Role::Admin, true));
    assert!(matches!(
        refused,
        Err(PeopleError::Refused(Refusal::Forbidden))
    ));
    let visitor = block_on(service.delete_user(&Caller::Visitor, &ruth.id));
    assert!(matches!(
        visitor,
        Err(PeopleError::Refused(Refusal::NotSignedIn))
    ));
    let own = block_on(service.delete_user(&Caller::User(boss.clone()), &boss.id));
    assert!(matches!(own, Err(PeopleError::OwnAccount)));
    assert_eq!(fakes.work.commits(), 0, "nothing was written");
}

#[test]
fn the_last_super_admin_is_never_demoted_or_deleted() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let deputy = person(&fakes, "deputy@example.org", Role::SuperAdmin, true);
    // Two super admins: one may demote the other...
    block_on(service.set_role(&Caller::User(boss.clone()), &deputy.id, Role::Admin, true)).unwrap();
    // ...who, now an admin, cannot touch the last one.
    let deputy = block_on(fakes.users.find(&deputy.id)).unwrap().unwrap();
    let refused = block_on(service.delete_user(&Caller::User(deputy), &boss.id));
    assert!(matches!(
        refused,
        Err(PeopleError::Refused(Refusal::Forbidden))
    ));
    // A super admin deletes another; a second delete finds nobody.
    let third = person(&fakes, "third@example.org", Role::SuperAdmin, true);
    block_on(service.delete_user(&Caller::User(boss.clone()), &third.id)).unwrap();
    let missing = block_on(service.delete_user(&Caller::User(boss), &third.id));
    assert!(matches!(missing, Err(PeopleError::NotFound)));
}

#[test]
fn a_super_admin_cannot_demote_the_only_super_admin_left() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let other = person(&fakes, "other@example.org", Role::SuperAdmin, true);
    // `other` leaves the role, so `boss` is the only super admin left.
    block_on(service.set_role(&Caller::User(boss.clone()), &other.id, Role::Member, true)).unwrap();
    assert_eq!(
        block_on(fakes.users.count_with_role(Role::SuperAdmin)).unwrap(),
        1
    );
    // A request that began while `other` was still a super admin (its caller record says
    // so) meets the stored count and is refused.
    let stale = User {
        role: Role::SuperAdmin,
        ..block_on(fakes.users.find(&other.id)).unwrap().unwrap()
    };
    let refused = block_on(service.set_role(&Caller::User(stale), &boss.id, Role::Member, true));
    assert!(matches!(refused, Err(PeopleError::LastSuperAdmin)));
}

#[test]
fn suspending_needs_a_reason_and_ends_the_persons_sessions() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    let ruth = person(&fakes, "ruth@example.org", Role::Member, true);
    let blank = block_on(service.suspend(&Caller::User(boss.clone()), &ruth.id, "  "));
    assert!(matches!(blank, Err(PeopleError::Invalid(_))));
    block_on(fakes.sessions.save(SessionRecord {
        sid: "s1".to_owned(),
        sess: "{}".to_owned(),
        expire: t0() + Duration::days(1),
        user_id: Some(ruth.id.as_str().to_owned()),
        handle: Some("h1".to_owned()),
    }))
    .unwrap();
    let after = block_on(service.suspend(&Caller::User(boss), &ruth.id, "Spam")).unwrap();
    assert!(!after.is_approved);
    assert!(fakes.sessions.is_empty(), "her sessions ended");
    let mail = fakes.mailer.sent().pop().expect("the reason is mailed");
    assert!(mail.body.contains("Spam"), "{}", mail.body);
}

#[test]
fn the_pending_list_pages_by_the_shared_rule() {
    let (service, fakes) = account_service();
    let boss = person(&fakes, "boss@example.org", Role::SuperAdmin, true);
    for i in 0..3 {
        person(&fakes, &format!("p{i}@example.org"), Role::Member, false);
    }
    let caller = Caller::User(boss);
    let page = block_on(service.list_pending(&caller, Some(2), None)).unwrap();
    assert_eq!((page.items.len(), page.total), (2, 3));
    let zero = block_on(service.list_pending(&caller, Some(0), None));
    assert!(matches!(
        zero,
        Err(PeopleError::InvalidPage(InvalidPage::Limit(100)))
    ));
    let far = block_on(service.list_pending(&caller, None, Some(1_000_001)));
    assert!(matches!(
        far,
        Err(PeopleError::InvalidPage(InvalidPage::Offset(_)))
    ));
}
