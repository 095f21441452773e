//! Deleting posts already made, in the delivery worker's rounds: the deletions a withdrawal
//! of consent queued (or one the worker queues itself, for a post that went out while its
//! story left the public site) are claimed once across instances, retried, and given up
//! after [`MAX_PUBLISH_ATTEMPTS`]. Each outcome goes in the activity log; a deletion given
//! up names the post for a person to remove by hand.

use chrono::Duration;

use super::delivery::{SocialDelivery, next_wait};
use super::{
    ClaimedDeletion, ClaimedPost, MAX_PUBLISH_ATTEMPTS, PUBLISH_BATCH, PUBLISH_LEASE_SECONDS,
    Platform, PublishError,
};
use crate::StoreError;
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, MAX_LABEL_CHARS, NewAuditEntry};
use crate::delivery::{MAX_BATCHES_PER_ROUND, Round};

impl SocialDelivery {
    pub(super) async fn delete_due(
        &self,
        platforms: &[Platform],
        round: &mut Round,
    ) -> Result<(), StoreError> {
        round.more = false;
        for _ in 0..MAX_BATCHES_PER_ROUND {
            let now = self.clock.now();
            let lease_until = now + Duration::seconds(PUBLISH_LEASE_SECONDS);
            let batch = self
                .posts
                .claim_due_deletions(platforms, now, lease_until, PUBLISH_BATCH)
                .await?;
            let full = batch.len() >= PUBLISH_BATCH as usize;
            for claimed in batch {
                self.delete(&claimed, round).await?;
            }
            round.more = full;
            if !full {
                break;
            }
        }
        Ok(())
    }

    /// A post that went out while its story left the public site (consent withdrawn while
    /// it was being sent, after the withdrawal looked for posts already made): its deletion
    /// is queued as the withdrawal would have, on behalf of the author.
    pub(super) async fn delete_if_withdrawn_meanwhile(
        &self,
        claimed: &ClaimedPost,
        published: &super::Published,
    ) -> Result<(), StoreError> {
        let Some(external_id) = &published.external_id else {
            return Ok(());
        };
        let Some(found) = self.stories.find_with_author(claimed.story).await? else {
            return Ok(());
        };
        if found.story.is_open_to_all() {
            return Ok(());
        }
        self.posts
            .queue_deletion(&super::NewDeletion {
                post: claimed.id,
                story: claimed.story,
                story_title: found.story.title.clone(),
                platform: claimed.platform,
                external_id: external_id.clone(),
                external_url: published.url.clone(),
                requested_by: found.story.author_id.clone(),
                requested_by_name: found.author.name(),
                at: self.clock.now(),
            })
            .await
    }

    /// Deletes one post on its platform and records the outcome with its log entry.
    async fn delete(&self, claimed: &ClaimedDeletion, round: &mut Round) -> Result<(), StoreError> {
        let Some(publisher) = self.publisher(claimed.deletion.platform) else {
            // Not claimed by this worker's filter; left for one that has the platform.
            return Ok(());
        };
        let error = match publisher.delete(&claimed.deletion.external_id).await {
            Ok(()) => {
                round.delivered += 1;
                let now = self.clock.now();
                let work = self.work.begin().await?;
                work.social()
                    .mark_deleted(claimed.id, claimed.deletion.post, now)
                    .await?;
                let entry = deletion_entry(
                    claimed,
                    AuditAction::SocialPostDeleted,
                    &format!("Deleted: {}", claimed.where_to_find()),
                    now,
                );
                return log_and_commit(work, entry).await;
            }
            Err(PublishError::Refused(error)) => error,
            Err(PublishError::Unavailable { message, .. })
                if claimed.attempts >= MAX_PUBLISH_ATTEMPTS =>
            {
                format!("{message} (gave up after {} tries)", claimed.attempts)
            }
            Err(PublishError::Unavailable {
                message,
                retry_after,
            }) => {
                round.retrying += 1;
                let wait = next_wait(claimed.attempts, retry_after);
                return self
                    .posts
                    .mark_deletion_failed(claimed.id, &message, Some(self.clock.now() + wait))
                    .await;
            }
        };
        // Given up: the post stays on the platform, named in the log for a person to remove.
        round.failed += 1;
        let work = self.work.begin().await?;
        work.social()
            .mark_deletion_failed(claimed.id, &error, None)
            .await?;
        let entry = deletion_entry(
            claimed,
            AuditAction::SocialDeletionFailed,
            &format!(
                "Not deleted ({error}); remove it by hand: {}",
                claimed.where_to_find()
            ),
            self.clock.now(),
        );
        log_and_commit(work, entry).await
    }
}

/// The log entry of a deletion's outcome: by the person who withdrew consent (done on their
/// behalf), about the post, labelled with the story's title.
fn deletion_entry(
    claimed: &ClaimedDeletion,
    action: AuditAction,
    reason: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> NewAuditEntry {
    let d = &claimed.deletion;
    NewAuditEntry {
        actor_id: d.requested_by.clone(),
        actor_name: d.requested_by_name.clone(),
        action,
        target_id: d.post.0.to_string(),
        target_label: Some(d.story_title.chars().take(MAX_LABEL_CHARS).collect()),
        reason: Some(reason.to_owned()),
        at,
    }
}
