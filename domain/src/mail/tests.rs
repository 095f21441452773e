//! Outbox rules: retry backoff, delivery state and who may read the outbox.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Mutex;

use futures_executor::block_on;

use super::*;
use crate::testing::{InMemoryUserRepository, new_user, t0};
use crate::user::{Role, UserRepository};

/// An outbox of `n` messages that records the limit it was asked for.
struct FakeOutbox {
    entries: Vec<OutboxEntry>,
    asked: Mutex<Vec<u64>>,
}

#[async_trait]
impl MailOutbox for FakeOutbox {
    async fn recent(&self, limit: u64) -> Result<Vec<OutboxEntry>, StoreError> {
        self.asked.lock().unwrap().push(limit);
        Ok(self
            .entries
            .iter()
            .rev()
            .take(usize::try_from(limit).unwrap())
            .cloned()
            .collect())
    }
}

fn entry(id: i64, sent: bool, attempts: u32) -> OutboxEntry {
    OutboxEntry {
        id,
        to: "someone@example.org".to_owned(),
        subject: format!("Message {id}"),
        body: "Hello".to_owned(),
        created_at: t0(),
        sent_at: sent.then(t0),
        attempts,
        last_error: None,
    }
}

fn service(n: i64) -> (MailService, Arc<FakeOutbox>) {
    let outbox = Arc::new(FakeOutbox {
        entries: (1..=n).map(|id| entry(id, false, 0)).collect(),
        asked: Mutex::new(Vec::new()),
    });
    (MailService::new(outbox.clone()), outbox)
}

fn caller(role: Role, approved: bool) -> Caller {
    let users = InMemoryUserRepository::new();
    Caller::User(block_on(users.create(new_user("reader@example.org", role, approved))).unwrap())
}

#[test]
fn retries_wait_one_minute_then_double_up_to_an_hour() {
    let waits: Vec<i64> = (1..=9).map(|a| retry_delay(a).num_minutes()).collect();
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    assert_eq!(retry_delay(0).num_minutes(), 1);
    assert_eq!(retry_delay(u32::MAX).num_minutes(), 60);
}

#[test]
fn a_message_is_sent_pending_or_failed() {
    assert_eq!(entry(1, true, 1).state(), DeliveryState::Sent);
    assert_eq!(entry(1, true, 9).state(), DeliveryState::Sent);
    assert_eq!(entry(1, false, 0).state(), DeliveryState::Pending);
    assert_eq!(
        entry(1, false, MAX_DELIVERY_ATTEMPTS - 1).state(),
        DeliveryState::Pending
    );
    assert_eq!(
        entry(1, false, MAX_DELIVERY_ATTEMPTS).state(),
        DeliveryState::Failed
    );
}

#[test]
fn the_super_admin_reads_the_newest_messages_first() {
    let (service, _) = service(3);
    let got = block_on(service.outbox(&caller(Role::SuperAdmin, true), None)).unwrap();
    let ids: Vec<i64> = got.iter().map(|e| e.id).collect();
    assert_eq!(ids, [3, 2, 1]);
}

#[test]
fn the_listing_asks_for_fifty_by_default_and_never_more_than_the_maximum() {
    let (service, outbox) = service(1);
    let admin = caller(Role::SuperAdmin, true);
    block_on(service.outbox(&admin, None)).unwrap();
    block_on(service.outbox(&admin, Some(0))).unwrap();
    block_on(service.outbox(&admin, Some(10_000))).unwrap();
    assert_eq!(*outbox.asked.lock().unwrap(), [50, 1, OUTBOX_PAGE_MAX]);
}

#[test]
fn nobody_but_the_super_admin_reads_the_outbox() {
    let (service, outbox) = service(2);
    assert!(matches!(
        block_on(service.outbox(&Caller::Visitor, None)),
        Err(MailOutboxError::Refused(Refusal::NotSignedIn))
    ));
    for role in [
        Role::Member,
        Role::RegularContributor,
        Role::PrimaryContributor,
        Role::Admin,
        Role::SubAdmin,
    ] {
        assert!(
            matches!(
                block_on(service.outbox(&caller(role, true), None)),
                Err(MailOutboxError::Refused(Refusal::Forbidden))
            ),
            "{role:?} must be refused"
        );
    }
    assert!(outbox.asked.lock().unwrap().is_empty());
}

#[test]
fn one_time_links_are_hidden_from_whoever_reads_the_outbox() {
    let body = "Hello,\nopen https://grace.example/reset-password?token=abc123 within 60 minutes.\nOr https://grace.example/verify-email?token=def\nSee https://grace.example/dashboard\n";
    let shown = super::hide_one_time_links(body);
    assert!(
        !shown.contains("abc123") && !shown.contains("def\n"),
        "{shown}"
    );
    assert_eq!(shown.matches(super::HIDDEN_LINK).count(), 2);
    assert!(shown.contains("https://grace.example/dashboard\n"));
    assert!(shown.starts_with("Hello,\nopen [link hidden] within"));
}
