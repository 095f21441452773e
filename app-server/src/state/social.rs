//! The social services: the queued exports and their delivery worker (to the platforms
//! with credentials), consent to publish (which deletes what was posted once withdrawn),
//! and the moderators' side of exports.

use std::sync::Arc;

use domain::clock::Clock;
use domain::consent::ConsentService;
use domain::social::{SocialDelivery, SocialDeliveryPorts, SocialPostRepository, SocialService};
use domain::story::StoryRepository;

use super::configured::social_publishers;
use crate::config::Config;

/// What the social services are built from.
pub(super) struct SocialParts<'a> {
    pub stamp: adapters::Db,
    pub stories: Arc<dyn StoryRepository>,
    /// The one unit of work, which each service begins as its aggregate's work.
    pub work: Arc<adapters::SeaOrmUnitOfWork>,
    pub clock: Arc<dyn Clock>,
    /// Woken whenever a post is queued.
    pub wakeup: Arc<tokio::sync::Notify>,
    pub config: &'a Config,
}

pub(super) struct SocialServices {
    /// The queue of exports, which the moderation counts read too.
    pub posts: Arc<dyn SocialPostRepository>,
    pub delivery: SocialDelivery,
    pub consents: ConsentService,
    pub social: SocialService,
}

/// # Errors
/// A social publisher that cannot be set up (for example an unreadable
/// `LINKEDIN_AUTHOR_URN`).
pub(super) fn services(p: SocialParts<'_>) -> anyhow::Result<SocialServices> {
    let config = p.config;
    let posts: Arc<dyn SocialPostRepository> =
        Arc::new(adapters::SeaOrmSocialPostRepository::new(p.stamp.clone()).with_wakeup(p.wakeup));
    let delivery = SocialDelivery::new(SocialDeliveryPorts {
        posts: posts.clone(),
        stories: p.stories.clone(),
        work: p.work.clone(),
        publishers: social_publishers(&config.social, &p.clock)?,
        clock: p.clock.clone(),
        public_url: config.public_url.clone(),
        site_name: config.site_name.clone(),
    });
    // The platforms with credentials: the worker posts there, and deletes what it
    // posted once consent is withdrawn.
    let consents = ConsentService::new(
        Arc::new(adapters::SeaOrmConsentRepository::new(p.stamp)),
        p.stories.clone(),
        p.work.clone(),
        p.clock.clone(),
    )
    .deleting_on(delivery.platforms());
    let social = SocialService::new(domain::social::SocialPorts {
        stories: p.stories,
        posts: posts.clone(),
        work: p.work,
        clock: p.clock,
        connected: delivery.platforms(),
        public_url: config.public_url.clone(),
        site_name: config.site_name.clone(),
    });
    Ok(SocialServices {
        posts,
        delivery,
        consents,
        social,
    })
}
