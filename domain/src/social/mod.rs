//! Exporting published stories to social platforms, as a port with one adapter per platform.

use async_trait::async_trait;
use std::str::FromStr;

use crate::StoreError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Platform {
    Twitter,
    LinkedIn,
    Instagram,
}

impl Platform {
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Twitter => "twitter",
            Platform::LinkedIn => "linkedin",
            Platform::Instagram => "instagram",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown platform '{0}'")]
pub struct UnknownPlatform(pub String);

impl FromStr for Platform {
    type Err = UnknownPlatform;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "twitter" => Ok(Platform::Twitter),
            "linkedin" => Ok(Platform::LinkedIn),
            "instagram" => Ok(Platform::Instagram),
            other => Err(UnknownPlatform(other.to_owned())),
        }
    }
}

/// What an exported post holds: title, excerpt, backlink and site name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialPost {
    pub title: String,
    pub excerpt: Option<String>,
    pub backlink: String,
    pub site_name: String,
}

/// What happened to a post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PublishOutcome {
    /// The platform accepted it.
    Posted,
    /// Recorded for later: no credentials for the platform, or it will be retried.
    Queued,
}

/// Publishes to one platform.
#[async_trait]
pub trait SocialPublisher: Send + Sync {
    fn platform(&self) -> Platform;

    /// Publishes (or queues) the post.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the platform cannot be reached.
    async fn publish(&self, post: &SocialPost) -> Result<PublishOutcome, StoreError>;
}

pub mod service;
pub use service::{ExportError, ExportReport, SocialService};

/// Records every export attempt (the `social_posts` table).
#[async_trait]
pub trait SocialPostRepository: Send + Sync {
    /// Stores one post of a story to a platform with its outcome.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn record(
        &self,
        story: crate::story::StoryId,
        platform: Platform,
        outcome: PublishOutcome,
        text: &str,
        by: &crate::user::UserId,
    ) -> Result<(), StoreError>;
}

impl SocialPost {
    /// The post as text: title, excerpt, backlink and the site's name.
    pub fn text(&self) -> String {
        let mut parts = vec![self.title.clone()];
        if let Some(e) = self.excerpt.as_deref().filter(|e| !e.is_empty()) {
            parts.push(e.to_owned());
        }
        parts.push(format!("Read more: {}", self.backlink));
        parts.push(format!("— {}", self.site_name));
        parts.join("\n\n")
    }
}

impl Platform {
    /// The name people know it by.
    pub fn label(self) -> &'static str {
        match self {
            Platform::Twitter => "Twitter",
            Platform::LinkedIn => "LinkedIn",
            Platform::Instagram => "Instagram",
        }
    }
}
