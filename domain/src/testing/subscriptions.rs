//! Subscriptions kept in memory, one per address, with their link-token hashes.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::Mutex;

use super::lock;
use crate::StoreError;
use crate::subscription::{
    NewSubscription, Subscription, SubscriptionRepository, SubscriptionStatus,
};

#[derive(Default)]
pub struct InMemorySubscriptions {
    rows: Mutex<Vec<(Subscription, String)>>,
    next_id: Mutex<i64>,
}

impl InMemorySubscriptions {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every stored subscription.
    pub fn all(&self) -> Vec<Subscription> {
        lock(&self.rows).iter().map(|(s, _)| s.clone()).collect()
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
}
