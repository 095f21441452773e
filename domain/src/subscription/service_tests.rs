//! Signing up, confirming, changing and leaving, on fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;
use std::sync::Arc;

use super::service::{SubscribeError, SubscribeForm, SubscriptionLinkError, SubscriptionPorts};
use super::{ConfirmError, Frequency, SUBSCRIBE_WORDING, SubscriptionService, SubscriptionStatus};
use crate::mail::SiteIdentity;
use crate::permissions::Caller;
use crate::testing::{
    FixedClock, InMemoryAuditLog, InMemoryCategoryRepository, InMemorySubscriberAdmin,
    InMemorySubscriptions, InMemoryUserRepository, RecordingMailer, SequentialTokenMinter,
    new_user, t0,
};
use crate::user::{Role, UserRepository};

pub(super) struct World {
    pub(super) service: SubscriptionService,
    pub(super) subscriptions: Arc<InMemorySubscriptions>,
    pub(super) mailer: Arc<RecordingMailer>,
    pub(super) clock: Arc<FixedClock>,
    /// The settings (and the super admin's store) the service reads.
    pub(super) admin_store: Arc<InMemorySubscriberAdmin>,
    pub(super) audit: Arc<InMemoryAuditLog>,
}

pub(super) fn world() -> World {
    let subscriptions = Arc::new(InMemorySubscriptions::new());
    let categories = Arc::new(InMemoryCategoryRepository::new());
    categories.add_names(["Worship", "Healing"]);
    let mailer = Arc::new(RecordingMailer::default());
    let clock = Arc::new(FixedClock::default());
    let audit = Arc::new(InMemoryAuditLog::new());
    let admin_store = Arc::new(InMemorySubscriberAdmin::new(
        subscriptions.clone(),
        audit.clone(),
    ));
    let service = SubscriptionService::new(SubscriptionPorts {
        subscriptions: subscriptions.clone(),
        categories,
        mailer: mailer.clone(),
        minter: Arc::new(SequentialTokenMinter::default()),
        signer: Arc::new(crate::testing::KeyedSigner::default()),
        clock: clock.clone(),
        site: SiteIdentity {
            name: "Grace Stories".to_owned(),
            public_url: "https://grace.example/".to_owned(),
        },
        settings: admin_store.clone(),
    });
    World {
        service,
        subscriptions,
        mailer,
        clock,
        admin_store,
        audit,
    }
}

pub(super) fn form(email: &str) -> SubscribeForm {
    SubscribeForm {
        email: email.to_owned(),
        frequency: None,
        categories: Vec::new(),
        page: "/stories/42".to_owned(),
        website: None,
    }
}

/// The token in the last mail's link.
pub(super) fn token_in_last_mail(w: &World, path: &str) -> String {
    let body = w.mailer.sent().last().unwrap().body.clone();
    let start = body
        .find(&format!(
            "https://grace.example/subscriptions/{path}?token="
        ))
        .unwrap_or_else(|| panic!("a {path} link in {body}"));
    body[start..]
        .split_once("token=")
        .unwrap()
        .1
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn a_visitor_signs_up_and_confirms_by_the_mailed_link() {
    let w = world();
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form(" Reader@Example.org ")),
    )
    .unwrap();
    let stored = w.subscriptions.all();
    assert_eq!(stored.len(), 1);
    let s = &stored[0];
    assert_eq!(s.email, "reader@example.org");
    assert_eq!(s.status, SubscriptionStatus::Pending);
    assert_eq!(s.frequency, Frequency::Weekly, "the site's default");
    assert_eq!(s.consent.wording, SUBSCRIBE_WORDING);
    assert_eq!(s.consent.page, "/stories/42");
    let mail = w.mailer.sent().last().unwrap().clone();
    assert_eq!(mail.to, "reader@example.org");
    assert_eq!(mail.subject, "Confirm your subscription to Grace Stories");

    let token = token_in_last_mail(&w, "confirm");
    let confirmed = block_on(w.service.confirm(&token)).unwrap();
    assert_eq!(confirmed.status, SubscriptionStatus::Confirmed);
    assert_eq!(
        w.subscriptions.all()[0].status,
        SubscriptionStatus::Confirmed
    );
    // The link may be opened again harmlessly; a made-up one finds nothing.
    block_on(w.service.confirm(&token)).unwrap();
    assert!(matches!(
        block_on(w.service.confirm("made-up")),
        Err(SubscriptionLinkError::InvalidLink)
    ));
    assert!(matches!(
        block_on(w.service.confirm("  ")),
        Err(SubscriptionLinkError::InvalidLink)
    ));
}

