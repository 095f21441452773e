//! Exporting a published story to social platforms: one post per platform is queued (the
//! delivery worker posts it later), and the answer says honestly what happens to each.
//! The super admin's view of the posts is in `admin.rs`.

use std::sync::Arc;

use super::SocialWork;
use super::{Platform, SocialPost, SocialPostRepository};
use crate::StoreError;
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::clock::Clock;
use crate::permissions::{Ability, Caller, Refusal};
use crate::story::{StoryId, StoryRepository};
use crate::work::UnitOfWork;

/// The message for exporting an unpublished story.
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
    /// Members-only stories never leave the site.
    #[error("A members-only story cannot be shared on social media")]
    MembersOnly,
    /// The latest consent of the author does not cover social media.
    #[error("The author has not agreed to sharing this story on social media")]
    NoSocialConsent,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What becomes of a queued post.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handling {
    /// The site has the platform's credentials: the delivery worker posts it.
    Automatic,
    /// No credentials for the platform: it waits until an administrator configures them.
    AwaitingCredentials,
    /// The platform's API cannot take the post (Instagram needs an image): someone shares
    /// it by hand.
    Manual,
    /// Not queued: the story is already queued or went out there (once per platform,
    /// unless a reviewer shares it again).
    AlreadyShared,
}

/// What an export did: every chosen platform got a queued post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportReport {
    pub queued: Vec<(Platform, Handling)>,
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
    fn with(&self, handling: Handling) -> Vec<Platform> {
        self.queued
            .iter()
            .filter(|(_, h)| *h == handling)
            .map(|(p, _)| *p)
            .collect()
    }

    /// A message that never claims a post went out: at this point none has.
    pub fn message(&self) -> String {
        let all: Vec<Platform> = self
            .queued
            .iter()
            .filter(|(_, h)| *h != Handling::AlreadyShared)
            .map(|(p, _)| *p)
            .collect();
        let shared = self.with(Handling::AlreadyShared);
        let shared_note = format!(
            "{} already {} this story: a story goes out once per platform",
            names(&shared),
            if shared.len() == 1 { "has" } else { "have" }
        );
        if all.is_empty() {
            return format!("Nothing queued: {shared_note}");
        }
        let mut why = Vec::new();
        let automatic = self.with(Handling::Automatic);
        if !automatic.is_empty() {
            why.push(format!(
                "the site will post it to {} in the background",
                names(&automatic)
            ));
        }
        let waiting = self.with(Handling::AwaitingCredentials);
        if !waiting.is_empty() {
            why.push(format!(
                "the site has no credentials for {} yet, so the post will go out once an administrator connects the {}",
                names(&waiting),
                if waiting.len() == 1 {
                    "account"
                } else {
                    "accounts"
                }
            ));
        }
        let manual = self.with(Handling::Manual);
        if !manual.is_empty() {
            why.push(format!(
                "{} cannot take a post without an image through {} API, so share it there by hand",
                names(&manual),
                if manual.len() == 1 { "its" } else { "their" }
            ));
        }
        if !shared.is_empty() {
            why.push(shared_note);
        }
        format!("Queued for {}: {}", names(&all), why.join("; "))
    }
}

/// Social export use case.
#[derive(Clone)]
pub struct SocialService {
    pub(super) p: SocialPorts,
}

/// What the social service talks to, and how the site names itself in posts.
#[derive(Clone)]
pub struct SocialPorts {
    pub stories: Arc<dyn StoryRepository>,
    pub posts: Arc<dyn SocialPostRepository>,
    /// An export (its posts and its activity-log entry) runs in one.
    pub work: Arc<dyn UnitOfWork<dyn SocialWork>>,
    pub clock: Arc<dyn Clock>,
    /// Platforms whose credentials are configured (the delivery worker posts to them).
    pub connected: Vec<Platform>,
    /// `PUBLIC_URL`, for the link back to the story.
    pub public_url: String,
    pub site_name: String,
}

impl SocialService {
    pub fn new(ports: SocialPorts) -> Self {
        Self { p: ports }
    }

    fn handling(&self, platform: Platform) -> Handling {
        if !platform.takes_text_posts() {
            Handling::Manual
        } else if self.p.connected.contains(&platform) {
            Handling::Automatic
        } else {
            Handling::AwaitingCredentials
        }
    }

    /// Queues a published story for the chosen platforms: its author or a reviewer may. A
    /// platform for which the story is already queued is not queued twice.
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
            .p
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
        if found.story.privacy.audience != crate::story::Audience::Public {
            return Err(ExportError::MembersOnly);
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
        let post = SocialPost::of_story(
            id,
            &found.story.title,
            found.story.excerpt.as_deref(),
            &self.p.public_url,
            &self.p.site_name,
        );
        let text = post.text();
        let mut report = ExportReport { queued: Vec::new() };
        let again = caller.can(Ability::ReviewStories);
        let work = self.p.work.begin().await?;
        let consents = work.consents().of_story(id).await?;
        if !crate::story::consent::allows(
            consents.last(),
            crate::story::consent::ConsentUse::Social,
        ) {
            return Err(ExportError::NoSocialConsent);
        }
        let mut shared = Vec::new();
        for platform in wanted {
            let queued = work
                .social()
                .queue(id, platform, &text, &me.id, again)
                .await?;
            if queued {
                shared.push(platform);
            }
            let handling = if queued {
                self.handling(platform)
            } else {
                Handling::AlreadyShared
            };
            report.queued.push((platform, handling));
        }
        if shared.is_empty() {
            return Ok(report);
        }
        let entry = NewAuditEntry::by(
            &me,
            AuditAction::SocialExported,
            id,
            Some(&found.story.title),
            self.p.clock.now(),
        )
        .because(Some(&names(&shared)));
        log_and_commit(work, entry).await?;
        Ok(report)
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
