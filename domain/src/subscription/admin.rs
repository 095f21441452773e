//! The super admin's side of subscriptions: how many there are, the list and its export,
//! removing one and the site's default frequency (delivery-status reports are in
//! `bounces.rs`). The rules are in `docs/decisions/subscriptions.md`; each of these needs
//! [`Ability::ManageSubscribers`].

use std::sync::Arc;

use super::ports::{SubscriberAdminStore, SubscriberCounts, SubscriptionRepository};
use super::reports::{DeliveryReportParser, StoredBounce};
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
    pub(super) p: SubscriberAdminPorts,
}

impl SubscriberAdminService {
    pub fn new(ports: SubscriberAdminPorts) -> Self {
        Self { p: ports }
    }

    pub(super) fn admin<'a>(&self, caller: &'a Caller) -> Result<&'a User, Refusal> {
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
}

pub(super) fn invalid(field: &'static str, message: &str) -> SubscriberAdminError {
    let mut errors = FieldErrors::new();
    errors.push(field, message);
    SubscriberAdminError::Invalid(errors)
}