#[test]
fn signing_up_again_answers_alike_and_never_touches_a_confirmed_subscription() {
    let w = world();
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("reader@example.org")),
    )
    .unwrap();
    let first = token_in_last_mail(&w, "confirm");
    // Pending: the confirmation goes again, with a new link that replaces the first.
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("reader@example.org")),
    )
    .unwrap();
    assert_eq!(w.mailer.sent().len(), 2);
    let second = token_in_last_mail(&w, "confirm");
    assert!(matches!(
        block_on(w.service.confirm(&first)),
        Err(SubscriptionLinkError::InvalidLink)
    ));
    block_on(w.service.confirm(&second)).unwrap();

    // Confirmed: a stranger's sign-up with other choices changes nothing and mails nothing.
    let mut other = form("reader@example.org");
    other.frequency = Some("each".to_owned());
    other.categories = vec!["Healing".to_owned()];
    block_on(w.service.subscribe(&Caller::Visitor, other)).unwrap();
    assert_eq!(w.mailer.sent().len(), 2);
    let s = w.subscriptions.all()[0].clone();
    assert_eq!(s.frequency, Frequency::Weekly);
    assert!(s.categories.is_empty());
    assert_eq!(s.status, SubscriptionStatus::Confirmed);
}

#[test]
fn a_member_with_a_verified_address_is_subscribed_at_once() {
    let w = world();
    let users = InMemoryUserRepository::new();
    let mut member =
        block_on(users.create(new_user("maria@example.org", Role::Member, true))).unwrap();
    member.email_verified = true;
    block_on(
        w.service
            .subscribe(&Caller::User(member.clone()), form("maria@example.org")),
    )
    .unwrap();
    let s = w.subscriptions.all()[0].clone();
    assert_eq!(s.status, SubscriptionStatus::Confirmed);
    assert_eq!(s.user_id.as_ref(), Some(&member.id));
    let mail = w.mailer.sent().last().unwrap().clone();
    assert_eq!(mail.subject, "You are subscribed to Grace Stories");
    let token = token_in_last_mail(&w, "unsubscribe");
    block_on(w.service.unsubscribe(&token)).unwrap();
    assert_eq!(
        w.subscriptions.all()[0].status,
        SubscriptionStatus::Unsubscribed
    );

    // Someone else's address, or an unverified one, still needs the mailed link.
    block_on(
        w.service
            .subscribe(&Caller::User(member.clone()), form("friend@example.org")),
    )
    .unwrap();
    member.email_verified = false;
    block_on(
        w.service
            .subscribe(&Caller::User(member), form("maria@example.org")),
    )
    .unwrap();
    let statuses: Vec<_> = w
        .subscriptions
        .all()
        .into_iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(
        statuses,
        [SubscriptionStatus::Pending, SubscriptionStatus::Pending]
    );
}

#[test]
fn bad_fields_are_named_and_nothing_is_stored_or_mailed() {
    let w = world();
    let mut bad = form("not an address");
    bad.frequency = Some("daily".to_owned());
    bad.categories = vec!["Worship".to_owned(), "Gardening".to_owned()];
    let Err(SubscribeError::Invalid(errors)) = block_on(w.service.subscribe(&Caller::Visitor, bad))
    else {
        panic!("refused");
    };
    let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
    assert_eq!(fields, ["email", "frequency", "categories"]);
    assert!(w.subscriptions.all().is_empty());
    assert!(w.mailer.sent().is_empty());

    let mut long = form("reader@example.org");
    long.page = format!("/{}", "a".repeat(200));
    let Err(SubscribeError::Invalid(errors)) =
        block_on(w.service.subscribe(&Caller::Visitor, long))
    else {
        panic!("refused");
    };
    assert_eq!(errors.as_slice()[0].field, "page");

    let mut many = form("reader@example.org");
    many.categories = (0..60).map(|i| format!("c{i}")).collect();
    assert!(matches!(
        block_on(w.service.subscribe(&Caller::Visitor, many)),
        Err(SubscribeError::Invalid(_))
    ));
}

