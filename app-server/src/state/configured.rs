//! Services built from settings: the social publishers with credentials, Google sign-in,
//! and the SMTP delivery of the outbox.

use std::sync::Arc;

use domain::clock::Clock;
use domain::social::SocialPublisher;
use domain::user::IdentityProvider;

use crate::config::{Config, SocialConfig};

/// One publisher for each platform whose credentials are configured (Instagram has none: its
/// API cannot publish a post without an image).
pub(super) fn social_publishers(
    config: &SocialConfig,
    clock: &Arc<dyn Clock>,
) -> anyhow::Result<Vec<Arc<dyn SocialPublisher>>> {
    let mut publishers: Vec<Arc<dyn SocialPublisher>> = Vec::new();
    if let Some(token) = &config.twitter_bearer_token {
        publishers.push(Arc::new(
            adapters::TwitterPublisher::new(&config.twitter_api_url, token)?
                .with_clock(clock.clone()),
        ));
    }
    if let (Some(token), Some(author)) =
        (&config.linkedin_access_token, &config.linkedin_author_urn)
    {
        publishers.push(Arc::new(
            adapters::LinkedInPublisher::new(&config.linkedin_api_url, token, author)?
                .with_clock(clock.clone()),
        ));
    }
    Ok(publishers)
}

/// Google sign-in over OpenID Connect; `None` unless its client id and secret are set.
///
/// # Errors
/// An unreadable issuer or redirect address.
pub(super) fn identity_provider(
    config: &Config,
) -> anyhow::Result<Option<Arc<dyn IdentityProvider>>> {
    let (Some(id), Some(secret)) = (&config.google_client_id, &config.google_client_secret) else {
        return Ok(None);
    };
    Ok(Some(Arc::new(adapters::OidcIdentityProvider::new(
        &config.oidc_issuer_url,
        id,
        secret,
        &format!("{}/api/auth/google/callback", config.public_url),
    )?)))
}

/// Sends the outbox over `SMTP_URL`; `None` without it (mail stays in the outbox). A
/// subscriber's address the mail server refuses for good is suspended at once.
///
/// # Errors
/// An unreadable `SMTP_URL` or sender address.
pub(super) fn mail_delivery(
    config: &crate::config::Config,
    stamp: &adapters::Db,
    clock: &Arc<dyn Clock>,
    subscriptions: &domain::subscription::SubscriptionService,
) -> anyhow::Result<Option<domain::mail::MailDelivery>> {
    let Some(url) = &config.smtp_url else {
        return Ok(None);
    };
    Ok(Some(
        domain::mail::MailDelivery::new(
            Arc::new(adapters::SeaOrmMailQueue::new(stamp.clone())),
            Arc::new(adapters::SmtpTransport::new(
                url,
                &config.site_name,
                &config.support_email,
            )?),
            clock.clone(),
        )
        .with_refusals(Arc::new(subscriptions.clone())),
    ))
}
