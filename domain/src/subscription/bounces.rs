//! Bounces without a mail provider. A subscriber's mail the receiving server refused for
//! good at delivery (an SMTP 5xx answer) suspends that address at once
//! (`Bounce::RefusedAtDelivery`), so nothing more is sent to it until it signs up and
//! confirms again. A mail server that reports a failure later sends the super admin a
//! delivery-status report (RFC 3464): each permanent failure of a subscribed address is
//! stored and counted, and the [`HARD_BOUNCES_TO_SUSPEND`]th suspends it.

use super::admin::{SubscriberAdminError, SubscriberAdminService, invalid};
use super::lifecycle::{Bounce, HARD_BOUNCES_TO_SUSPEND};
use super::reports::{BounceOutcome, NewBounce};
use super::service::SubscriptionService;
use crate::StoreError;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::mail::RefusedSubscriberMail;
use crate::permissions::Caller;

#[async_trait::async_trait]
impl RefusedSubscriberMail for SubscriptionService {
    async fn refused(&self, to: &str) -> Result<(), StoreError> {
        let Some(mut subscription) = self.p.subscriptions.find_by_email(to).await? else {
            return Ok(());
        };
        if subscription.record_bounce(Bounce::RefusedAtDelivery) {
            self.p.subscriptions.save(&subscription).await?;
        }
        Ok(())
    }
}

impl SubscriberAdminService {
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

fn invalid_report(message: &str) -> SubscriberAdminError {
    invalid("report", message)
}
