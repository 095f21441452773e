//! Delivering queued posts: the worker claims due posts for the platforms it has publishers
//! for, posts each one, and records the outcome. A refusal is final; an outage is retried
//! with backoff until [`MAX_PUBLISH_ATTEMPTS`]. Only a post the platform accepted is marked
//! `posted`.
//!
//! The same rounds carry out the deletions a withdrawal of consent queued (`deleting.rs`).

use std::sync::Arc;

use chrono::Duration;

use super::SocialWork;
use super::{
    ClaimedPost, MAX_PUBLISH_ATTEMPTS, PUBLISH_BATCH, PUBLISH_LEASE_SECONDS, Platform,
    PublishError, SocialPost, SocialPostRepository, SocialPublisher,
};
use crate::StoreError;
use crate::clock::Clock;
use crate::delivery::{MAX_BATCHES_PER_ROUND, Round, retry_delay};
use crate::story::StoryRepository;
use crate::work::UnitOfWork;

/// Posts what the export queued, to the platforms it has publishers for.
#[derive(Clone)]
pub struct SocialDelivery {
    pub(super) posts: Arc<dyn SocialPostRepository>,
    pub(super) stories: Arc<dyn StoryRepository>,
    /// Records a deletion's outcome with its activity-log entry.
    pub(super) work: Arc<dyn UnitOfWork<dyn SocialWork>>,
    publishers: Vec<Arc<dyn SocialPublisher>>,
    pub(super) clock: Arc<dyn Clock>,
    public_url: String,
    site_name: String,
}

/// What the delivery worker works with.
pub struct SocialDeliveryPorts {
    pub posts: Arc<dyn SocialPostRepository>,
    pub stories: Arc<dyn StoryRepository>,
    /// Records a deletion's outcome with its activity-log entry.
    pub work: Arc<dyn UnitOfWork<dyn SocialWork>>,
    /// One for each platform with credentials.
    pub publishers: Vec<Arc<dyn SocialPublisher>>,
    pub clock: Arc<dyn Clock>,
    /// The site's address and name, which a post's text links to and names.
    pub public_url: String,
    pub site_name: String,
}

impl SocialDelivery {
    pub fn new(p: SocialDeliveryPorts) -> Self {
        Self {
            posts: p.posts,
            stories: p.stories,
            work: p.work,
            publishers: p.publishers,
            clock: p.clock,
            public_url: p.public_url,
            site_name: p.site_name,
        }
    }

    /// The platforms this worker posts to (those with credentials).
    pub fn platforms(&self) -> Vec<Platform> {
        let mut platforms: Vec<Platform> = Vec::new();
        for p in &self.publishers {
            if !platforms.contains(&p.platform()) {
                platforms.push(p.platform());
            }
        }
        platforms
    }

    /// Posts every due queued post, then carries out every due deletion, a batch at a
    /// time.
    ///
    /// # Errors
    /// The store's error when posts or deletions cannot be claimed or their outcome
    /// recorded (a claimed one is then tried again once its lease ends). A platform's
    /// refusal or outage is not an error: it is counted in the round.
    pub async fn deliver_due(&self) -> Result<Round, StoreError> {
        let mut round = Round::default();
        let platforms = self.platforms();
        if platforms.is_empty() {
            return Ok(round);
        }
        self.post_due(&platforms, &mut round).await?;
        let posts_left = round.more;
        self.delete_due(&platforms, &mut round).await?;
        round.more |= posts_left;
        Ok(round)
    }

    async fn post_due(&self, platforms: &[Platform], round: &mut Round) -> Result<(), StoreError> {
        for _ in 0..MAX_BATCHES_PER_ROUND {
            let now = self.clock.now();
            let lease_until = now + Duration::seconds(PUBLISH_LEASE_SECONDS);
            let batch = self
                .posts
                .claim_due(platforms, now, lease_until, PUBLISH_BATCH)
                .await?;
            let full = batch.len() >= PUBLISH_BATCH as usize;
            for claimed in batch {
                self.deliver(&claimed, round).await?;
            }
            round.more = full;
            if !full {
                break;
            }
        }
        Ok(())
    }

    pub(super) fn publisher(&self, platform: Platform) -> Option<&Arc<dyn SocialPublisher>> {
        self.publishers.iter().find(|p| p.platform() == platform)
    }

    async fn deliver(&self, claimed: &ClaimedPost, round: &mut Round) -> Result<(), StoreError> {
        let Some(publisher) = self.publisher(claimed.platform) else {
            // Not claimed by this worker's filter; left for one that has the platform.
            return Ok(());
        };
        let story = self
            .stories
            .find_with_author(claimed.story)
            .await?
            .map(|found| found.story)
            .filter(|story| story.is_open_to_all());
        let Some(story) = story else {
            // Never post a link to a story the public cannot read (members-only ones too).
            round.failed += 1;
            return self
                .posts
                .mark_failed(claimed.id, "the story is no longer published", None)
                .await;
        };
        let post = SocialPost::of_story(
            story.id,
            &story.title,
            story.excerpt.as_deref(),
            &self.public_url,
            &self.site_name,
        );
        match publisher.publish(&post).await {
            Ok(published) => {
                round.delivered += 1;
                self.posts
                    .mark_posted(claimed.id, &published, self.clock.now())
                    .await?;
                self.delete_if_withdrawn_meanwhile(claimed, &published)
                    .await
            }
            Err(PublishError::Refused(error)) => {
                round.failed += 1;
                self.posts.mark_failed(claimed.id, &error, None).await
            }
            Err(PublishError::Unavailable { message, .. })
                if claimed.attempts >= MAX_PUBLISH_ATTEMPTS =>
            {
                round.failed += 1;
                let error = format!("{message} (gave up after {} tries)", claimed.attempts);
                self.posts.mark_failed(claimed.id, &error, None).await
            }
            Err(PublishError::Unavailable {
                message,
                retry_after,
            }) => {
                round.retrying += 1;
                let wait = next_wait(claimed.attempts, retry_after);
                self.posts
                    .mark_failed(claimed.id, &message, Some(self.clock.now() + wait))
                    .await
            }
        }
    }
}

/// The wait before the next try: the backoff, or longer when the platform asked, at most a
/// day.
pub(super) fn next_wait(attempts: u32, asked: Option<Duration>) -> Duration {
    asked
        .map_or(retry_delay(attempts), |asked| {
            asked.max(retry_delay(attempts))
        })
        .min(Duration::days(1))
}

#[cfg(test)]
#[path = "delivery_tests.rs"]
mod tests;
