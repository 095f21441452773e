//! Subscriptions kept in memory, one per address, with their link-token hashes.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::lock;
use crate::StoreError;
use crate::mail::{Mailer, OutgoingMail};
use crate::subscription::{
    DigestBatches, Frequency, NewSubscription, Subscription, SubscriptionRepository,
    SubscriptionStatus,
};

#[derive(Default)]
pub struct InMemorySubscriptions {
    rows: Mutex<Vec<(Subscription, String)>>,
    next_id: Mutex<i64>,
    /// Until when each claimed subscription is held.
    leases: Mutex<HashMap<i64, DateTime<Utc>>>,
}

impl InMemorySubscriptions {
    /// A claimed subscription's mail done: it covers up to `covered_until`, its lease ends
    /// (what a recorded digest batch does to each of its subscriptions).
    fn finish(&self, id: i64, covered_until: DateTime<Utc>) {
        lock(&self.leases).remove(&id);
        if let Some((s, _)) = lock(&self.rows).iter_mut().find(|(s, _)| s.id == id) {
            s.covered_until = Some(covered_until);
        }
    }

    pub fn new() -> Self {
        Self::default()
    }

    /// Every stored subscription.
    pub fn all(&self) -> Vec<Subscription> {
        lock(&self.rows).iter().map(|(s, _)| s.clone()).collect()
    }

    /// Deletes one (as the admin store does).
    pub fn remove(&self, id: i64) {
        lock(&self.rows).retain(|(s, _)| s.id != id);
    }
}

#[async_trait]
impl SubscriptionRepository for InMemorySubscriptions {
    async fn find_by_email(&self, email: &str) -> Result<Option<Subscription>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .find(|(s, _)| s.email.eq_ignore_ascii_case(email))
            .map(|(s, _)| s.clone()))
    }

    async fn find_by_token(&self, token_hash: &str) -> Result<Option<Subscription>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .find(|(_, h)| h == token_hash)
            .map(|(s, _)| s.clone()))
    }

    async fn put(
        &self,
        new: NewSubscription,
        token_hash: &str,
    ) -> Result<Subscription, StoreError> {
        let id = {
            let mut next = lock(&self.next_id);
            *next += 1;
            *next
        };
        let stored = Subscription {
            id,
            email: new.email.into_inner(),
            user_id: new.user_id,
            frequency: new.frequency,
            categories: new.categories,
            status: new.status,
            created_at: new.created_at,
            confirmed_at: new.confirmed_at,
            covered_until: new.confirmed_at,
            hard_bounces: 0,
            consent: new.consent,
        };
        let mut rows = lock(&self.rows);
        rows.retain(|(s, _)| s.email != stored.email);
        rows.push((stored.clone(), token_hash.to_owned()));
        Ok(stored)
    }

    async fn set_token(&self, id: i64, token_hash: &str) -> Result<(), StoreError> {
        if let Some((_, h)) = lock(&self.rows).iter_mut().find(|(s, _)| s.id == id) {
            *h = token_hash.to_owned();
        }
        Ok(())
    }

    async fn save(&self, subscription: &Subscription) -> Result<(), StoreError> {
        if let Some((s, _)) = lock(&self.rows)
            .iter_mut()
            .find(|(s, _)| s.id == subscription.id)
        {
            *s = subscription.clone();
        }
        Ok(())
    }

    async fn delete_pending_made_by(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let was = rows.len();
        rows.retain(|(s, _)| !(s.status == SubscriptionStatus::Pending && s.created_at <= before));
        Ok((was - rows.len()) as u64)
    }

    async fn of_account(
        &self,
        user_id: &crate::user::UserId,
        email: &str,
    ) -> Result<Vec<Subscription>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .filter(|(s, _)| {
                s.user_id.as_ref() == Some(user_id) || s.email.eq_ignore_ascii_case(email)
            })
            .map(|(s, _)| s.clone())
            .collect())
    }

    async fn find(&self, id: i64) -> Result<Option<Subscription>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .find(|(s, _)| s.id == id)
            .map(|(s, _)| s.clone()))
    }

    async fn claim_due(
        &self,
        frequency: Frequency,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Subscription>, StoreError> {
        let rows = lock(&self.rows);
        let mut leases = lock(&self.leases);
        let mut claimed: Vec<Subscription> = Vec::new();
        for (s, _) in rows.iter() {
            let covered = s.covered_until.or(s.confirmed_at).unwrap_or(s.created_at);
            let free = leases.get(&s.id).is_none_or(|held| *held <= now);
            if s.status == SubscriptionStatus::Confirmed
                && s.frequency == frequency
                && covered < until
                && free
                && claimed.len() < limit as usize
            {
                leases.insert(s.id, lease_until);
                claimed.push(s.clone());
            }
        }
        Ok(claimed)
    }

    async fn release(&self, id: i64) -> Result<(), StoreError> {
        lock(&self.leases).remove(&id);
        Ok(())
    }
}

/// Signs with a key of its own (not cryptographic: enough to tell keys and messages apart).
#[derive(Debug, Clone)]
pub struct KeyedSigner(pub &'static str);

impl Default for KeyedSigner {
    fn default() -> Self {
        Self("test key")
    }
}

impl crate::subscription::LinkSigner for KeyedSigner {
    fn sign(&self, message: &str) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.0, message).hash(&mut h);
        format!("{:016x}", h.finish())
    }
}

/// Digest batches recorded through a mailer and the in-memory subscriptions, counting one
/// commit per batch (a failing mailer stops a batch part-way: the fakes cannot roll back,
/// so a test of all-or-nothing belongs to the adapters).
pub struct InMemoryDigestBatches {
    subscriptions: Arc<InMemorySubscriptions>,
    mailer: Arc<dyn Mailer>,
    commits: AtomicU64,
}

impl InMemoryDigestBatches {
    pub fn new(subscriptions: Arc<InMemorySubscriptions>, mailer: Arc<dyn Mailer>) -> Self {
        Self {
            subscriptions,
            mailer,
            commits: AtomicU64::new(0),
        }
    }

    /// How many batches were recorded.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl DigestBatches for InMemoryDigestBatches {
    async fn record(
        &self,
        batch: Vec<(i64, Vec<OutgoingMail>)>,
        covered_until: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let mut mailed = 0;
        for (id, mails) in batch {
            for mail in mails {
                self.mailer.send(mail).await?;
                mailed += 1;
            }
            self.subscriptions.finish(id, covered_until);
        }
        self.commits.fetch_add(1, Ordering::SeqCst);
        Ok(mailed)
    }
}

#[async_trait]
impl crate::user::ports::SubscriptionsOfAccount for InMemorySubscriptions {
    async fn delete_of_account(
        &self,
        user_id: &crate::user::UserId,
        email: &str,
    ) -> Result<(), StoreError> {
        lock(&self.rows).retain(|(s, _)| {
            s.user_id.as_ref() != Some(user_id) && !s.email.eq_ignore_ascii_case(email)
        });
        Ok(())
    }
}
