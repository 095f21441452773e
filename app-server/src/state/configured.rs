//! The adapters that configuration chooses: which social platforms have a publisher.

use std::sync::Arc;

use domain::clock::Clock;
use domain::social::SocialPublisher;

use crate::config::SocialConfig;

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
