//! The ports of subscriptions: storing them, the stories they hear of, and the super
//! admin's reads and changes.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::reports::{NewBounce, StoredBounce};
use super::{Frequency, Subscription, SubscriptionConsent, SubscriptionStatus};
use crate::StoreError;
use crate::audit::NewAuditEntry;
use crate::mail::OutgoingMail;
use crate::paging::Page;
use crate::story::StorySummary;
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

    /// The subscriptions made by this member while signed in, or for this address
    /// (lower-cased), oldest first: what their data export lists and leaving deletes.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn of_account(
        &self,
        user_id: &UserId,
        email: &str,
    ) -> Result<Vec<Subscription>, StoreError>;

    /// The subscription with this id, if any.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn find(&self, id: i64) -> Result<Option<Subscription>, StoreError>;

    /// Claims up to `limit` confirmed subscriptions of `frequency` whose mail is due: what
    /// they cover (`covered_until`, else when they were confirmed) lies before `until`, and
    /// no other server holds them (`lease_until` unset or past at `now`). Each is held until
    /// `lease_until`, in one statement, so no other server claims it meanwhile. Oldest
    /// first.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim_due(
        &self,
        frequency: Frequency,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Subscription>, StoreError>;

    /// Gives a claimed subscription back without mailing it (its lease ends).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn release(&self, id: i64) -> Result<(), StoreError>;
}

/// Records a digest batch: its mails go into the outbox and each of its subscriptions' coverage
/// moves on, in one transaction.
#[async_trait]
pub trait DigestBatches: Send + Sync {
    /// Records each subscription's mails (`batch`: subscription id and its mails, perhaps
    /// none) and marks it done up to `covered_until` (its lease ends), all or nothing;
    /// answers how many mails were recorded.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`];
    /// then nothing of the batch is kept.
    async fn record(
        &self,
        batch: Vec<(i64, Vec<OutgoingMail>)>,
        covered_until: DateTime<Utc>,
    ) -> Result<usize, StoreError>;
}

/// The stories a subscriber hears of.
#[async_trait]
pub trait NewStories: Send + Sync {
    /// Approved, published stories (members-only ones too: the digest decides who reads
    /// them) published after `after` and at or before `until`, newest first, at most
    /// `limit`, with their authors; a fixed number of queries whatever `limit`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn published_between(
        &self,
        after: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<StorySummary>, StoreError>;
}

/// How many subscriptions there are in each status, and how often the confirmed ones hear.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SubscriberCounts {
    pub pending: u64,
    pub confirmed: u64,
    pub unsubscribed: u64,
    pub suspended: u64,
    /// Confirmed subscriptions by frequency.
    pub confirmed_each: u64,
    pub confirmed_weekly: u64,
    pub confirmed_monthly: u64,
}

impl SubscriberCounts {
    /// Adds `n` subscriptions of this status and frequency.
    pub fn add(&mut self, status: SubscriptionStatus, frequency: Frequency, n: u64) {
        match status {
            SubscriptionStatus::Pending => self.pending += n,
            SubscriptionStatus::Unsubscribed => self.unsubscribed += n,
            SubscriptionStatus::Suspended => self.suspended += n,
            SubscriptionStatus::Confirmed => {
                self.confirmed += n;
                match frequency {
                    Frequency::Each => self.confirmed_each += n,
                    Frequency::Weekly => self.confirmed_weekly += n,
                    Frequency::Monthly => self.confirmed_monthly += n,
                }
            }
        }
    }
}

/// The frequency of sign-ups that name none.
#[async_trait]
pub trait SubscriptionSettings: Send + Sync {
    /// The super admin's choice ([`Frequency::Weekly`] until one is made).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn default_frequency(&self) -> Result<Frequency, StoreError>;
}

/// What the super admin reads and changes.
#[async_trait]
pub trait SubscriberAdminStore: SubscriptionSettings {
    /// Counts by status and, for confirmed ones, by frequency (one query).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn counts(&self) -> Result<SubscriberCounts, StoreError>;

    /// A page of subscriptions (of one status when given), newest first, and their total.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn page(
        &self,
        status: Option<SubscriptionStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<Subscription>, StoreError>;

    /// Every subscription, oldest first (one query).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn all(&self) -> Result<Vec<Subscription>, StoreError>;

    /// A page of stored bounces, newest first, and their total.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn bounces(&self, limit: u64, offset: u64) -> Result<Page<StoredBounce>, StoreError>;

    /// Stores a permanent failure and saves the subscription's new bounce count and status,
    /// with `entry` in the activity log when given, all in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`];
    /// then nothing is stored.
    async fn record_bounce(
        &self,
        subscription: &Subscription,
        bounce: &NewBounce,
        entry: Option<&NewAuditEntry>,
    ) -> Result<(), StoreError>;

    /// Deletes a subscription (its bounces go with it) and appends `entry`, in one
    /// transaction; false when no subscription has this id.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn delete(&self, id: i64, entry: &NewAuditEntry) -> Result<bool, StoreError>;

    /// Stores the default frequency and appends `entry`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn set_default_frequency(
        &self,
        frequency: Frequency,
        entry: &NewAuditEntry,
    ) -> Result<(), StoreError>;
}
