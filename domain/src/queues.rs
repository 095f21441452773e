//! How much waits for the moderators: the counts beside the admin area's screens
//! (`docs/decisions/consistency.md`, "An admin area with a map"). Each queue is counted
//! only for those whose screen shows it.

use std::sync::Arc;

use crate::StoreError;
use crate::comment::CommentRepository;
use crate::help::{HelpMessageRepository, InboxStatus};
use crate::mail::{DeliveryState, MailOutbox};
use crate::permissions::{Ability, Caller, Refusal};
use crate::social::{PostStatus, SocialPostRepository};
use crate::story::{ReviewKind, StoryRepository};
use crate::user::UserRepository;

/// How many items wait in each queue the caller works on; `None` for a queue that is not
/// theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueCounts {
    /// Comments waiting for approval (every moderator's queue).
    pub comments: u64,
    /// New stories waiting for review (reviewers).
    pub new_stories: Option<u64>,
    /// Edits of live stories waiting for review (reviewers).
    pub edits: Option<u64>,
    /// Accounts waiting for approval (those who manage people).
    pub people: Option<u64>,
    /// Open help messages (readers of the help inbox).
    pub help_open: Option<u64>,
    /// Mails that failed for good (readers of the help inbox).
    pub mail_failed: Option<u64>,
    /// Social posts that failed for good (readers of the help inbox).
    pub social_failed: Option<u64>,
}

/// Why the counts could not be read.
#[derive(Debug, thiserror::Error)]
pub enum QueueCountsError {
    /// Whoever moderates nothing (no comment queue) is refused.
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the counts read: each queue's store.
#[derive(Clone)]
pub struct QueuePorts {
    pub comments: Arc<dyn CommentRepository>,
    pub stories: Arc<dyn StoryRepository>,
    pub users: Arc<dyn UserRepository>,
    pub help: Arc<dyn HelpMessageRepository>,
    pub outbox: Arc<dyn MailOutbox>,
    pub posts: Arc<dyn SocialPostRepository>,
}

/// Counts what waits in the moderators' queues.
#[derive(Clone)]
pub struct QueueService {
    p: QueuePorts,
}

impl QueueService {
    pub fn new(ports: QueuePorts) -> Self {
        Self { p: ports }
    }

    /// The number of items waiting in each of the caller's queues: comment moderators see
    /// the comments, reviewers the new stories and edits too, those who manage people the
    /// accounts waiting, readers of the help inbox the open messages and the failed mails
    /// and posts (the super admin sees every queue).
    ///
    /// # Errors
    /// [`QueueCountsError::Refused`] for a caller who moderates nothing; the store's error.
    pub async fn counts(&self, caller: &Caller) -> Result<QueueCounts, QueueCountsError> {
        caller.require(Ability::ModerateComments)?;
        let comments = self.p.comments.pending(1, 0).await?.total;
        let reviews = caller.can(Ability::ReviewStories);
        let outboxes = caller.can(Ability::ReadHelpInbox);
        let stories = |kind| async move {
            if reviews {
                Ok::<_, StoreError>(Some(
                    self.p.stories.review_queue(Some(kind), 1, 0).await?.total,
                ))
            } else {
                Ok(None)
            }
        };
        let new_stories = stories(ReviewKind::NewStories).await?;
        let edits = stories(ReviewKind::Edits).await?;
        let people = if caller.can(Ability::ManageUsers) {
            Some(self.p.users.list_pending(1, 0).await?.total)
        } else {
            None
        };
        let (help_open, mail_failed, social_failed) = if outboxes {
            (
                Some(self.p.help.list(InboxStatus::Open, 1, 0).await?.total),
                Some(
                    self.p
                        .outbox
                        .page(Some(DeliveryState::Failed), 1, 0)
                        .await?
                        .total,
                ),
                Some(
                    self.p
                        .posts
                        .page(Some(PostStatus::Failed), 1, 0)
                        .await?
                        .total,
                ),
            )
        } else {
            (None, None, None)
        };
        Ok(QueueCounts {
            comments,
            new_stories,
            edits,
            people,
            help_open,
            mail_failed,
            social_failed,
        })
    }
}

#[cfg(test)]
#[path = "queues_tests.rs"]
mod tests;
