//! The super admin's side of subscriptions, on fakes: who may, the default frequency, the
//! list, removal, the export's cells and delivery-status reports.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::admin::{SubscriberAdminError, SubscriberAdminPorts, SubscriberAdminService};
use super::export::{csv_cell, subscriptions_csv};
use super::lifecycle::Bounce;
use super::reports::ReportedRecipient;
use super::service_tests::{World, form, world};
use super::{Frequency, SubscriptionConsent, SubscriptionStatus};
use crate::audit::AuditAction;
use crate::paging::InvalidPage;
use crate::permissions::{Caller, Refusal};
use crate::subscription::ports::{NewSubscription, SubscriptionRepository};
use crate::testing::{InMemoryUserRepository, ScriptedReportParser, new_user, t0};
use crate::user::{Role, User, UserRepository};
use crate::validation::Email;

struct Admin {
    w: World,
    service: SubscriberAdminService,
    reports: Arc<ScriptedReportParser>,
    boss: Caller,
}

fn person(email: &str, role: Role) -> User {
    let users = InMemoryUserRepository::new();
    block_on(users.create(new_user(email, role, true))).unwrap()
}

fn admin() -> Admin {
    let w = world();
    let reports = Arc::new(ScriptedReportParser::default());
    let service = SubscriberAdminService::new(SubscriberAdminPorts {
        subscriptions: w.subscriptions.clone(),
        store: w.admin_store.clone(),
        reports: reports.clone(),
        clock: w.clock.clone(),
    });
    Admin {
        w,
        service,
        reports,
        boss: Caller::User(person("boss@example.org", Role::SuperAdmin)),
    }
}

/// Stores a subscription of `email` in `status`.
fn stored(a: &Admin, email: &str, status: SubscriptionStatus, frequency: Frequency) -> i64 {
    block_on(a.w.subscriptions.put(
        NewSubscription {
            email: Email::parse(email).unwrap(),
            user_id: None,
            frequency,
            categories: Vec::new(),
            status,
            created_at: t0(),
            confirmed_at: (status == SubscriptionStatus::Confirmed).then(t0),
            consent: SubscriptionConsent {
                wording: "Get new stories".to_owned(),
                page: "/".to_owned(),
                at: t0(),
            },
        },
        &format!("hash of {email}"),
    ))
    .unwrap()
    .id
}

fn failed(address: &str, status: &str) -> ReportedRecipient {
    ReportedRecipient {
        final_recipient: address.to_owned(),
        action: if status.starts_with('4') {
            "delayed"
        } else {
            "failed"
        }
        .to_owned(),
        status: status.to_owned(),
        diagnostic: Some(format!("smtp; 550 {status} User unknown")),
    }
}

#[test]
fn only_the_super_admin_manages_subscribers() {
    let a = admin();
    assert!(matches!(
        block_on(a.service.summary(&Caller::Visitor)),
        Err(SubscriberAdminError::Refused(Refusal::NotSignedIn))
    ));
    for role in [Role::Member, Role::SubAdmin, Role::Admin] {
        let caller = Caller::User(person("someone@example.org", role));
        assert!(
            matches!(
                block_on(a.service.page(&caller, None, None, None)),
                Err(SubscriberAdminError::Refused(Refusal::Forbidden))
            ),
            "{role:?}"
        );
        assert!(matches!(
            block_on(a.service.record_report(&caller, b"report")),
            Err(SubscriberAdminError::Refused(Refusal::Forbidden))
        ));
    }
}

#[test]
fn the_default_frequency_is_weekly_until_changed_and_a_change_is_logged_and_used() {
    let a = admin();
    let (_, default) = block_on(a.service.summary(&a.boss)).unwrap();
    assert_eq!(default, Frequency::Weekly);
    block_on(a.service.set_default_frequency(&a.boss, Frequency::Monthly)).unwrap();
    // The same choice again changes nothing and logs nothing.
    block_on(a.service.set_default_frequency(&a.boss, Frequency::Monthly)).unwrap();
    let log = a.w.audit.entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, AuditAction::SubscriptionDefaultChanged);
    assert_eq!(log[0].reason.as_deref(), Some("from weekly to monthly"));
    // A sign-up that names no frequency gets the new default.
    block_on(
        a.w.service
            .subscribe(&Caller::Visitor, form("ruth@example.org")),
    )
    .unwrap();
    let s = a.w.subscriptions.all().pop().unwrap();
    assert_eq!(s.frequency, Frequency::Monthly);
}

