//! The links in mail sent to subscribers. A subscription stores only the hash of its
//! random link token, so a digest cannot repeat that token; it carries a signed one
//! instead: the subscription's id and a keyed signature of the id and of when the
//! subscription was made (`{id}.{signature}`). A new sign-up of the address remakes the
//! subscription and so ends every earlier link, as a new random token does; a digest's link
//! keeps working as long as the subscription does. Every endpoint that takes a link finds
//! its subscription through [`SubscriptionService::by_token`], which accepts both kinds. The key is the server's
//! (`SESSION_SECRET`), so a copy of the database alone makes no link.

use super::Subscription;
use super::service::{SubscriptionLinkError, SubscriptionService};

/// Signs messages with the server's key (HMAC-SHA-256 in the adapters).
pub trait LinkSigner: Send + Sync {
    /// The signature of `message`, URL-safe.
    fn sign(&self, message: &str) -> String;
}

fn message(subscription: &Subscription) -> String {
    format!(
        "subscription-link:{}:{}",
        subscription.id,
        subscription.created_at.timestamp_millis()
    )
}

/// The token the links of a mail to `subscription` carry.
pub fn mail_token(signer: &dyn LinkSigner, subscription: &Subscription) -> String {
    format!(
        "{}.{}",
        subscription.id,
        signer.sign(&message(subscription))
    )
}

/// The subscription id a signed token names, if it has that shape (a random token never
/// has: it holds no full stop).
pub fn signed_id(token: &str) -> Option<i64> {
    let (id, signature) = token.split_once('.')?;
    if signature.is_empty() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    id.parse().ok()
}

/// Whether `token` is the signed token of `subscription`, compared in constant time.
pub fn is_signed_token_of(
    signer: &dyn LinkSigner,
    token: &str,
    subscription: &Subscription,
) -> bool {
    let expected = mail_token(signer, subscription);
    expected.len() == token.len()
        && expected
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

impl SubscriptionService {
    /// The subscription a link names: by its mailed random token (its hash is stored), or
    /// by the signed token of a digest's links.
    pub(super) async fn by_token(
        &self,
        token: &str,
    ) -> Result<Subscription, SubscriptionLinkError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(SubscriptionLinkError::InvalidLink);
        }
        if let Some(found) = self
            .p
            .subscriptions
            .find_by_token(&self.p.minter.hash(token))
            .await?
        {
            return Ok(found);
        }
        let Some(id) = signed_id(token) else {
            return Err(SubscriptionLinkError::InvalidLink);
        };
        self.p
            .subscriptions
            .find(id)
            .await?
            .filter(|s| is_signed_token_of(self.p.signer.as_ref(), token, s))
            .ok_or(SubscriptionLinkError::InvalidLink)
    }
}
