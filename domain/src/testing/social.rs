//! Exported posts in memory, with the delivery claim, and a publisher that answers as the
//! test scripts it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::collections::VecDeque;
use std::sync::Mutex;

use super::lock;
use crate::StoreError;
use crate::social::{
    ClaimedDeletion, ClaimedPost, DeletionId, DeletionRecord, DeletionStatus, NewDeletion,
    Platform, PostStatus, PublishError, Published, SocialPost, SocialPostId, SocialPostRecord,
    SocialPostRepository, SocialPublisher,
};
use crate::story::StoryId;
use crate::user::UserId;

/// One recorded post, as the `social_posts` table holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialPostRow {
    pub id: SocialPostId,
    pub story: StoryId,
    pub platform: Platform,
    pub status: PostStatus,
    pub text: String,
    pub created_by: UserId,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub posted_at: Option<DateTime<Utc>>,
    pub external_id: Option<String>,
    pub external_url: Option<String>,
}

/// One queued deletion, as the `social_deletions` table holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SocialDeletionRow {
    pub id: DeletionId,
    pub deletion: NewDeletion,
    pub status: DeletionStatus,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub deleted_at: Option<DateTime<Utc>>,
}

/// The `social_posts` (and `social_deletions`) tables in memory; the claims behave like
/// the SQL ones.
#[derive(Debug, Default)]
pub struct InMemorySocialPostRepository {
    rows: Mutex<Vec<SocialPostRow>>,
    deletions: Mutex<Vec<SocialDeletionRow>>,
}

impl InMemorySocialPostRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every recorded post, oldest first.
    pub fn rows(&self) -> Vec<SocialPostRow> {
        lock(&self.rows).clone()
    }

    /// Every queued deletion, oldest first.
    pub fn deletions(&self) -> Vec<SocialDeletionRow> {
        lock(&self.deletions).clone()
    }

    /// A post already made (as the worker leaves it), for tests that start from there.
    pub fn posted(&self, story: StoryId, platform: Platform, external_id: &str) -> SocialPostId {
        let mut rows = lock(&self.rows);
        let id = SocialPostId(i64::try_from(rows.len()).unwrap_or(i64::MAX) + 1);
        rows.push(SocialPostRow {
            id,
            story,
            platform,
            status: PostStatus::Posted,
            text: String::new(),
            created_by: UserId::new("someone"),
            attempts: 1,
            last_error: None,
            next_attempt_at: None,
            posted_at: Some(super::t0()),
            external_id: Some(external_id.to_owned()),
            external_url: Some(format!("https://social.example/{external_id}")),
        });
        id
    }

    fn update(&self, id: SocialPostId, change: impl FnOnce(&mut SocialPostRow)) {
        if let Some(row) = lock(&self.rows).iter_mut().find(|r| r.id == id) {
            change(row);
        }
    }

    fn update_deletion(&self, id: DeletionId, change: impl FnOnce(&mut SocialDeletionRow)) {
        if let Some(row) = lock(&self.deletions).iter_mut().find(|r| r.id == id) {
            change(row);
        }
    }

    fn record(&self, row: &SocialPostRow) -> SocialPostRecord {
        let deletion = lock(&self.deletions)
            .iter()
            .rev()
            .find(|d| d.deletion.post == row.id)
            .map(|d| DeletionRecord {
                status: d.status,
                attempts: d.attempts,
                last_error: d.last_error.clone(),
                deleted_at: d.deleted_at,
            });
        SocialPostRecord {
            deletion,
            ..record(row)
        }
    }
}

fn record(row: &SocialPostRow) -> SocialPostRecord {
    SocialPostRecord {
        id: row.id,
        story: row.story,
        story_title: None,
        platform: row.platform,
        status: row.status,
        attempts: row.attempts,
        last_error: row.last_error.clone(),
        created_at: super::tick(row.id.0.unsigned_abs()),
        posted_at: row.posted_at,
        external_url: row.external_url.clone(),
        deletion: None,
    }
}

