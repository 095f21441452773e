//! The super admin's side of subscriptions: how many there are, the list and its export,
//! removing one, the site's default frequency, and delivery-status reports (RFC 3464) that
//! count permanent failures towards suspending an address. The rules are in
//! `docs/decisions/subscriptions.md`; each of these needs [`Ability::ManageSubscribers`].

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::lifecycle::{Bounce, HARD_BOUNCES_TO_SUSPEND};
use super::ports::SubscriptionRepository;
use super::{Frequency, Subscription, SubscriptionStatus};
use crate::StoreError;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::clock::Clock;
use crate::paging::{InvalidPage, Page, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::User;
use crate::validation::FieldErrors;

/// The name of the default frequency among the site's settings (and in the activity log).
pub const DEFAULT_FREQUENCY_SETTING: &str = "subscription_default_frequency";

/// The subscriber list's pages: newest first, 50 unless asked, at most 200.
pub const SUBSCRIBER_PAGES: PageBounds = PageBounds {
    default_limit: 50,
    max_limit: 200,
    max_offset: 1_000_000_000,
};

/// The stored bounces' pages: newest first, 20 unless asked, at most 100 (each carries its
/// whole report).
pub const BOUNCE_PAGES: PageBounds = PageBounds {
    default_limit: 20,
    max_limit: 100,
    max_offset: 1_000_000_000,
};

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

/// One recipient block of a delivery-status report, as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedRecipient {
    /// The address of `Final-Recipient` (without its `rfc822;` type).
    pub final_recipient: String,
    /// `Action`: `failed`, `delayed`, `delivered`, `relayed` or `expanded`.
    pub action: String,
    /// `Status`: `5.1.1`, `4.4.7`...
    pub status: String,
    /// `Diagnostic-Code`, as given.
    pub diagnostic: Option<String>,
}

impl ReportedRecipient {
    /// What this block reports: a permanent failure (`Action: failed` with a 5.x.x status),
    /// a temporary one (a 4.x.x status, which counts for nothing), or no failure at all.
    pub fn bounce(&self) -> Option<Bounce> {
        let class = status_class(&self.status)?;
        let failed = self.action.trim().eq_ignore_ascii_case("failed");
        match class {
            '5' if failed => Some(Bounce::Reported { permanent: true }),
            '4' | '5' => Some(Bounce::Reported { permanent: false }),
            _ => None,
        }
    }
}

/// The class digit of an RFC 3464 status (`5` of `5.1.1`), when it has the `d.d.d` shape.
fn status_class(status: &str) -> Option<char> {
    let code = status.split_whitespace().next()?;
    let parts: Vec<&str> = code.split('.').collect();
    let digits = parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    let class = code.chars().next()?;
    (digits && matches!(class, '2' | '4' | '5')).then_some(class)
}

/// Reads raw delivery-status reports (a `multipart/report; report-type=delivery-status`
/// message).
pub trait DeliveryReportParser: Send + Sync {
    /// The recipient blocks of the report; `None` when `raw` is not a delivery-status report.
    fn parse(&self, raw: &[u8]) -> Option<Vec<ReportedRecipient>>;
}

/// A permanent failure to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBounce {
    pub subscription_id: i64,
    /// The address the report names (lower-cased).
    pub address: String,
    pub status: String,
    pub diagnostic: Option<String>,
    /// The whole report as received.
    pub report: String,
    pub received_at: DateTime<Utc>,
}

/// A stored permanent failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBounce {
    pub id: i64,
    pub bounce: NewBounce,
}

/// What a report did for one of its recipients.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BounceOutcome {
    pub address: String,
    pub status: String,
    /// Counted as a permanent failure of a stored subscription.
    pub counted: bool,
    /// The address was suspended by this report.
    pub suspended: bool,
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

