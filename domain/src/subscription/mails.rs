//! The mails a sign-up sends: the confirmation link, and the welcome of a member confirmed
//! at once. Each carries the subscription's link (`/subscriptions/{confirm|unsubscribe}`).

use super::lifecycle::CONFIRM_WITHIN_DAYS;
use super::service::SubscriptionService;
use super::{Frequency, Subscription};
use crate::StoreError;
use crate::mail::OutgoingMail;

impl SubscriptionService {
    pub(super) fn link(&self, path: &str, token: &str) -> String {
        format!(
            "{}/subscriptions/{path}?token={token}",
            self.p.site.public_url.trim_end_matches('/')
        )
    }

    pub(super) async fn mail_confirmation(&self, to: &str, token: &str) -> Result<(), StoreError> {
        let site = &self.p.site.name;
        self.p
            .mailer
            .send(OutgoingMail {
                to: to.to_owned(),
                subject: format!("Confirm your subscription to {site}"),
                body: format!(
                    "Someone, probably you, asked to get new stories from {site} by e-mail.\n\n\
                     To confirm, open this link within {CONFIRM_WITHIN_DAYS} days and press \
                     \"Confirm\":\n{}\n\nIf it was not you, ignore this message: nothing will \
                     be sent.",
                    self.link("confirm", token)
                ),
                html: None,
                unsubscribe: None,
            })
            .await
    }

    pub(super) async fn mail_welcome(
        &self,
        subscription: &Subscription,
        token: &str,
    ) -> Result<(), StoreError> {
        let site = &self.p.site.name;
        let how_often = match subscription.frequency {
            Frequency::Each => "each new story as it is published",
            Frequency::Weekly => "a weekly digest of new stories",
            Frequency::Monthly => "a monthly digest of new stories",
        };
        self.p
            .mailer
            .send(OutgoingMail {
                to: subscription.email.clone(),
                subject: format!("You are subscribed to {site}"),
                body: format!(
                    "You will get {how_often} from {site}.\n\nTo change how often, or to stop: \
                     {}",
                    self.link("unsubscribe", token)
                ),
                html: None,
                unsubscribe: None,
            })
            .await
    }
}
