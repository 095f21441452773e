//! Mail delivery against real databases (SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set) and a real SMTP conversation with a small SMTP server
//! started by the test on localhost.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use adapters::testing::each_engine;
use adapters::testing::smtp::SmtpSink;
use adapters::{OutboxMailer, SeaOrmMailOutbox, SeaOrmMailQueue, SmtpTransport};
use domain::delivery::Round;
use domain::mail::MailDelivery;
use domain::mail::{DeliveryState, MAX_DELIVERY_ATTEMPTS, MailOutbox, Mailer, OutgoingMail};
use sea_orm::ConnectionTrait;

const NAME: &str = "Grace Stories";
const FROM: &str = "support@example.org";

/// The delivery worker as the server builds it, on `db`, over the SMTP server at `url`.
fn delivery(db: &adapters::DatabaseConnection, url: &str) -> MailDelivery {
    MailDelivery::new(
        Arc::new(SeaOrmMailQueue::new(db.clone())),
        Arc::new(SmtpTransport::new(url, NAME, FROM).unwrap()),
        Arc::new(domain::clock::SystemClock),
    )
}

fn round(delivered: usize, retrying: usize, failed: usize) -> Round {
    Round {
        delivered,
        retrying,
        failed,
        more: false,
    }
}

fn mail(to: &str, subject: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.into(),
        subject: subject.into(),
        body: format!("Dear friend,\n\n{subject}.\n"),
        html: None,
        unsubscribe: None,
    }
}

async fn outbox(db: &adapters::DatabaseConnection) -> Vec<domain::mail::OutboxEntry> {
    SeaOrmMailOutbox::new(db.clone())
        .page(None, 200, 0)
        .await
        .unwrap()
        .items
}

