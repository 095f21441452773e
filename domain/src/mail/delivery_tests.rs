//! Mail delivery on the in-memory fakes with the fixed clock: sent, refused, retried with
//! backoff, given up.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::delivery::{Round, retry_delay};
use crate::testing::{FixedClock, InMemoryMailQueue, ScriptedMailTransport, t0};

struct World {
    queue: Arc<InMemoryMailQueue>,
    transport: Arc<ScriptedMailTransport>,
    clock: Arc<FixedClock>,
    delivery: MailDelivery,
}

fn world() -> World {
    let queue = Arc::new(InMemoryMailQueue::new());
    let transport = Arc::new(ScriptedMailTransport::new());
    let clock = Arc::new(FixedClock::new(t0()));
    let delivery = MailDelivery::new(queue.clone(), transport.clone(), clock.clone());
    World {
        queue,
        transport,
        clock,
        delivery,
    }
}

#[test]
fn due_messages_are_sent_once_and_marked_sent() {
    let w = world();
    w.queue.push("ann@example.org", "One");
    w.queue.push("ben@example.org", "Two");
    let round = block_on(w.delivery.deliver_due()).unwrap();
    assert_eq!(
        round,
        Round {
            delivered: 2,
            ..Round::default()
        }
    );
    assert_eq!(w.transport.accepted().len(), 2);
    assert!(w.queue.rows().iter().all(|r| r.sent_at == Some(t0())));
    assert_eq!(
        block_on(w.delivery.deliver_due()).unwrap(),
        Round::default()
    );
}

#[test]
fn an_outage_is_retried_after_the_backoff_and_a_refusal_is_final() {
    let w = world();
    w.queue.push("ann@example.org", "Away");
    w.queue.push("nobody@example.org", "Refused");
    w.transport
        .then(Err(TransportError::Unavailable(
            "connection refused".into(),
        )))
        .then(Err(TransportError::Refused("550 no such user".into())));
    let round = block_on(w.delivery.deliver_due()).unwrap();
    assert_eq!(
        round,
        Round {
            delivered: 0,
            retrying: 1,
            failed: 1,
            more: false,
        }
    );
    let rows = w.queue.rows();
    assert_eq!(rows[0].next_attempt_at, Some(t0() + retry_delay(1)));
    assert_eq!(rows[1].attempts, MAX_DELIVERY_ATTEMPTS, "no tries left");
    // Not due yet: nothing happens; once due, it goes out.
    w.clock.advance(retry_delay(1) - Duration::seconds(1));
    assert_eq!(
        block_on(w.delivery.deliver_due()).unwrap(),
        Round::default()
    );
    w.clock.advance(Duration::seconds(1));
    assert_eq!(block_on(w.delivery.deliver_due()).unwrap().delivered, 1);
    assert_eq!(w.transport.accepted()[0].subject, "Away");
}

#[test]
fn the_last_try_of_an_outage_gives_up_and_says_so() {
    let w = world();
    w.queue.push("ann@example.org", "Never");
    for attempt in 1..=MAX_DELIVERY_ATTEMPTS {
        w.transport
            .then(Err(TransportError::Unavailable("timed out".into())));
        let round = block_on(w.delivery.deliver_due()).unwrap();
        if attempt < MAX_DELIVERY_ATTEMPTS {
            assert_eq!(round.retrying, 1, "attempt {attempt}");
        } else {
            assert_eq!(round.failed, 1);
        }
        w.clock.advance(Duration::hours(2));
    }
    let row = &w.queue.rows()[0];
    assert!(
        row.last_error
            .as_deref()
            .unwrap()
            .contains("gave up after 5 tries")
    );
    assert_eq!(
        block_on(w.delivery.deliver_due()).unwrap(),
        Round::default()
    );
}

#[test]
fn a_round_takes_batches_until_the_outbox_is_empty_but_never_unbounded() {
    let w = world();
    let n = MAIL_BATCH as usize * 2 + 3;
    for i in 0..n {
        w.queue.push("ann@example.org", &format!("Message {i}"));
    }
    let round = block_on(w.delivery.deliver_due()).unwrap();
    assert_eq!((round.delivered, round.more), (n, false));
    let w = world();
    let many = MAIL_BATCH as usize * crate::delivery::MAX_BATCHES_PER_ROUND + 1;
    for i in 0..many {
        w.queue.push("ann@example.org", &format!("Message {i}"));
    }
    // The round stops at its bound and says more is due; the next one takes the rest.
    let first = block_on(w.delivery.deliver_due()).unwrap();
    assert_eq!((first.delivered, first.more), (many - 1, true));
    let second = block_on(w.delivery.deliver_due()).unwrap();
    assert_eq!((second.delivered, second.more), (1, false));
}

/// Remembers the addresses it was told of.
#[derive(Default)]
struct Refusals(std::sync::Mutex<Vec<String>>);

#[async_trait::async_trait]
impl RefusedSubscriberMail for Refusals {
    async fn refused(&self, to: &str) -> Result<(), crate::StoreError> {
        self.0.lock().unwrap().push(to.to_owned());
        Ok(())
    }
}

#[test]
fn a_subscriber_mail_refused_for_good_is_reported_and_account_mail_is_not() {
    let w = world();
    let refusals = Arc::new(Refusals::default());
    let delivery = w.delivery.clone().with_refusals(refusals.clone());
    w.queue
        .push_subscriber_mail("gone@example.org", "This week");
    w.queue.push("old@example.org", "Reset your password");
    w.queue
        .push_subscriber_mail("away@example.org", "This week");
    w.transport
        .then(Err(TransportError::Refused("550 no such user".into())))
        .then(Err(TransportError::Refused("550 no such user".into())))
        .then(Err(TransportError::Unavailable("421 try later".into())));
    let round = block_on(delivery.deliver_due()).unwrap();
    assert_eq!((round.failed, round.retrying), (2, 1));
    // A temporary answer is no bounce; account mail never touches subscriptions.
    assert_eq!(*refusals.0.lock().unwrap(), ["gone@example.org"]);
}
