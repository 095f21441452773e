//! The social posts' repository, split by job: the posts the delivery worker makes
//! (`posts.rs`: queued, claimed, posted or failed, in `social_posts`), the deletions of posts
//! already made (`deletions.rs`, in `social_deletions`), the super admin's view
//! (`admin.rs`). Both queues are claimed by one statement (`claim.rs`); rows and their
//! mapping are in `rows.rs`.

mod admin;
mod claim;
mod deletions;
mod posts;
mod rows;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::paging::Page;
use domain::social::{
    ClaimedDeletion, ClaimedPost, DeletionId, NewDeletion, Platform, PostStatus, Published,
    SocialPostId, SocialPostRecord, SocialPostRepository,
};
use domain::story::StoryId;
use domain::user::UserId;
use tokio::sync::Notify;

use crate::db::Db;

pub struct SeaOrmSocialPostRepository {
    db: Db,
    wakeup: Option<Arc<Notify>>,
}

impl SeaOrmSocialPostRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self {
            db: db.into(),
            wakeup: None,
        }
    }

    /// Notifies `wakeup` after each queued post (the delivery worker waits on it).
    #[must_use]
    pub fn with_wakeup(mut self, wakeup: Arc<Notify>) -> Self {
        self.wakeup = Some(wakeup);
        self
    }
}

#[async_trait]
impl SocialPostRepository for SeaOrmSocialPostRepository {
    async fn queue(
        &self,
        story: StoryId,
        platform: Platform,
        text: &str,
        by: &UserId,
        again: bool,
    ) -> Result<bool, StoreError> {
        posts::queue(self, story, platform, text, by, again).await
    }

    async fn claim_due(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPost>, StoreError> {
        posts::claim(self, platforms, now, lease_until, limit).await
    }

    async fn mark_posted(
        &self,
        id: SocialPostId,
        published: &Published,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        posts::mark_posted(self, id, published, at).await
    }

    async fn mark_failed(
        &self,
        id: SocialPostId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        posts::mark_failed(self, id, error, retry_at).await
    }

    async fn page(
        &self,
        status: Option<PostStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<Page<SocialPostRecord>, StoreError> {
        admin::page(self, status, limit, offset).await
    }

    async fn find(&self, id: SocialPostId) -> Result<Option<SocialPostRecord>, StoreError> {
        admin::find(self, id).await
    }

    async fn change_status(
        &self,
        id: SocialPostId,
        from: PostStatus,
        to: PostStatus,
    ) -> Result<bool, StoreError> {
        admin::change_status(self, id, from, to).await
    }

    async fn queue_deletion(&self, deletion: &NewDeletion) -> Result<(), StoreError> {
        deletions::queue(self, deletion).await
    }

    async fn claim_due_deletions(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedDeletion>, StoreError> {
        deletions::claim_due(self, platforms, now, lease_until, limit).await
    }

    async fn mark_deleted(
        &self,
        id: DeletionId,
        post: SocialPostId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        deletions::mark_deleted(self, id, post, at).await
    }

    async fn mark_deletion_failed(
        &self,
        id: DeletionId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        deletions::mark_failed(self, id, error, retry_at).await
    }
}
