//! A signed-in member's own subscription, as the dashboard shows and changes it: the
//! subscription of their account's address, once that address is verified (an unverified
//! address may be someone else's, and the sign-up's answer never tells whether an address
//! is subscribed).

use super::service::SubscriptionService;
use super::{Frequency, Subscription, SubscriptionStatus};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::User;
use crate::validation::FieldErrors;

/// What the dashboard changes: both fields, as the member chose them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MySubscriptionChange {
    pub frequency: Frequency,
    /// Category names; empty for all.
    pub categories: Vec<String>,
}

/// Why the member's own subscription could not be read or changed.
#[derive(Debug, thiserror::Error)]
pub enum MySubscriptionError {
    /// Not signed in.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The account's address is not verified yet.
    #[error(
        "Verify your e-mail address first: its subscription is shown once the address is proven yours"
    )]
    Unverified,
    /// Nothing is stored for the account's address.
    #[error("You have no subscription")]
    NoSubscription,
    /// Waiting for its confirmation, or ended (unsubscribed, suspended): only a confirmed
    /// subscription is changed; the member subscribes again instead.
    #[error("{0}")]
    NotConfirmed(&'static str),
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl SubscriptionService {
    /// The subscription of the signed-in member's address, whatever its status (the
    /// dashboard offers the form again for an ended one).
    ///
    /// # Errors
    /// Not signed in; [`MySubscriptionError::Unverified`] while the account's address is not
    /// proven; [`MySubscriptionError::NoSubscription`] when none is stored; the store's error.
    pub async fn mine(&self, caller: &Caller) -> Result<Subscription, MySubscriptionError> {
        let me = verified_member(caller)?;
        self.p
            .subscriptions
            .find_by_email(&me.email.to_lowercase())
            .await?
            .ok_or(MySubscriptionError::NoSubscription)
    }

    /// Changes the frequency and categories of the member's own confirmed subscription.
    /// Moving from `each` to a digest starts the digest now (as "Send less often" does).
    ///
    /// # Errors
    /// As [`Self::mine`]; [`MySubscriptionError::NotConfirmed`] for a sign-up waiting for its
    /// confirmation or an ended subscription; [`MySubscriptionError::Invalid`] naming
    /// `categories` for an unknown category or too many; the store's error.
    pub async fn change_mine(
        &self,
        caller: &Caller,
        change: MySubscriptionChange,
    ) -> Result<Subscription, MySubscriptionError> {
        let mut subscription = self.mine(caller).await?;
        let mut errors = FieldErrors::new();
        let categories = self.categories(change.categories, &mut errors).await?;
        if !errors.is_empty() {
            return Err(MySubscriptionError::Invalid(errors));
        }
        match subscription.status {
            SubscriptionStatus::Confirmed => {}
            SubscriptionStatus::Pending => {
                return Err(MySubscriptionError::NotConfirmed(
                    "Confirm your subscription first: open the link in the mail we sent",
                ));
            }
            SubscriptionStatus::Unsubscribed | SubscriptionStatus::Suspended => {
                return Err(MySubscriptionError::NotConfirmed(
                    "This subscription has ended; please sign up again",
                ));
            }
        }
        subscription.change_frequency(change.frequency, self.p.clock.now());
        subscription.categories = categories;
        self.p.subscriptions.save(&subscription).await?;
        Ok(subscription)
    }
}

impl SubscriptionService {
    /// Ends the member's own subscription from the dashboard, as the link in any mail does:
    /// nothing more is sent. A sign-up still waiting for its confirmation ends too, so its
    /// mailed link no longer confirms it. Leaving an ended subscription changes nothing.
    ///
    /// # Errors
    /// As [`Self::mine`]; the store's error.
    pub async fn leave_mine(&self, caller: &Caller) -> Result<Subscription, MySubscriptionError> {
        let mut subscription = self.mine(caller).await?;
        if matches!(
            subscription.status,
            SubscriptionStatus::Confirmed | SubscriptionStatus::Pending
        ) {
            subscription.unsubscribe();
            self.p.subscriptions.save(&subscription).await?;
        }
        Ok(subscription)
    }
}

/// The signed-in member, once their account's address is verified.
fn verified_member(caller: &Caller) -> Result<&User, MySubscriptionError> {
    let me = caller.require(Ability::ManageOwnAccount)?;
    if me.email_verified {
        Ok(me)
    } else {
        Err(MySubscriptionError::Unverified)
    }
}

impl SubscriptionService {
    /// Every subscription of `user`'s (made while signed in, or for their address), with
    /// its consent record, for their data export.
    ///
    /// # Errors
    /// The store's error.
    pub async fn of_account(&self, user: &User) -> Result<Vec<Subscription>, StoreError> {
        self.p.subscriptions.of_account(&user.id, &user.email).await
    }
}