#[tokio::test]
async fn recorded_mail_is_sent_once_over_smtp() {
    each_engine(|db, _| async move {
        let sink = SmtpSink::start().await;
        let mailer = OutboxMailer::new(db.clone());
        mailer
            .send(mail("ruth@example.org", "Your account is approved"))
            .await
            .unwrap();
        mailer
            .send(mail("boaz@example.org", "Your story was approved"))
            .await
            .unwrap();
        let delivery = delivery(&db, &sink.url());

        let report = delivery.deliver_due().await.unwrap();
        assert_eq!(report, round(2, 0, 0));
        let got = sink.received();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].to, "ruth@example.org");
        assert!(
            got[0].data.contains("Subject: Your account is approved"),
            "{}",
            got[0].data
        );
        assert!(
            got[0]
                .data
                .contains("From: \"Grace Stories\" <support@example.org>")
                || got[0]
                    .data
                    .contains("From: Grace Stories <support@example.org>"),
            "{}",
            got[0].data
        );
        assert!(got[0].data.contains("Dear friend,"));
        assert_eq!(got[1].to, "boaz@example.org");

        let rows = outbox(&db).await;
        assert!(
            rows.iter()
                .all(|e| e.state() == DeliveryState::Sent && e.attempts == 1)
        );

        // Nothing is sent twice.
        assert_eq!(delivery.deliver_due().await.unwrap(), Round::default());
        assert_eq!(sink.received().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn a_refused_recipient_is_not_tried_again() {
    each_engine(|db, _| async move {
        let sink = SmtpSink::start().await;
        let mailer = OutboxMailer::new(db.clone());
        mailer
            .send(mail("bounce@example.org", "Welcome"))
            .await
            .unwrap();
        mailer
            .send(mail("naomi@example.org", "Welcome"))
            .await
            .unwrap();
        let delivery = delivery(&db, &sink.url());

        assert_eq!(delivery.deliver_due().await.unwrap(), round(1, 0, 1));
        let rows = outbox(&db).await;
        let bounced = rows.iter().find(|e| e.to == "bounce@example.org").unwrap();
        assert_eq!(bounced.state(), DeliveryState::Failed);
        assert_eq!(bounced.attempts, MAX_DELIVERY_ATTEMPTS);
        assert!(
            bounced
                .last_error
                .as_deref()
                .unwrap_or("")
                .contains("No such user")
        );

        // Even when due again, a failed message stays put.
        db.execute_unprepared("UPDATE mail_outbox SET next_attempt_at = NULL")
            .await
            .unwrap();
        assert_eq!(delivery.deliver_due().await.unwrap(), Round::default());
    })
    .await;
}

#[tokio::test]
async fn mail_waits_in_the_outbox_while_the_server_is_away_and_goes_out_later() {
    each_engine(|db, _| async move {
        // A port nobody listens on.
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        OutboxMailer::new(db.clone())
            .send(mail("lydia@example.org", "Reminder"))
            .await
            .unwrap();
        let down = delivery(&db, &format!("smtp://127.0.0.1:{port}"));
        assert_eq!(down.deliver_due().await.unwrap(), round(0, 1, 0));
        let row = outbox(&db).await.remove(0);
        assert_eq!(row.state(), DeliveryState::Pending);
        assert_eq!(row.attempts, 1);
        assert!(row.last_error.is_some());

        // Not due yet: the backoff holds it back.
        assert_eq!(down.deliver_due().await.unwrap(), Round::default());

        // Once due and the server is back, it goes out.
        db.execute_unprepared("UPDATE mail_outbox SET next_attempt_at = NULL")
            .await
            .unwrap();
        let sink = SmtpSink::start().await;
        let up = delivery(&db, &sink.url());
        assert_eq!(up.deliver_due().await.unwrap(), round(1, 0, 0));
        let row = outbox(&db).await.remove(0);
        assert_eq!(row.state(), DeliveryState::Sent);
        assert_eq!(row.attempts, 2);
        assert_eq!(row.last_error, None);
        assert_eq!(sink.received().len(), 1);
    })
    .await;
}

#[tokio::test]
async fn two_workers_on_one_database_never_send_the_same_message() {
    each_engine(|db, url| async move {
        let sink = SmtpSink::start().await;
        let mailer = OutboxMailer::new(db.clone());
        for n in 0..45 {
            mailer
                .send(mail(
                    &format!("member{n}@example.org"),
                    &format!("Note {n}"),
                ))
                .await
                .unwrap();
        }
        // Two instances: two connection pools on the same database.
        let other = adapters::connect(&url).await.unwrap();
        let a = delivery(&db, &sink.url());
        let b = delivery(&other, &sink.url());
        let (ra, rb) = tokio::join!(a.deliver_due(), b.deliver_due());
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        assert_eq!(ra.delivered + rb.delivered, 45, "{ra:?} {rb:?}");

        let mut recipients: Vec<String> = sink.received().into_iter().map(|r| r.to).collect();
        recipients.sort();
        let before = recipients.len();
        recipients.dedup();
        assert_eq!(before, 45);
        assert_eq!(recipients.len(), 45, "a message went out twice");
        other.close().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn the_outbox_lists_the_newest_first() {
    each_engine(|db, _| async move {
        let mailer = OutboxMailer::new(db.clone());
        for n in 1..=3 {
            mailer
                .send(mail("eve@example.org", &format!("Note {n}")))
                .await
                .unwrap();
        }
        let subjects: Vec<String> = SeaOrmMailOutbox::new(db.clone())
            .page(None, 2, 0)
            .await
            .unwrap()
            .items
            .into_iter()
            .map(|e| e.subject)
            .collect();
        assert_eq!(subjects, ["Note 3", "Note 2"]);
    })
    .await;
}

#[tokio::test]
async fn a_recorded_message_wakes_the_worker() {
    each_engine(|db, _| async move {
        let wakeup = Arc::new(tokio::sync::Notify::new());
        let mailer = OutboxMailer::new(db.clone()).with_wakeup(wakeup.clone());
        mailer
            .send(mail("anna@example.org", "Hello"))
            .await
            .unwrap();
        // The permit is stored: the waiter returns at once.
        tokio::time::timeout(std::time::Duration::from_secs(5), wakeup.notified())
            .await
            .expect("the worker was not woken");
    })
    .await;
}
