//! Social export: the record of every attempt, and the per-platform publishers.

use async_trait::async_trait;
use chrono::Utc;
use domain::StoreError;
use domain::social::{Platform, PublishOutcome, SocialPost, SocialPostRepository, SocialPublisher};
use domain::story::StoryId;
use domain::user::UserId;
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};

use crate::db::store_err;
use crate::entity::social_posts;

pub struct SeaOrmSocialPostRepository {
    db: DatabaseConnection,
}

impl SeaOrmSocialPostRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl SocialPostRepository for SeaOrmSocialPostRepository {
    async fn record(
        &self,
        story: StoryId,
        platform: Platform,
        outcome: PublishOutcome,
        text: &str,
        by: &UserId,
    ) -> Result<(), StoreError> {
        social_posts::ActiveModel {
            story_id: Set(story.0),
            platform: Set(platform.as_str().to_owned()),
            status: Set(match outcome {
                PublishOutcome::Posted => "posted".to_owned(),
                PublishOutcome::Queued => "queued".to_owned(),
            }),
            body: Set(text.to_owned()),
            created_by: Set(Some(by.as_str().to_owned())),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        Ok(())
    }
}

/// A platform without configured API credentials: every post is queued (recorded in
/// `social_posts` with status `queued`), never claimed as sent.
pub struct QueueingPublisher {
    platform: Platform,
}

impl QueueingPublisher {
    pub fn new(platform: Platform) -> Self {
        Self { platform }
    }

    /// One queueing publisher for each platform.
    pub fn all() -> Vec<Self> {
        [Platform::Twitter, Platform::LinkedIn, Platform::Instagram]
            .into_iter()
            .map(Self::new)
            .collect()
    }
}

#[async_trait]
impl SocialPublisher for QueueingPublisher {
    fn platform(&self) -> Platform {
        self.platform
    }

    async fn publish(&self, post: &SocialPost) -> Result<PublishOutcome, StoreError> {
        tracing::info!(platform = self.platform.as_str(), backlink = %post.backlink, "social post queued (no credentials)");
        Ok(PublishOutcome::Queued)
    }
}
