//! New stories by e-mail: who subscribed, how often they want mail, and the rules every
//! subscription follows from sign-up to unsubscribing or a bounce. The decisions are in
//! `docs/decisions/subscriptions.md`.
//!
//! - [`lifecycle`]: the states of one subscription and what each request does to it.
//! - [`cadence`]: when a digest is due, in the site's time zone.
//! - [`service`]: signing up, confirming, changing and leaving, over [`ports`].
//! - [`mine`]: a signed-in member's own subscription, from the dashboard.
//! - [`admin`]: the super admin's side: counts, list, [`export`], removal and the default
//!   frequency; `bounces.rs`: refusals at delivery and delivery-status ([`reports`]).
//! - [`digests`]: the job that mails digests and `each` stories (and `digest_mail.rs`,
//!   what those mails say); [`links`]: the signed links they carry.

use chrono::{DateTime, Utc};
use std::fmt;
use std::str::FromStr;

use crate::user::UserId;

pub mod admin;
mod bounces;
pub mod cadence;
mod digest_mail;
pub mod digests;
pub mod export;
pub mod lifecycle;
pub mod links;
mod mails;
pub mod mine;
pub mod ports;
pub mod reports;
pub mod service;

#[cfg(test)]
mod admin_tests;
#[cfg(test)]
mod cadence_tests;
#[cfg(test)]
mod digests_tests;
#[cfg(test)]
mod lifecycle_tests;
#[cfg(test)]
mod mine_tests;
#[cfg(test)]
mod service_tests;

pub use admin::{
    DEFAULT_FREQUENCY_SETTING, SubscriberAdminError, SubscriberAdminPorts, SubscriberAdminService,
};
pub use cadence::{DigestSchedule, EACH_GRACE_MINUTES, InvalidSchedule, MAX_EACH_GRACE_MINUTES};

pub use digests::{DigestPorts, DigestRound, DigestService};
pub use lifecycle::{
    Bounce, CONFIRM_WITHIN_DAYS, ConfirmError, HARD_BOUNCES_TO_SUSPEND, SubscribeAction,
};
pub use links::LinkSigner;
pub use mine::{MySubscriptionChange, MySubscriptionError};
pub use ports::{
    DigestBatches, NewStories, NewSubscription, SubscriberAdminStore, SubscriberCounts,
    SubscriptionRepository, SubscriptionSettings,
};
pub use reports::{
    BounceOutcome, DeliveryReportParser, NewBounce, ReportedRecipient, StoredBounce,
};
pub use service::{
    SUBSCRIBE_WORDING, SubscribeError, SubscribeForm, SubscriptionLinkError, SubscriptionPorts,
    SubscriptionService,
};

/// How often a subscriber hears of new stories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Frequency {
    /// One mail per story, once it has been published for the grace period
    /// ([`EACH_GRACE_MINUTES`] unless the site sets `SUBSCRIPTION_GRACE_MINUTES`).
    Each,
    /// One digest a week, on the site's digest weekday and hour.
    #[default]
    Weekly,
    /// One digest a month, on the first digest weekday of the month.
    Monthly,
}

impl Frequency {
    pub const ALL: [Frequency; 3] = [Frequency::Each, Frequency::Weekly, Frequency::Monthly];

    pub fn as_str(self) -> &'static str {
        match self {
            Frequency::Each => "each",
            Frequency::Weekly => "weekly",
            Frequency::Monthly => "monthly",
        }
    }

    /// Whether this frequency collects stories into digests (rather than one mail each).
    pub fn is_digest(self) -> bool {
        !matches!(self, Frequency::Each)
    }
}

/// A frequency name that is not one of the three.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Frequency must be one of each, weekly, monthly")]
pub struct UnknownFrequency(pub String);

impl FromStr for Frequency {
    type Err = UnknownFrequency;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Frequency::ALL
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| UnknownFrequency(s.to_owned()))
    }
}

impl fmt::Display for Frequency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a subscription stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubscriptionStatus {
    /// Signed up; waiting for the address's owner to confirm (at most
    /// [`CONFIRM_WITHIN_DAYS`] days, then deleted).
    Pending,
    /// Confirmed: mail goes out at its frequency.
    Confirmed,
    /// The subscriber left. Kept (with its consent record) so a list export shows it; a new
    /// sign-up starts a new confirmation.
    Unsubscribed,
    /// The address bounced; nothing is sent to it until it signs up and confirms again.
    Suspended,
}

impl SubscriptionStatus {
    pub const ALL: [SubscriptionStatus; 4] = [
        SubscriptionStatus::Pending,
        SubscriptionStatus::Confirmed,
        SubscriptionStatus::Unsubscribed,
        SubscriptionStatus::Suspended,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Pending => "pending",
            SubscriptionStatus::Confirmed => "confirmed",
            SubscriptionStatus::Unsubscribed => "unsubscribed",
            SubscriptionStatus::Suspended => "suspended",
        }
    }
}

/// A status name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown subscription status '{0}'")]
pub struct UnknownStatus(pub String);

impl FromStr for SubscriptionStatus {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SubscriptionStatus::ALL
            .into_iter()
            .find(|st| st.as_str() == s)
            .ok_or_else(|| UnknownStatus(s.to_owned()))
    }
}

/// What the subscriber agreed to, and where: the proof a subscription was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionConsent {
    /// The words the form showed ("Get new stories by e-mail ..."), as shown.
    pub wording: String,
    /// The page the form was on (`/`, `/stories/42`, `/dashboard`).
    pub page: String,
    pub at: DateTime<Utc>,
}

/// One address's subscription.
#[derive(Debug, Clone, PartialEq)]
pub struct Subscription {
    pub id: i64,
    /// Lower-cased.
    pub email: String,
    /// The member who subscribed while signed in, if any: members-only stories reach the
    /// subscription only through a confirmed, approved member.
    pub user_id: Option<UserId>,
    pub frequency: Frequency,
    /// Category names to hear about; empty means all of them (new ones included).
    pub categories: Vec<String>,
    pub status: SubscriptionStatus,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// Stories published up to this moment have been considered for this subscriber's
    /// digests: the next digest holds what was published after it.
    pub covered_until: Option<DateTime<Utc>>,
    /// Permanent failures reported after delivery (RFC 3464 reports) since the last
    /// confirmation.
    pub hard_bounces: u32,
    pub consent: SubscriptionConsent,
}

impl Subscription {
    /// Whether a story in `category` belongs in this subscriber's mail.
    pub fn wants(&self, category: &str) -> bool {
        self.categories.is_empty()
            || self
                .categories
                .iter()
                .any(|c| c.eq_ignore_ascii_case(category))
    }
}
