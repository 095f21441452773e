//! Ports of the social export: the record of exported posts (with the delivery worker's
//! claim, and the queue of deletions of posts already made), and one publisher per
//! platform, which also deletes what it published.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{
    ClaimedDeletion, ClaimedPost, DeletionId, NewDeletion, Platform, PublishError, Published,
    SocialPost, SocialPostId,
};
use crate::StoreError;
use crate::audit::AuditWork;
use crate::story::StoryId;
use crate::story::consent::ConsentRecordWork;
use crate::user::UserId;

/// Posts to one platform's API.
#[async_trait]
pub trait SocialPublisher: Send + Sync {
    fn platform(&self) -> Platform;

    /// Publishes the post; succeeds only when the platform accepted it.
    ///
    /// # Errors
    /// [`PublishError::Refused`] when the platform refuses it for good (a 4xx answer other
    /// than 429); [`PublishError::Unavailable`] when it may take it later (429, 5xx, no
    /// answer), with the wait the platform asked for, if any.
    async fn publish(&self, post: &SocialPost) -> Result<Published, PublishError>;

    /// Deletes a post it published, by the platform's id of it ([`Published::external_id`]);
    /// succeeds when the platform deleted it, or answers that it is not there (any more).
    ///
    /// # Errors
    /// As [`SocialPublisher::publish`]: [`PublishError::Refused`] for good (wrong
    /// credentials, a post the account may not delete), [`PublishError::Unavailable`] when
    /// it may work later.
    async fn delete(&self, external_id: &str) -> Result<(), PublishError>;
}

/// Every exported post (the `social_posts` table) and its delivery state.
#[async_trait]
pub trait SocialPostRepository: Send + Sync {
    /// Records a post of `story` for `platform`, `queued`, with the text as exported.
    /// Returns `false` (and stores nothing) when a post of that story for that platform is
    /// already queued, or, unless `again` (a reviewer re-sharing it), already posted.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn queue(
        &self,
        story: StoryId,
        platform: Platform,
        text: &str,
        by: &UserId,
        again: bool,
    ) -> Result<bool, StoreError>;

    /// Claims up to `limit` queued posts for `platforms` that are due at `now` (never tried,
    /// or their next try has come), oldest first: counts the attempt and holds them until
    /// `lease_until`, so no one else claims them meanwhile.
    ///
    /// The claim must be atomic across server instances: two concurrent calls never return
    /// the same post (one statement; `FOR UPDATE SKIP LOCKED` where the engine has it).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim_due(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPost>, StoreError>;

    /// Marks a claimed post `posted` at `at`, with what the platform answered.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_posted(
        &self,
        id: SocialPostId,
        published: &Published,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Records a failed try of a claimed post: with `retry_at` it stays `queued` and is due
    /// again then; without, it is `failed` for good.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_failed(
        &self,
        id: SocialPostId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError>;

    /// A page of the posts (all, or in one status), newest first, with their stories'
    /// titles (a fixed number of queries), and how many match.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn page(
        &self,
        status: Option<super::PostStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<crate::paging::Page<super::SocialPostRecord>, StoreError>;

    /// The post, if it exists.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn find(&self, id: SocialPostId) -> Result<Option<super::SocialPostRecord>, StoreError>;

    /// Moves the post from `from` to `to` (a failed post queued again with fresh tries, a
    /// queued one cancelled); `false` when it is not in `from` (any more).
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn change_status(
        &self,
        id: SocialPostId,
        from: super::PostStatus,
        to: super::PostStatus,
    ) -> Result<bool, StoreError>;

    /// Queues the deletion of a post already made (in the withdrawal's work); does nothing
    /// when the post has a deletion already (one post is deleted once).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn queue_deletion(&self, deletion: &NewDeletion) -> Result<(), StoreError>;

    /// Claims up to `limit` queued deletions for `platforms` that are due at `now`, oldest
    /// first, atomically across server instances, as [`SocialPostRepository::claim_due`]
    /// claims posts: counts the attempt and holds them until `lease_until`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn claim_due_deletions(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedDeletion>, StoreError>;

    /// Marks a claimed deletion done at `at`, and its post (if its row is still there)
    /// `deleted`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_deleted(
        &self,
        id: DeletionId,
        post: SocialPostId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Records a failed try of a claimed deletion: with `retry_at` it stays queued and is
    /// due again then; without, it is `failed` for good (the post stays `posted`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn mark_deletion_failed(
        &self,
        id: DeletionId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError>;
}

/// What the social export writes: its posts and deletions, and the activity log; it
/// reads the story's consent in the same work.
pub trait SocialWork: AuditWork + ConsentRecordWork {
    fn social(&self) -> &dyn SocialPostRepository;
}
