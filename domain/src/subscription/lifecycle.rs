//! What each request does to a subscription: signing up (the same answer whatever the
//! address's state, so the answer never tells whether it is subscribed), confirming,
//! changing the frequency, leaving, and bounces.

use chrono::{DateTime, Duration, Utc};

use super::{Frequency, Subscription, SubscriptionStatus};

/// How long a sign-up waits for its confirmation before it is deleted.
pub const CONFIRM_WITHIN_DAYS: i64 = 7;

/// Permanent failures reported after delivery that suspend an address. A refusal at
/// delivery itself (an SMTP 5xx) suspends at once: the mail server said so to our face.
pub const HARD_BOUNCES_TO_SUSPEND: u32 = 2;

/// What a sign-up for an address does, given what is stored for it. The person who signed
/// up hears the same "Check your inbox to confirm" in every case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubscribeAction {
    /// Nothing usable is stored: store a new pending subscription (replacing an expired,
    /// unsubscribed or suspended one) and mail its confirmation link.
    StartConfirmation,
    /// A pending sign-up still waits: mail its confirmation link again (the sign-up limits
    /// bound how often).
    ResendConfirmation,
    /// Confirmed at once: a signed-in member whose verified address this is has nothing
    /// left to prove.
    ConfirmAtOnce,
    /// Already confirmed: nothing changes and nothing is mailed (a stranger must not be
    /// able to change someone's choices or fill their inbox).
    Nothing,
}

impl SubscribeAction {
    /// The action for a sign-up at `now`. `proven` is true when the request comes from a
    /// signed-in member whose verified address is the one signing up.
    pub fn for_sign_up(existing: Option<&Subscription>, proven: bool, now: DateTime<Utc>) -> Self {
        let confirmed = existing.is_some_and(|s| s.status == SubscriptionStatus::Confirmed);
        if confirmed {
            return SubscribeAction::Nothing;
        }
        if proven {
            return SubscribeAction::ConfirmAtOnce;
        }
        match existing {
            Some(s) if s.status == SubscriptionStatus::Pending && !s.is_expired(now) => {
                SubscribeAction::ResendConfirmation
            }
            _ => SubscribeAction::StartConfirmation,
        }
    }
}

/// Why a confirmation link did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConfirmError {
    /// Older than [`CONFIRM_WITHIN_DAYS`]: the person signs up again.
    #[error("This confirmation link has expired; please sign up again")]
    Expired,
    /// The subscription left or bounced since: a new sign-up is needed.
    #[error("This subscription has ended; please sign up again")]
    Ended,
}

/// A report that mail to an address failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounce {
    /// The mail server refused the message at delivery with a permanent (5xx) answer.
    RefusedAtDelivery,
    /// A delivery-status report (RFC 3464) arrived later; `permanent` for a 5.x.x status.
    Reported { permanent: bool },
}

impl Subscription {
    /// Whether this is a sign-up whose confirmation time has run out.
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.status == SubscriptionStatus::Pending
            && now >= self.created_at + Duration::days(CONFIRM_WITHIN_DAYS)
    }

    /// Confirms a pending sign-up at `now` (a confirmed one stays as it is: the link works
    /// once and again harmlessly). Digests start with what is published afterwards.
    ///
    /// # Errors
    /// [`ConfirmError::Expired`] for a sign-up older than [`CONFIRM_WITHIN_DAYS`];
    /// [`ConfirmError::Ended`] once it was unsubscribed or suspended.
    pub fn confirm(&mut self, now: DateTime<Utc>) -> Result<(), ConfirmError> {
        match self.status {
            SubscriptionStatus::Confirmed => Ok(()),
            SubscriptionStatus::Pending if self.is_expired(now) => Err(ConfirmError::Expired),
            SubscriptionStatus::Pending => {
                self.status = SubscriptionStatus::Confirmed;
                self.confirmed_at = Some(now);
                self.covered_until = Some(now);
                self.hard_bounces = 0;
                Ok(())
            }
            SubscriptionStatus::Unsubscribed | SubscriptionStatus::Suspended => {
                Err(ConfirmError::Ended)
            }
        }
    }

    /// Leaves: nothing more is sent. Leaving twice is leaving once.
    pub fn unsubscribe(&mut self) {
        self.status = SubscriptionStatus::Unsubscribed;
    }

    /// "Send less often" and the member's dashboard. Moving from `each` to a digest starts
    /// the digest at `now`, so stories already mailed one by one are not mailed again.
    pub fn change_frequency(&mut self, frequency: Frequency, now: DateTime<Utc>) {
        if self.frequency == Frequency::Each && frequency.is_digest() {
            self.covered_until = Some(now);
        }
        self.frequency = frequency;
    }

    /// Counts a bounce; answers whether the address is suspended by it.
    pub fn record_bounce(&mut self, bounce: Bounce) -> bool {
        if self.status == SubscriptionStatus::Suspended {
            return false;
        }
        let suspend = match bounce {
            Bounce::RefusedAtDelivery => true,
            Bounce::Reported { permanent: false } => false,
            Bounce::Reported { permanent: true } => {
                self.hard_bounces += 1;
                self.hard_bounces >= HARD_BOUNCES_TO_SUSPEND
            }
        };
        if suspend {
            self.status = SubscriptionStatus::Suspended;
        }
        suspend
    }

    /// Whether mail may go to this subscription at all.
    pub fn receives_mail(&self) -> bool {
        self.status == SubscriptionStatus::Confirmed
    }
}