#[test]
fn counts_go_by_status_and_confirmed_ones_by_frequency() {
    let a = admin();
    stored(
        &a,
        "a@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Each,
    );
    stored(
        &a,
        "b@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Weekly,
    );
    stored(
        &a,
        "c@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Weekly,
    );
    stored(
        &a,
        "d@example.org",
        SubscriptionStatus::Pending,
        Frequency::Monthly,
    );
    stored(
        &a,
        "e@example.org",
        SubscriptionStatus::Suspended,
        Frequency::Weekly,
    );
    let (c, _) = block_on(a.service.summary(&a.boss)).unwrap();
    assert_eq!(
        (c.pending, c.confirmed, c.unsubscribed, c.suspended),
        (1, 3, 0, 1)
    );
    assert_eq!(
        (c.confirmed_each, c.confirmed_weekly, c.confirmed_monthly),
        (1, 2, 0)
    );
}

#[test]
fn the_list_filters_by_status_and_refuses_an_unknown_one_or_a_bad_page() {
    let a = admin();
    stored(
        &a,
        "a@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Each,
    );
    stored(
        &a,
        "b@example.org",
        SubscriptionStatus::Pending,
        Frequency::Weekly,
    );
    let page = block_on(a.service.page(&a.boss, Some("pending"), None, None)).unwrap();
    assert_eq!(page.total, 1);
    assert_eq!(page.items[0].email, "b@example.org");
    let all = block_on(a.service.page(&a.boss, None, Some(1), None)).unwrap();
    assert_eq!((all.total, all.items.len()), (2, 1));
    match block_on(a.service.page(&a.boss, Some("gone"), None, None)) {
        Err(SubscriberAdminError::Invalid(e)) => assert_eq!(e.as_slice()[0].field, "status"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        block_on(a.service.page(&a.boss, None, Some(0), None)),
        Err(SubscriberAdminError::InvalidPage(InvalidPage::Limit(_)))
    ));
    assert!(matches!(
        block_on(a.service.bounces(&a.boss, Some(1000), None)),
        Err(SubscriberAdminError::InvalidPage(InvalidPage::Limit(_)))
    ));
}

#[test]
fn the_second_permanent_failure_suspends_and_is_logged_and_delays_count_nothing() {
    let a = admin();
    let id = stored(
        &a,
        "ruth@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Weekly,
    );
    a.reports
        .set(Some(vec![failed("Ruth@Example.org", "4.4.7")]));
    let delayed = block_on(a.service.record_report(&a.boss, b"a delay")).unwrap();
    assert!(!delayed[0].counted && !delayed[0].suspended);
    assert!(
        a.w.admin_store.stored_bounces().is_empty(),
        "a delay is not stored"
    );

    a.reports.set(Some(vec![
        failed("Ruth@Example.org", "5.1.1"),
        failed("nobody@example.org", "5.1.1"),
    ]));
    let first = block_on(a.service.record_report(&a.boss, b"report one")).unwrap();
    assert_eq!(first[0].address, "ruth@example.org");
    assert!(first[0].counted && !first[0].suspended);
    assert!(!first[1].counted, "nobody subscribed this address");
    let s = block_on(a.w.subscriptions.find(id)).unwrap().unwrap();
    assert_eq!(
        (s.hard_bounces, s.status),
        (1, SubscriptionStatus::Confirmed)
    );
    assert!(a.w.audit.entries().is_empty());

    let second = block_on(a.service.record_report(&a.boss, b"report two")).unwrap();
    assert!(second[0].counted && second[0].suspended);
    let s = block_on(a.w.subscriptions.find(id)).unwrap().unwrap();
    assert_eq!(s.status, SubscriptionStatus::Suspended);
    let log = a.w.audit.entries();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, AuditAction::SubscriberSuspended);
    assert_eq!(log[0].target_label.as_deref(), Some("ruth@example.org"));
    let bounces = a.w.admin_store.stored_bounces();
    assert_eq!(
        bounces.len(),
        2,
        "only the subscribed address's failures are stored"
    );
    assert_eq!(bounces[1].bounce.report, "report two");
    assert_eq!(bounces[1].bounce.status, "5.1.1");

    // A third report is stored but counts for nothing more.
    let third = block_on(a.service.record_report(&a.boss, b"report three")).unwrap();
    assert!(!third[0].counted && !third[0].suspended);
    assert_eq!(a.w.audit.entries().len(), 1);
}

