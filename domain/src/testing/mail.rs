//! Fakes of the mail delivery ports: the outbox as a queue in memory, and a transport that
//! answers what the test scripted.

use std::collections::VecDeque;
use std::sync::Mutex;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::lock;
use crate::StoreError;
use crate::mail::{
    ClaimedMail, MAX_DELIVERY_ATTEMPTS, MailQueue, MailTransport, OutgoingMail, TransportError,
};

/// One message of the fake outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMailRow {
    pub id: i64,
    pub mail: OutgoingMail,
    pub attempts: u32,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTime<Utc>>,
}

/// The outbox in memory; the claim behaves like the SQL one (due, unsent, tries left,
/// oldest first, attempt counted, leased).
#[derive(Debug, Default)]
pub struct InMemoryMailQueue {
    rows: Mutex<Vec<QueuedMailRow>>,
}

impl InMemoryMailQueue {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a message to deliver.
    pub fn push(&self, to: &str, subject: &str) -> i64 {
        self.push_mail(OutgoingMail {
            to: to.to_owned(),
            subject: subject.to_owned(),
            body: format!("About {subject}"),
            html: None,
            unsubscribe: None,
        })
    }

    /// Records a message somebody subscribed to (it has an unsubscribe address).
    pub fn push_subscriber_mail(&self, to: &str, subject: &str) -> i64 {
        self.push_mail(OutgoingMail {
            to: to.to_owned(),
            subject: subject.to_owned(),
            body: format!("About {subject}"),
            html: Some(format!("<p>About {subject}</p>")),
            unsubscribe: Some(
                "https://grace.example/api/subscriptions/unsubscribe?token=t".to_owned(),
            ),
        })
    }

    fn push_mail(&self, mail: OutgoingMail) -> i64 {
        let mut rows = lock(&self.rows);
        let id = i64::try_from(rows.len()).unwrap_or(i64::MAX) + 1;
        rows.push(QueuedMailRow {
            id,
            mail,
            attempts: 0,
            sent_at: None,
            last_error: None,
            next_attempt_at: None,
        });
        id
    }

    pub fn rows(&self) -> Vec<QueuedMailRow> {
        lock(&self.rows).clone()
    }
}

#[async_trait]
impl MailQueue for InMemoryMailQueue {
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedMail>, StoreError> {
        let mut rows = lock(&self.rows);
        let mut claimed = Vec::new();
        for row in rows.iter_mut() {
            let due = row.next_attempt_at.is_none_or(|at| at <= now);
            if row.sent_at.is_none()
                && row.attempts < MAX_DELIVERY_ATTEMPTS
                && due
                && claimed.len() < limit as usize
            {
                row.attempts += 1;
                row.next_attempt_at = Some(lease_until);
                claimed.push(ClaimedMail {
                    id: row.id,
                    mail: row.mail.clone(),
                    attempts: row.attempts,
                });
            }
        }
        Ok(claimed)
    }

    async fn mark_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        if let Some(row) = lock(&self.rows).iter_mut().find(|r| r.id == id) {
            row.sent_at = Some(at);
            row.last_error = None;
            row.next_attempt_at = None;
        }
        Ok(())
    }

    async fn mark_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        if let Some(row) = lock(&self.rows).iter_mut().find(|r| r.id == id) {
            row.last_error = Some(error.to_owned());
            row.next_attempt_at = retry_at;
            if retry_at.is_none() {
                row.attempts = row.attempts.max(MAX_DELIVERY_ATTEMPTS);
            }
        }
        Ok(())
    }
}

/// A mail server that answers what the test scripted (and accepts once the script is
/// used up), recording every message it took.
#[derive(Debug, Default)]
pub struct ScriptedMailTransport {
    answers: Mutex<VecDeque<Result<(), TransportError>>>,
    accepted: Mutex<Vec<OutgoingMail>>,
}

impl ScriptedMailTransport {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn then(&self, answer: Result<(), TransportError>) -> &Self {
        lock(&self.answers).push_back(answer);
        self
    }
    pub fn accepted(&self) -> Vec<OutgoingMail> {
        lock(&self.accepted).clone()
    }
}

#[async_trait]
impl MailTransport for ScriptedMailTransport {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), TransportError> {
        let answer = lock(&self.answers).pop_front().unwrap_or(Ok(()));
        if answer.is_ok() {
            lock(&self.accepted).push(mail.clone());
        }
        answer
    }
}
