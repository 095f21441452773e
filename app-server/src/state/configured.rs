//! The adapters that configuration chooses: where pictures live, and which social
//! platforms have a publisher.

use std::sync::Arc;

use domain::clock::Clock;
use domain::media::MediaStore;
use domain::social::SocialPublisher;

use crate::config::SocialConfig;

/// Where pictures live: S3-compatible storage when `MEDIA_S3_URL` is set, else `MEDIA_DIR`.
pub(super) fn media_store(
    config: &crate::config::MediaConfig,
) -> anyhow::Result<Arc<dyn MediaStore>> {
    Ok(match &config.s3 {
        Some(s3) => Arc::new(
            adapters::S3MediaStore::new(s3)
                .map_err(|e| anyhow::anyhow!("MEDIA_S3_URL {}: {e}", s3.endpoint))?,
        ),
        None => Arc::new(
            adapters::FsMediaStore::new(&config.dir)
                .map_err(|e| anyhow::anyhow!("MEDIA_DIR {}: {e}", config.dir.display()))?,
        ),
    })
}

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
