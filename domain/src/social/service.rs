//! Exporting a published story to social platforms: each platform's publisher posts it or
//! queues it, every attempt is recorded, and the answer says honestly which happened.

use std::sync::Arc;

use super::{Platform, PublishOutcome, SocialPost, SocialPostRepository, SocialPublisher};
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::story::{StoryId, StoryRepository};

/// The specification's message for exporting an unpublished story.
pub const NOT_PUBLISHED: &str = "Story must be published before exporting to social media";

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Story not found")]
    NotFound,
    #[error("{}", NOT_PUBLISHED)]
    NotPublished,
    #[error("Choose at least one platform")]
    NoPlatforms,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What an export did, per platform.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportReport {
    pub posted: Vec<Platform>,
    pub queued: Vec<Platform>,
}

fn names(platforms: &[Platform]) -> String {
    let labels: Vec<&str> = platforms.iter().map(|p| p.label()).collect();
    match labels.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl ExportReport {
    /// A message that never claims a post went out when it did not.
    pub fn message(&self) -> String {
        match (self.posted.is_empty(), self.queued.is_empty()) {
            (false, true) => format!("Shared on {}", names(&self.posted)),
            (true, false) => format!(
                "Queued for {}: this site has no credentials for {} yet, so the post will go out once an administrator connects the account",
                names(&self.queued),
                if self.queued.len() == 1 {
                    "that platform"
                } else {
                    "these platforms"
                }
            ),
            _ => format!(
                "Shared on {}; queued for {}",
                names(&self.posted),
                names(&self.queued)
            ),
        }
    }
}

/// Social export use case.
#[derive(Clone)]
pub struct SocialService {
    stories: Arc<dyn StoryRepository>,
    posts: Arc<dyn SocialPostRepository>,
    publishers: Vec<Arc<dyn SocialPublisher>>,
    public_url: String,
    site_name: String,
}

impl SocialService {
    pub fn new(
        stories: Arc<dyn StoryRepository>,
        posts: Arc<dyn SocialPostRepository>,
        publishers: Vec<Arc<dyn SocialPublisher>>,
        public_url: String,
        site_name: String,
    ) -> Self {
        Self {
            stories,
            posts,
            publishers,
            public_url,
            site_name,
        }
    }

    /// Exports a published story: its author or a reviewer may.
    ///
    /// # Errors
    /// Refusal, missing story (or someone else's unpublished one), unpublished, no platforms.
    pub async fn export(
        &self,
        caller: &Caller,
        id: StoryId,
        platforms: &[Platform],
    ) -> Result<ExportReport, ExportError> {
        let me = caller.require(Ability::WriteStories)?.clone();
        let found = self
            .stories
            .find_with_author(id)
            .await?
            .ok_or(ExportError::NotFound)?;
        let mine = found.story.author_id == me.id;
        if !mine && !caller.can(Ability::ReviewStories) {
            return Err(if found.story.is_public() {
                Refusal::Forbidden.into()
            } else {
                ExportError::NotFound
            });
        }
        if !found.story.is_public() {
            return Err(ExportError::NotPublished);
        }
        let mut wanted: Vec<Platform> = Vec::new();
        for p in platforms {
            if !wanted.contains(p) {
                wanted.push(*p);
            }
        }
        if wanted.is_empty() {
            return Err(ExportError::NoPlatforms);
        }
        let post = SocialPost {
            title: found.story.title.clone(),
            excerpt: found.story.excerpt.clone(),
            backlink: format!("{}/stories/{}", self.public_url, id),
            site_name: self.site_name.clone(),
        };
        let mut report = ExportReport {
            posted: Vec::new(),
            queued: Vec::new(),
        };
        for platform in wanted {
            let outcome = match self.publishers.iter().find(|p| p.platform() == platform) {
                Some(publisher) => publisher.publish(&post).await?,
                None => PublishOutcome::Queued,
            };
            self.posts
                .record(id, platform, outcome, &post.text(), &me.id)
                .await?;
            match outcome {
                PublishOutcome::Posted => report.posted.push(platform),
                PublishOutcome::Queued => report.queued.push(platform),
            }
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queued_export_says_it_was_queued_not_shared() {
        let report = ExportReport {
            posted: vec![],
            queued: vec![Platform::Twitter, Platform::LinkedIn, Platform::Instagram],
        };
        let message = report.message();
        assert!(
            message.starts_with("Queued for Twitter, LinkedIn and Instagram"),
            "{message}"
        );
        assert!(!message.contains("Shared"));
    }

    #[test]
    fn a_post_holds_title_excerpt_backlink_and_site_name() {
        let post = SocialPost {
            title: "Grace".into(),
            excerpt: Some("A story".into()),
            backlink: "https://example.org/stories/7".into(),
            site_name: "Grace Stories".into(),
        };
        let text = post.text();
        for part in [
            "Grace",
            "A story",
            "https://example.org/stories/7",
            "Grace Stories",
        ] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
    }
}
