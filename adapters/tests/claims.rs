//! The claim every delivery queue uses (`UPDATE ... WHERE id IN (pick) RETURNING`) takes at
//! most its limit, on both engines. Found by the crash test (`app-server/tests/api/crash.rs`):
//! on PostgreSQL, with the pick as a plain `IN (SELECT ... LIMIT 20 FOR UPDATE SKIP LOCKED)`,
//! the planner ran the pick again for every row it updated (a nested-loop semi join), each
//! run skipping the rows just updated, and one claim of 20 took 148 messages: a worker then
//! held far more than a batch under one lease, more than it may send before the lease runs
//! out (after which another instance sends them again).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::clock::{Clock, SystemClock};
use std::collections::HashSet;

use adapters::testing::each_engine;
use adapters::{OutboxMailer, SeaOrmMailQueue};
use chrono::Duration;
use domain::mail::{MailQueue, Mailer, OutgoingMail};

const MESSAGES: usize = 250;
const LIMIT: u32 = 20;

#[tokio::test]
async fn a_claim_takes_at_most_its_limit_and_each_message_once() {
    each_engine(|db, _| async move {
        let mailer = OutboxMailer::new(db.clone());
        for i in 0..MESSAGES {
            mailer
                .send(OutgoingMail {
                    to: format!("reader{i}@example.org"),
                    subject: format!("Message {i}"),
                    body: "Grace and peace.".to_owned(),
                    html: None,
                    unsubscribe: None,
                })
                .await
                .unwrap();
        }
        let queue = SeaOrmMailQueue::new(db.clone());
        let mut seen = HashSet::new();
        let mut sizes = Vec::new();
        // At most 2 × 250 / 20 claims: the loop stops by itself.
        for _ in 0..(2 * MESSAGES / LIMIT as usize) {
            let now = SystemClock.now();
            let batch = queue
                .claim_due(now, now + Duration::seconds(120), LIMIT)
                .await
                .unwrap();
            if batch.is_empty() {
                break;
            }
            sizes.push(batch.len());
            for claimed in batch {
                assert!(
                    seen.insert(claimed.id),
                    "message {} claimed twice",
                    claimed.id
                );
                queue
                    .mark_sent(claimed.id, SystemClock.now())
                    .await
                    .unwrap();
            }
        }
        let full = MESSAGES / LIMIT as usize;
        let mut expected = vec![LIMIT as usize; full];
        expected.push(MESSAGES % LIMIT as usize);
        assert_eq!(
            sizes,
            expected,
            "batch sizes on {:?}",
            db.get_database_backend()
        );
        assert_eq!(seen.len(), MESSAGES);
    })
    .await;
}
