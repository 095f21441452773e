//! Port for storing subscriptions.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{Frequency, Subscription, SubscriptionConsent, SubscriptionStatus};
use crate::StoreError;
use crate::user::UserId;
use crate::validation::Email;

/// A subscription to store for an address (replacing whatever was stored for it).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSubscription {
    pub email: Email,
    pub user_id: Option<UserId>,
    pub frequency: Frequency,
    pub categories: Vec<String>,
    /// [`SubscriptionStatus::Pending`], or [`SubscriptionStatus::Confirmed`] for a member
    /// whose verified address it is.
    pub status: SubscriptionStatus,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub consent: SubscriptionConsent,
}

/// Stores subscriptions, one per address, each with the hash of its link token (the
/// secret in its confirmation and unsubscribe links).
#[async_trait]
pub trait SubscriptionRepository: Send + Sync {
    /// The subscription of an address (lower-cased), if any.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find_by_email(&self, email: &str) -> Result<Option<Subscription>, StoreError>;

    /// The subscription whose link token hashes to `token_hash`, if any.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find_by_token(&self, token_hash: &str) -> Result<Option<Subscription>, StoreError>;

    /// Stores `new` for its address, replacing what was stored for it (its old links stop
    /// working), and answers it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn put(&self, new: NewSubscription, token_hash: &str)
    -> Result<Subscription, StoreError>;

    /// Gives a subscription a new link token (its earlier links stop working).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn set_token(&self, id: i64, token_hash: &str) -> Result<(), StoreError>;

    /// Saves what the rules change: status, frequency, categories, confirmation time,
    /// `covered_until` and the bounce count.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn save(&self, subscription: &Subscription) -> Result<(), StoreError>;

    /// Deletes pending sign-ups made at or before `before`; answers how many.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn delete_pending_made_by(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;
}
