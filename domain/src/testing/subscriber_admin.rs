//! The super admin's side of subscriptions in memory: the bounces, the default frequency and
//! the activity log beside the subscriptions fake, and a report parser that answers what a
//! test gives it.

use async_trait::async_trait;
use std::sync::{Arc, Mutex};

use super::{InMemoryAuditLog, InMemorySubscriptions, lock};
use crate::StoreError;
use crate::audit::{AuditLog, NewAuditEntry};
use crate::paging::Page;
use crate::subscription::{
    DeliveryReportParser, NewBounce, ReportedRecipient, StoredBounce, SubscriberAdminStore,
    SubscriberCounts, SubscriptionSettings,
};
use crate::subscription::{Frequency, Subscription, SubscriptionRepository, SubscriptionStatus};

/// Reads the subscriptions of an [`InMemorySubscriptions`] and keeps the rest itself.
pub struct InMemorySubscriberAdmin {
    pub subscriptions: Arc<InMemorySubscriptions>,
    pub audit: Arc<InMemoryAuditLog>,
    bounces: Mutex<Vec<StoredBounce>>,
    default_frequency: Mutex<Option<Frequency>>,
}

impl InMemorySubscriberAdmin {
    pub fn new(subscriptions: Arc<InMemorySubscriptions>, audit: Arc<InMemoryAuditLog>) -> Self {
        Self {
            subscriptions,
            audit,
            bounces: Mutex::new(Vec::new()),
            default_frequency: Mutex::new(None),
        }
    }

    /// Every stored bounce, oldest first.
    pub fn stored_bounces(&self) -> Vec<StoredBounce> {
        lock(&self.bounces).clone()
    }
}

fn newest_first(mut list: Vec<Subscription>) -> Vec<Subscription> {
    list.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
    list
}

fn window<T: Clone>(list: &[T], limit: u64, offset: u64) -> Vec<T> {
    list.iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .cloned()
        .collect()
}

#[async_trait]
impl SubscriptionSettings for InMemorySubscriberAdmin {
    async fn default_frequency(&self) -> Result<Frequency, StoreError> {
        Ok(lock(&self.default_frequency).unwrap_or_default())
    }
}

#[async_trait]
impl SubscriberAdminStore for InMemorySubscriberAdmin {
    async fn counts(&self) -> Result<SubscriberCounts, StoreError> {
        let mut counts = SubscriberCounts::default();
        for s in self.subscriptions.all() {
            counts.add(s.status, s.frequency, 1);
        }
        Ok(counts)
    }

    async fn page(
        &self,
        status: Option<SubscriptionStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<Subscription>, StoreError> {
        let matching: Vec<Subscription> = newest_first(self.subscriptions.all())
            .into_iter()
            .filter(|s| status.is_none_or(|st| s.status == st))
            .collect();
        Ok(Page {
            total: matching.len() as u64,
            items: window(&matching, limit, offset),
        })
    }

    async fn all(&self) -> Result<Vec<Subscription>, StoreError> {
        let mut all = self.subscriptions.all();
        all.sort_by_key(|s| s.id);
        Ok(all)
    }

    async fn bounces(&self, limit: u64, offset: u64) -> Result<Page<StoredBounce>, StoreError> {
        let mut list = lock(&self.bounces).clone();
        list.reverse();
        Ok(Page {
            total: list.len() as u64,
            items: window(&list, limit, offset),
        })
    }

    async fn record_bounce(
        &self,
        subscription: &Subscription,
        bounce: &NewBounce,
        entry: Option<&NewAuditEntry>,
    ) -> Result<(), StoreError> {
        if let Some(entry) = entry {
            self.audit.record(std::slice::from_ref(entry)).await?;
        }
        self.subscriptions.save(subscription).await?;
        let mut bounces = lock(&self.bounces);
        let id = bounces.len() as i64 + 1;
        bounces.push(StoredBounce {
            id,
            bounce: bounce.clone(),
        });
        Ok(())
    }

    async fn delete(&self, id: i64, entry: &NewAuditEntry) -> Result<bool, StoreError> {
        if self.subscriptions.find(id).await?.is_none() {
            return Ok(false);
        }
        self.audit.record(std::slice::from_ref(entry)).await?;
        self.subscriptions.remove(id);
        lock(&self.bounces).retain(|b| b.bounce.subscription_id != id);
        Ok(true)
    }

    async fn set_default_frequency(
        &self,
        frequency: Frequency,
        entry: &NewAuditEntry,
    ) -> Result<(), StoreError> {
        self.audit.record(std::slice::from_ref(entry)).await?;
        *lock(&self.default_frequency) = Some(frequency);
        Ok(())
    }
}

/// Answers the recipients it was given for any report; `None` (not a report) when given
/// none.
#[derive(Default)]
pub struct ScriptedReportParser(pub Mutex<Option<Vec<ReportedRecipient>>>);

impl ScriptedReportParser {
    /// From now on, every report holds these recipients (`None`: not a report).
    pub fn set(&self, recipients: Option<Vec<ReportedRecipient>>) {
        *lock(&self.0) = recipients;
    }
}

impl DeliveryReportParser for ScriptedReportParser {
    fn parse(&self, _raw: &[u8]) -> Option<Vec<ReportedRecipient>> {
        lock(&self.0).clone()
    }
}