#[async_trait]
impl SocialPostRepository for InMemorySocialPostRepository {
    async fn page(
        &self,
        status: Option<PostStatus>,
        limit: u64,
        offset: u64,
    ) -> Result<crate::paging::Page<SocialPostRecord>, StoreError> {
        let chosen: Vec<SocialPostRecord> = lock(&self.rows)
            .iter()
            .rev()
            .filter(|r| status.is_none_or(|s| r.status == s))
            .cloned()
            .collect::<Vec<_>>()
            .iter()
            .map(|r| self.record(r))
            .collect();
        Ok(crate::paging::Page {
            total: chosen.len() as u64,
            items: chosen
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .collect(),
        })
    }

    async fn find(&self, id: SocialPostId) -> Result<Option<SocialPostRecord>, StoreError> {
        let row = lock(&self.rows).iter().find(|r| r.id == id).cloned();
        Ok(row.map(|r| self.record(&r)))
    }

    async fn change_status(
        &self,
        id: SocialPostId,
        from: PostStatus,
        to: PostStatus,
    ) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let Some(moving) = rows
            .iter()
            .find(|r| r.id == id && r.status == from)
            .cloned()
        else {
            return Ok(false);
        };
        // Like the database's partial unique index: one queued post per story and platform.
        if to == PostStatus::Queued
            && rows.iter().any(|r| {
                r.id != id
                    && r.status == PostStatus::Queued
                    && r.story == moving.story
                    && r.platform == moving.platform
            })
        {
            return Err(StoreError::Conflict("socialPost".to_owned()));
        }
        let Some(row) = rows.iter_mut().find(|r| r.id == id) else {
            return Ok(false);
        };
        row.status = to;
        if to == PostStatus::Queued {
            row.attempts = 0;
            row.next_attempt_at = None;
        }
        Ok(true)
    }

    async fn queue(
        &self,
        story: StoryId,
        platform: Platform,
        text: &str,
        by: &UserId,
        again: bool,
    ) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        if rows.iter().any(|r| {
            r.story == story
                && r.platform == platform
                && (r.status == PostStatus::Queued || (!again && r.status == PostStatus::Posted))
        }) {
            return Ok(false);
        }
        let id = SocialPostId(i64::try_from(rows.len()).unwrap_or(i64::MAX) + 1);
        rows.push(SocialPostRow {
            id,
            story,
            platform,
            status: PostStatus::Queued,
            text: text.to_owned(),
            created_by: by.clone(),
            attempts: 0,
            last_error: None,
            next_attempt_at: None,
            posted_at: None,
            external_id: None,
            external_url: None,
        });
        Ok(true)
    }

    async fn claim_due(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPost>, StoreError> {
        let mut rows = lock(&self.rows);
        let mut claimed = Vec::new();
        for row in rows.iter_mut() {
            if claimed.len() >= limit as usize {
                break;
            }
            let due = row.next_attempt_at.is_none_or(|at| at <= now);
            if row.status == PostStatus::Queued && platforms.contains(&row.platform) && due {
                row.attempts += 1;
                row.next_attempt_at = Some(lease_until);
                claimed.push(ClaimedPost {
                    id: row.id,
                    story: row.story,
                    platform: row.platform,
                    attempts: row.attempts,
                });
            }
        }
        Ok(claimed)
    }

    async fn mark_posted(
        &self,
        id: SocialPostId,
        published: &Published,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update(id, |row| {
            row.status = PostStatus::Posted;
            row.posted_at = Some(at);
            row.external_id = published.external_id.clone();
            row.external_url = published.url.clone();
            row.last_error = None;
            row.next_attempt_at = None;
        });
        Ok(())
    }

    async fn mark_failed(
        &self,
        id: SocialPostId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        self.update(id, |row| {
            row.last_error = Some(error.to_owned());
            row.next_attempt_at = retry_at;
            if retry_at.is_none() {
                row.status = PostStatus::Failed;
            }
        });
        Ok(())
    }

    async fn queue_deletion(&self, deletion: &NewDeletion) -> Result<(), StoreError> {
        let mut all = lock(&self.deletions);
        if all.iter().any(|d| d.deletion.post == deletion.post) {
            return Ok(());
        }
        let id = DeletionId(i64::try_from(all.len()).unwrap_or(i64::MAX) + 1);
        all.push(SocialDeletionRow {
            id,
            deletion: deletion.clone(),
            status: DeletionStatus::Queued,
            attempts: 0,
            last_error: None,
            next_attempt_at: None,
            deleted_at: None,
        });
        Ok(())
    }

    async fn claim_due_deletions(
        &self,
        platforms: &[Platform],
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedDeletion>, StoreError> {
        let mut all = lock(&self.deletions);
        let mut claimed = Vec::new();
        for row in all.iter_mut() {
            if claimed.len() >= limit as usize {
                break;
            }
            let due = row.next_attempt_at.is_none_or(|at| at <= now);
            if row.status == DeletionStatus::Queued
                && platforms.contains(&row.deletion.platform)
                && due
            {
                row.attempts += 1;
                row.next_attempt_at = Some(lease_until);
                claimed.push(ClaimedDeletion {
                    id: row.id,
                    deletion: row.deletion.clone(),
                    attempts: row.attempts,
                });
            }
        }
        Ok(claimed)
    }

    async fn mark_deleted(
        &self,
        id: DeletionId,
        post: SocialPostId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.update_deletion(id, |row| {
            row.status = DeletionStatus::Deleted;
            row.deleted_at = Some(at);
            row.last_error = None;
            row.next_attempt_at = None;
        });
        self.update(post, |row| {
            if row.status == PostStatus::Posted {
                row.status = PostStatus::Deleted;
            }
        });
        Ok(())
    }

    async fn mark_deletion_failed(
        &self,
        id: DeletionId,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        self.update_deletion(id, |row| {
            row.last_error = Some(error.to_owned());
            row.next_attempt_at = retry_at;
            if retry_at.is_none() {
                row.status = DeletionStatus::Failed;
            }
        });
        Ok(())
    }
}

/// A publisher for one platform that remembers every post it is given and answers with the
/// scripted results in order, then with success (external ids `post-1`, `post-2`, ...);
/// the same for deletions (the ids it is asked to delete, its own script).
#[derive(Debug)]
pub struct ScriptedSocialPublisher {
    platform: Platform,
    script: Mutex<VecDeque<Result<Published, PublishError>>>,
    posts: Mutex<Vec<SocialPost>>,
    delete_script: Mutex<VecDeque<Result<(), PublishError>>>,
    deleted: Mutex<Vec<String>>,
}

impl ScriptedSocialPublisher {
    pub fn new(platform: Platform) -> Self {
        Self {
            platform,
            script: Mutex::new(VecDeque::new()),
            posts: Mutex::new(Vec::new()),
            delete_script: Mutex::new(VecDeque::new()),
            deleted: Mutex::new(Vec::new()),
        }
    }

    /// The next answer to a deletion (after those scripted before).
    pub fn then_delete(&self, answer: Result<(), PublishError>) -> &Self {
        lock(&self.delete_script).push_back(answer);
        self
    }

    /// Every id it was asked to delete, in order, whatever it answered.
    pub fn deleted(&self) -> Vec<String> {
        lock(&self.deleted).clone()
    }

    /// The next answer (after those scripted before).
    pub fn then(&self, answer: Result<Published, PublishError>) -> &Self {
        lock(&self.script).push_back(answer);
        self
    }

    /// Every post it was given, in order, whatever it answered.
    pub fn posts(&self) -> Vec<SocialPost> {
        lock(&self.posts).clone()
    }
}

#[async_trait]
impl SocialPublisher for ScriptedSocialPublisher {
    fn platform(&self) -> Platform {
        self.platform
    }

    async fn publish(&self, post: &SocialPost) -> Result<Published, PublishError> {
        let n = {
            let mut posts = lock(&self.posts);
            posts.push(post.clone());
            posts.len()
        };
        lock(&self.script).pop_front().unwrap_or_else(|| {
            Ok(Published {
                external_id: Some(format!("post-{n}")),
                url: Some(format!(
                    "https://social.example/{}/post-{n}",
                    self.platform.as_str()
                )),
            })
        })
    }

    async fn delete(&self, external_id: &str) -> Result<(), PublishError> {
        lock(&self.deleted).push(external_id.to_owned());
        lock(&self.delete_script).pop_front().unwrap_or(Ok(()))
    }
}
