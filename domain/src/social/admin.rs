//! The super admin's view of the social posts: a page of them, retrying a failed post and
//! cancelling a queued one, each with its activity-log entry.

use super::service::SocialService;
use super::{PostStatus, SocialPostId, SocialPostRecord};
use crate::StoreError;
use crate::audit::log_and_commit;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::paging::Page;
use crate::paging::{InvalidPage, PageBounds, PageRequest};
use crate::permissions::{Ability, Caller, Refusal};

/// Why the super admin's view of the social posts refused.
#[derive(Debug, thiserror::Error)]
pub enum SocialAdminError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Social post not found")]
    NotFound,
    /// Retrying a post that did not fail, or cancelling one that is not queued.
    #[error("{0}")]
    WrongState(&'static str),
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The most posts one page shows.
pub const POSTS_PAGE_MAX: u64 = 200;
/// The super admin's list of exported posts: newest first, 50 unless asked.
pub const POST_PAGES: PageBounds = PageBounds {
    default_limit: 50,
    max_limit: POSTS_PAGE_MAX,
    max_offset: 1_000_000,
};

impl SocialService {
    /// A page of the posts, newest first (super admin).
    ///
    /// # Errors
    /// Refusal, a page out of range, the store's error.
    pub async fn posts(
        &self,
        caller: &Caller,
        status: Option<PostStatus>,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<SocialPostRecord>, SocialAdminError> {
        caller.require(Ability::ReadHelpInbox)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, POST_PAGES)?;
        Ok(self.p.posts.page(status, limit, offset).await?)
    }

    /// Gives a failed post a fresh set of tries (super admin): it is queued again.
    ///
    /// # Errors
    /// Refusal, a missing post, one that did not fail.
    pub async fn retry_post(
        &self,
        caller: &Caller,
        id: SocialPostId,
    ) -> Result<SocialPostRecord, SocialAdminError> {
        self.move_post(
            caller,
            id,
            (PostStatus::Failed, PostStatus::Queued),
            AuditAction::SocialRetried,
            "Only a failed post can be tried again",
        )
        .await
    }

    /// Withdraws a queued post before it goes out (super admin).
    ///
    /// # Errors
    /// Refusal, a missing post, one that is not queued.
    pub async fn cancel_post(
        &self,
        caller: &Caller,
        id: SocialPostId,
    ) -> Result<SocialPostRecord, SocialAdminError> {
        self.move_post(
            caller,
            id,
            (PostStatus::Queued, PostStatus::Cancelled),
            AuditAction::SocialCancelled,
            "Only a queued post can be cancelled",
        )
        .await
    }

    async fn move_post(
        &self,
        caller: &Caller,
        id: SocialPostId,
        (from, to): (PostStatus, PostStatus),
        action: AuditAction,
        wrong_state: &'static str,
    ) -> Result<SocialPostRecord, SocialAdminError> {
        let me = caller.require(Ability::ReadHelpInbox)?;
        let post = self
            .p
            .posts
            .find(id)
            .await?
            .ok_or(SocialAdminError::NotFound)?;
        let work = self.p.work.begin().await?;
        match work.social().change_status(id, from, to).await {
            Ok(true) => {}
            Ok(false) => return Err(SocialAdminError::WrongState(wrong_state)),
            // One queued post per story and platform: another one waits already.
            Err(StoreError::Conflict(_)) => {
                return Err(SocialAdminError::WrongState(
                    "A post of this story is already queued for this platform",
                ));
            }
            Err(e) => return Err(e.into()),
        }
        let entry = NewAuditEntry::by(
            me,
            action,
            id.0,
            post.story_title.as_deref(),
            self.p.clock.now(),
        )
        .because(Some(post.platform.label()));
        log_and_commit(work, entry).await?;
        self.p
            .posts
            .find(id)
            .await?
            .ok_or(SocialAdminError::NotFound)
    }
}
