//! Outbox rules: retry backoff, delivery state and who may read the outbox.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Mutex;

use futures_executor::block_on;

use super::*;
use crate::mail::{HIDDEN_LINK, MAX_DELIVERY_ATTEMPTS};
use crate::testing::{InMemoryUserRepository, new_user, t0};
use crate::user::{Role, UserRepository};
use async_trait::async_trait;

/// An outbox of `n` messages that records the limit it was asked for.
struct FakeOutbox {
    entries: Vec<OutboxEntry>,
    asked: Mutex<Vec<u64>>,
}

#[async_trait]
impl MailOutbox for FakeOutbox {
    async fn page(
        &self,
        state: Option<DeliveryState>,
        limit: u64,
        offset: u64,
    ) -> Result<crate::paging::Page<OutboxEntry>, StoreError> {
        self.asked.lock().unwrap().push(limit);
        let chosen: Vec<OutboxEntry> = self
            .entries
            .iter()
            .rev()
            .filter(|e| state.is_none_or(|s| e.state() == s))
            .cloned()
            .collect();
        Ok(crate::paging::Page {
            total: chosen.len() as u64,
            items: chosen
                .into_iter()
                .skip(usize::try_from(offset).unwrap())
                .take(usize::try_from(limit).unwrap())
                .collect(),
        })
    }

    async fn retry(&self, id: i64) -> Result<Option<OutboxEntry>, StoreError> {
        Ok(self
            .entries
            .iter()
            .find(|e| e.id == id && e.state() == DeliveryState::Failed)
            .cloned()
            .map(|mut e| {
                e.attempts = 0;
                e
            }))
    }

    async fn exists(&self, id: i64) -> Result<bool, StoreError> {
        Ok(self.entries.iter().any(|e| e.id == id))
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
    (with_work(outbox.clone()), outbox)
}

fn with_work(outbox: Arc<FakeOutbox>) -> MailService {
    let work = Arc::new(crate::testing::FakeUnitOfWork::new(
        crate::testing::WorkParts {
            outbox: outbox.clone(),
            ..crate::testing::WorkParts::new()
        },
    ));
    MailService::new(MailPorts {
        outbox,
        work,
        clock: Arc::new(crate::testing::FixedClock::default()),
    })
}

fn caller(role: Role, approved: bool) -> Caller {
    let users = InMemoryUserRepository::new();
    Caller::User(block_on(users.create(new_user("reader@example.org", role, approved))).unwrap())
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
    let got = block_on(service.outbox(&caller(Role::SuperAdmin, true), None, None, None)).unwrap();
    let ids: Vec<i64> = got.items.iter().map(|e| e.id).collect();
    assert_eq!(ids, [3, 2, 1]);
    assert_eq!(got.total, 3);
}

#[test]
fn the_listing_asks_for_fifty_by_default_and_refuses_pages_out_of_range() {
    let (service, outbox) = service(1);
    let admin = caller(Role::SuperAdmin, true);
    block_on(service.outbox(&admin, None, None, None)).unwrap();
    for (limit, offset) in [
        (Some(0), None),
        (Some(OUTBOX_PAGE_MAX + 1), None),
        (None, Some(1_000_001)),
    ] {
        assert!(matches!(
            block_on(service.outbox(&admin, None, limit, offset)),
            Err(MailOutboxError::InvalidPage(_))
        ));
    }
    assert_eq!(*outbox.asked.lock().unwrap(), [50]);
}

#[test]
fn only_a_failed_message_is_tried_again() {
    let outbox = Arc::new(FakeOutbox {
        entries: vec![
            entry(1, true, 1),
            entry(2, false, 1),
            entry(3, false, MAX_DELIVERY_ATTEMPTS),
        ],
        asked: Mutex::new(Vec::new()),
    });
    let service = with_work(outbox);
    let admin = caller(Role::SuperAdmin, true);
    assert_eq!(block_on(service.retry(&admin, 3)).unwrap().attempts, 0);
    for id in [1, 2] {
        assert!(matches!(
            block_on(service.retry(&admin, id)),
            Err(MailOutboxError::NotFailed)
        ));
    }
    assert!(matches!(
        block_on(service.retry(&admin, 9)),
        Err(MailOutboxError::NotFound)
    ));
    let failed = block_on(service.outbox(&admin, Some(DeliveryState::Failed), None, None)).unwrap();
    assert_eq!(failed.items.iter().map(|e| e.id).collect::<Vec<_>>(), [3]);
}

#[test]
fn nobody_but_the_super_admin_reads_the_outbox() {
    let (service, outbox) = service(2);
    assert!(matches!(
        block_on(service.outbox(&Caller::Visitor, None, None, None)),
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
                block_on(service.outbox(&caller(role, true), None, None, None)),
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
    assert_eq!(shown.matches(HIDDEN_LINK).count(), 2);
    assert!(shown.contains("https://grace.example/dashboard\n"));
    assert!(shown.starts_with("Hello,\nopen [link hidden] within"));
}
