//! Delivering the outbox: the worker claims due messages, hands each to the transport,
//! and records the outcome. A refusal is final; an outage is retried with backoff until
//! [`MAX_DELIVERY_ATTEMPTS`]. A message is marked sent only when the server took it.

use std::sync::Arc;

use chrono::Duration;

use super::{
    DELIVERY_LEASE_SECONDS, MAX_DELIVERY_ATTEMPTS, MailQueue, MailTransport, OutgoingMail,
};
use crate::StoreError;
use crate::clock::Clock;
use crate::delivery::{MAX_BATCHES_PER_ROUND, Round, retry_delay};

/// Messages claimed per statement.
pub const MAIL_BATCH: u32 = 20;

/// A message the worker claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedMail {
    pub id: i64,
    pub mail: OutgoingMail,
    /// Tries so far, this one included.
    pub attempts: u32,
}

/// Why the mail server did not take a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransportError {
    /// Trying again would not help (a refused address, a permanent SMTP answer).
    #[error("{0}")]
    Refused(String),
    /// Not now (the server is away or answered with a temporary error).
    #[error("{0}")]
    Unavailable(String),
}

/// Told when the mail server refuses, for good, a message somebody subscribed to (one with
/// an unsubscribe address): the subscriptions suspend that address at once
/// (`docs/decisions/subscriptions.md`).
#[async_trait::async_trait]
pub trait RefusedSubscriberMail: Send + Sync {
    /// # Errors
    /// The store's error.
    async fn refused(&self, to: &str) -> Result<(), StoreError>;
}

/// Sends what the outbox holds through the transport.
#[derive(Clone)]
pub struct MailDelivery {
    queue: Arc<dyn MailQueue>,
    transport: Arc<dyn MailTransport>,
    clock: Arc<dyn Clock>,
    refusals: Option<Arc<dyn RefusedSubscriberMail>>,
}

impl MailDelivery {
    pub fn new(
        queue: Arc<dyn MailQueue>,
        transport: Arc<dyn MailTransport>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            queue,
            transport,
            clock,
            refusals: None,
        }
    }

    /// Tells `refusals` of every subscriber's mail the mail server refuses for good.
    #[must_use]
    pub fn with_refusals(mut self, refusals: Arc<dyn RefusedSubscriberMail>) -> Self {
        self.refusals = Some(refusals);
        self
    }

    /// Sends every due message, a batch at a time.
    ///
    /// # Errors
    /// The store's error when messages cannot be claimed or their outcome recorded (a
    /// claimed message is then tried again once its lease ends). A refusal or an outage of
    /// the mail server is not an error: it is counted in the round.
    pub async fn deliver_due(&self) -> Result<Round, StoreError> {
        let mut round = Round::default();
        for _ in 0..MAX_BATCHES_PER_ROUND {
            let now = self.clock.now();
            let lease_until = now + Duration::seconds(DELIVERY_LEASE_SECONDS);
            let batch = self.queue.claim_due(now, lease_until, MAIL_BATCH).await?;
            let full = batch.len() >= MAIL_BATCH as usize;
            for claimed in batch {
                self.deliver(&claimed, &mut round).await?;
            }
            round.more = full;
            if !full {
                break;
            }
        }
        Ok(round)
    }

    async fn deliver(&self, claimed: &ClaimedMail, round: &mut Round) -> Result<(), StoreError> {
        match self.transport.send(&claimed.mail).await {
            Ok(()) => {
                round.delivered += 1;
                self.queue.mark_sent(claimed.id, self.clock.now()).await
            }
            Err(TransportError::Refused(error)) => {
                round.failed += 1;
                if let Some(refusals) = &self.refusals
                    && claimed.mail.unsubscribe.is_some()
                {
                    refusals.refused(&claimed.mail.to).await?;
                }
                self.queue.mark_failed(claimed.id, &error, None).await
            }
            Err(TransportError::Unavailable(error))
                if claimed.attempts >= MAX_DELIVERY_ATTEMPTS =>
            {
                round.failed += 1;
                let error = format!("{error} (gave up after {} tries)", claimed.attempts);
                self.queue.mark_failed(claimed.id, &error, None).await
            }
            Err(TransportError::Unavailable(error)) => {
                round.retrying += 1;
                let retry_at = self.clock.now() + retry_delay(claimed.attempts);
                self.queue
                    .mark_failed(claimed.id, &error, Some(retry_at))
                    .await
            }
        }
    }
}

#[cfg(test)]
#[path = "delivery_tests.rs"]
mod tests;