#[derive(Debug, thiserror::Error)]
pub enum SubscriberAdminError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error("Subscription not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the super admin's side needs.
#[derive(Clone)]
pub struct SubscriberAdminPorts {
    pub subscriptions: Arc<dyn SubscriptionRepository>,
    pub store: Arc<dyn SubscriberAdminStore>,
    pub reports: Arc<dyn DeliveryReportParser>,
    pub clock: Arc<dyn Clock>,
}

/// The super admin's use cases over [`SubscriberAdminPorts`].
#[derive(Clone)]
pub struct SubscriberAdminService {
    p: SubscriberAdminPorts,
}

impl SubscriberAdminService {
    pub fn new(ports: SubscriberAdminPorts) -> Self {
        Self { p: ports }
    }

    fn admin<'a>(&self, caller: &'a Caller) -> Result<&'a User, Refusal> {
        caller.require(Ability::ManageSubscribers)
    }

    /// The frequency of sign-ups that name none: anyone may read it (the form preselects
    /// it).
    ///
    /// # Errors
    /// The store's error.
    pub async fn default_frequency(&self) -> Result<Frequency, StoreError> {
        self.p.store.default_frequency().await
    }

    /// The counts and the default frequency.
    ///
    /// # Errors
    /// A refusal, the store's error.
    pub async fn summary(
        &self,
        caller: &Caller,
    ) -> Result<(SubscriberCounts, Frequency), SubscriberAdminError> {
        self.admin(caller)?;
        let counts = self.p.store.counts().await?;
        Ok((counts, self.p.store.default_frequency().await?))
    }

    /// Changes the default frequency (in the activity log, with the old one).
    ///
    /// # Errors
    /// A refusal, the store's error.
    pub async fn set_default_frequency(
        &self,
        caller: &Caller,
        frequency: Frequency,
    ) -> Result<Frequency, SubscriberAdminError> {
        let admin = self.admin(caller)?;
        let before = self.p.store.default_frequency().await?;
        if before == frequency {
            return Ok(frequency);
        }
        let reason = format!("from {before} to {frequency}");
        let entry = NewAuditEntry::by(
            admin,
            AuditAction::SubscriptionDefaultChanged,
            DEFAULT_FREQUENCY_SETTING,
            Some(frequency.as_str()),
            self.p.clock.now(),
        )
        .because(Some(&reason));
        self.p
            .store
            .set_default_frequency(frequency, &entry)
            .await?;
        Ok(frequency)
    }

    /// A page of subscriptions, newest first; `status` (when given) must name one of the
    /// four.
    ///
    /// # Errors
    /// A refusal, an unknown status (field `status`), a page out of range, the store's
    /// error.
    pub async fn page(
        &self,
        caller: &Caller,
        status: Option<&str>,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<Subscription>, SubscriberAdminError> {
        self.admin(caller)?;
        let status = match status.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(name) => Some(name.parse::<SubscriptionStatus>().map_err(|_| {
                invalid(
                    "status",
                    "Status must be one of pending, confirmed, unsubscribed, suspended",
                )
            })?),
        };
        let page = PageRequest::parse(limit, offset, SUBSCRIBER_PAGES)?;
        Ok(self.p.store.page(status, page.limit, page.offset).await?)
    }

    /// A page of stored bounces, newest first.
    ///
    /// # Errors
    /// A refusal, a page out of range, the store's error.
    pub async fn bounces(
        &self,
        caller: &Caller,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<StoredBounce>, SubscriberAdminError> {
        self.admin(caller)?;
        let page = PageRequest::parse(limit, offset, BOUNCE_PAGES)?;
        Ok(self.p.store.bounces(page.limit, page.offset).await?)
    }

    /// Every subscription as CSV ([`super::export::subscriptions_csv`]).
    ///
    /// # Errors
    /// A refusal, the store's error.
    pub async fn export(&self, caller: &Caller) -> Result<String, SubscriberAdminError> {
        self.admin(caller)?;
        let all = self.p.store.all().await?;
        Ok(super::export::subscriptions_csv(&all))
    }

    /// Removes a subscription and its bounces (in the activity log with its address).
    ///
    /// # Errors
    /// A refusal, [`SubscriberAdminError::NotFound`], the store's error.
    pub async fn remove(&self, caller: &Caller, id: i64) -> Result<(), SubscriberAdminError> {
        let admin = self.admin(caller)?;
        let subscription = self
            .p
            .subscriptions
            .find(id)
            .await?
            .ok_or(SubscriberAdminError::NotFound)?;
        let entry = NewAuditEntry::by(
            admin,
            AuditAction::SubscriberRemoved,
            id,
            Some(&subscription.email),
            self.p.clock.now(),
        );
        if self.p.store.delete(id, &entry).await? {
            Ok(())
        } else {
            Err(SubscriberAdminError::NotFound)
        }
    }

    /// Reads a delivery-status report and counts each permanent failure of a subscribed
    /// address; the [`HARD_BOUNCES_TO_SUSPEND`]th suspends it (in the activity log).
    /// Delays and addresses nobody subscribed are listed as not counted, and nothing is
    /// stored for them.
    ///
    /// # Errors
    /// A refusal; field `report` when `raw` is not a delivery-status report or names no
    /// recipient; the store's error.
    pub async fn record_report(
        &self,
        caller: &Caller,
        raw: &[u8],
    ) -> Result<Vec<BounceOutcome>, SubscriberAdminError> {
        let admin = self.admin(caller)?;
        let recipients = match self.p.reports.parse(raw) {
            None => return Err(invalid_report("Not a delivery-status report (RFC 3464)")),
            Some(list) if list.is_empty() => {
                return Err(invalid_report("The report names no recipient"));
            }
            Some(list) => list,
        };
        let report = String::from_utf8_lossy(raw).into_owned();
        let now = self.p.clock.now();
        let mut outcomes = Vec::with_capacity(recipients.len());
        for r in recipients {
            let address = r.final_recipient.trim().to_lowercase();
            let mut outcome = BounceOutcome {
                address: address.clone(),
                status: r.status.trim().to_owned(),
                counted: false,
                suspended: false,
            };
            let hard = r.bounce() == Some(Bounce::Reported { permanent: true });
            let stored = if hard && !address.is_empty() {
                self.p.subscriptions.find_by_email(&address).await?
            } else {
                None
            };
            if let Some(mut subscription) = stored {
                let before = subscription.hard_bounces;
                outcome.suspended =
                    subscription.record_bounce(Bounce::Reported { permanent: true });
                outcome.counted = subscription.hard_bounces > before;
                let entry = outcome.suspended.then(|| {
                    NewAuditEntry::by(
                        admin,
                        AuditAction::SubscriberSuspended,
                        subscription.id,
                        Some(&subscription.email),
                        now,
                    )
                    .because(Some(&format!(
                        "{HARD_BOUNCES_TO_SUSPEND} delivery-status reports of permanent failure (last: {})",
                        outcome.status
                    )))
                });
                let bounce = NewBounce {
                    subscription_id: subscription.id,
                    address,
                    status: outcome.status.clone(),
                    diagnostic: r.diagnostic.clone(),
                    report: report.clone(),
                    received_at: now,
                };
                self.p
                    .store
                    .record_bounce(&subscription, &bounce, entry.as_ref())
                    .await?;
            }
            outcomes.push(outcome);
        }
        Ok(outcomes)
    }
}

fn invalid(field: &'static str, message: &str) -> SubscriberAdminError {
    let mut errors = FieldErrors::new();
    errors.push(field, message);
    SubscriberAdminError::Invalid(errors)
}

fn invalid_report(message: &str) -> SubscriberAdminError {
    invalid("report", message)
}