#[test]
fn something_that_is_not_a_report_or_names_no_recipient_is_refused() {
    let a = admin();
    for answer in [None, Some(Vec::new())] {
        a.reports.set(answer);
        match block_on(a.service.record_report(&a.boss, b"hello")) {
            Err(SubscriberAdminError::Invalid(e)) => assert_eq!(e.as_slice()[0].field, "report"),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_report_block_is_a_hard_bounce_only_when_failed_with_a_5xx_status() {
    let block = |action: &str, status: &str| ReportedRecipient {
        final_recipient: "a@example.org".to_owned(),
        action: action.to_owned(),
        status: status.to_owned(),
        diagnostic: None,
    };
    let hard = Some(Bounce::Reported { permanent: true });
    let soft = Some(Bounce::Reported { permanent: false });
    assert_eq!(block("failed", "5.1.1").bounce(), hard);
    assert_eq!(block("Failed", "5.7.1 (refused)").bounce(), hard);
    assert_eq!(block("delayed", "4.4.7").bounce(), soft);
    assert_eq!(block("failed", "4.4.7").bounce(), soft);
    assert_eq!(block("delivered", "2.0.0").bounce(), None);
    assert_eq!(
        block("failed", "550").bounce(),
        None,
        "not an RFC 3464 status"
    );
    assert_eq!(block("failed", "5.x.1").bounce(), None);
}

#[test]
fn removing_deletes_the_subscription_with_its_bounces_and_logs_the_address() {
    let a = admin();
    let id = stored(
        &a,
        "ruth@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Weekly,
    );
    a.reports
        .set(Some(vec![failed("ruth@example.org", "5.1.1")]));
    block_on(a.service.record_report(&a.boss, b"report")).unwrap();
    assert!(matches!(
        block_on(a.service.remove(&a.boss, id + 100)),
        Err(SubscriberAdminError::NotFound)
    ));
    block_on(a.service.remove(&a.boss, id)).unwrap();
    assert!(a.w.subscriptions.all().is_empty());
    assert!(a.w.admin_store.stored_bounces().is_empty());
    let log = a.w.audit.entries();
    assert_eq!(log[0].action, AuditAction::SubscriberRemoved);
    assert_eq!(log[0].target_id, id.to_string());
    assert_eq!(log[0].target_label.as_deref(), Some("ruth@example.org"));
}

#[test]
fn export_cells_never_run_in_a_spreadsheet_and_are_quoted_as_rfc_4180_says() {
    assert_eq!(csv_cell("ruth@example.org"), "ruth@example.org");
    assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    assert_eq!(csv_cell("+1"), "'+1");
    assert_eq!(csv_cell("-1"), "'-1");
    assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(csv_cell("\tx"), "'\tx");
    assert_eq!(csv_cell("\rx"), "\"'\rx\"");
    assert_eq!(csv_cell("a, b"), "\"a, b\"");
    assert_eq!(csv_cell("two\nlines"), "\"two\nlines\"");

    let a = admin();
    stored(
        &a,
        "ruth@example.org",
        SubscriptionStatus::Confirmed,
        Frequency::Weekly,
    );
    let mut s = a.w.subscriptions.all().pop().unwrap();
    s.consent.page = "=cmd|' /C calc'!A0".to_owned();
    s.categories = vec!["Healing".to_owned(), "Worship".to_owned()];
    let csv = subscriptions_csv(&[s]);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines.len(),
        3,
        "header, one row, and the final line break: {csv:?}"
    );
    assert!(lines[0].starts_with("id,email,status,frequency,categories,"));
    assert!(lines[1].contains(",'=cmd|' /C calc'!A0,"), "{}", lines[1]);
    assert!(lines[1].contains(",Healing; Worship,"), "{}", lines[1]);
    let exported = block_on(a.service.export(&a.boss)).unwrap();
    assert!(exported.contains("ruth@example.org"));
}
