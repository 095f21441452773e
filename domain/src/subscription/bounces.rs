//! Bounces without a mail provider: a subscriber's mail the receiving server refused for
//! good at delivery (an SMTP 5xx answer) suspends that address at once
//! (`Bounce::RefusedAtDelivery`), so nothing more is sent to it until it signs up and
//! confirms again.

use super::lifecycle::Bounce;
use super::service::SubscriptionService;
use crate::StoreError;
use crate::mail::RefusedSubscriberMail;

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