#[test]
fn categories_are_kept_once_each_and_the_page_must_be_a_site_path() {
    let w = world();
    let mut f = form("reader@example.org");
    f.categories = vec![
        "Worship".to_owned(),
        " worship ".to_owned(),
        String::new(),
        "Healing".to_owned(),
    ];
    f.frequency = Some("monthly".to_owned());
    f.page = "https://elsewhere.example/".to_owned();
    block_on(w.service.subscribe(&Caller::Visitor, f)).unwrap();
    let s = w.subscriptions.all()[0].clone();
    assert_eq!(s.categories, ["Worship", "Healing"]);
    assert_eq!(s.frequency, Frequency::Monthly);
    assert_eq!(s.consent.page, "/");
}

#[test]
fn an_unconfirmed_sign_up_expires_after_seven_days_and_is_purged() {
    let w = world();
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("late@example.org")),
    )
    .unwrap();
    let token = token_in_last_mail(&w, "confirm");
    w.clock.set(t0() + Duration::days(7));
    assert!(matches!(
        block_on(w.service.confirm(&token)),
        Err(SubscriptionLinkError::Confirm(ConfirmError::Expired))
    ));
    assert_eq!(block_on(w.service.purge_unconfirmed()).unwrap(), 1);
    assert!(w.subscriptions.all().is_empty());
}

#[test]
fn the_link_in_a_mail_changes_the_frequency_until_the_subscription_ends() {
    let w = world();
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("reader@example.org")),
    )
    .unwrap();
    let token = token_in_last_mail(&w, "confirm");
    block_on(w.service.confirm(&token)).unwrap();
    let changed = block_on(w.service.change_frequency(&token, Frequency::Monthly)).unwrap();
    assert_eq!(changed.frequency, Frequency::Monthly);
    block_on(w.service.unsubscribe(&token)).unwrap();
    assert!(matches!(
        block_on(w.service.change_frequency(&token, Frequency::Weekly)),
        Err(SubscriptionLinkError::Confirm(ConfirmError::Ended))
    ));
    // Leaving twice is leaving once.
    block_on(w.service.unsubscribe(&token)).unwrap();
}

#[test]
fn a_filled_honeypot_hears_the_same_and_nothing_happens() {
    let w = world();
    let mut robot = form("reader@example.org");
    robot.website = Some("https://spam.example".to_owned());
    block_on(w.service.subscribe(&Caller::Visitor, robot)).unwrap();
    assert!(w.subscriptions.all().is_empty());
    assert!(w.mailer.sent().is_empty());
    // A control character is refused there as in every text.
    let mut odd = form("reader@example.org");
    odd.website = Some("\u{7f}".to_owned());
    assert!(matches!(
        block_on(w.service.subscribe(&Caller::Visitor, odd)),
        Err(SubscribeError::Invalid(_))
    ));
}

#[test]
fn an_address_refused_for_good_at_delivery_is_suspended_at_once() {
    use crate::mail::RefusedSubscriberMail;
    let w = world();
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("gone@example.org")),
    )
    .unwrap();
    let token = token_in_last_mail(&w, "confirm");
    block_on(w.service.confirm(&token)).unwrap();
    block_on(w.service.refused("GONE@example.org")).unwrap();
    assert_eq!(
        w.subscriptions.all()[0].status,
        SubscriptionStatus::Suspended
    );
    // An address nobody subscribed is no error.
    block_on(w.service.refused("stranger@example.org")).unwrap();
    // Signing up again starts a new confirmation, as for anyone who left.
    block_on(
        w.service
            .subscribe(&Caller::Visitor, form("gone@example.org")),
    )
    .unwrap();
    assert_eq!(w.subscriptions.all()[0].status, SubscriptionStatus::Pending);
}
