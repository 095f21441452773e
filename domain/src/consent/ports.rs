//! The port withdrawing consent needs beyond the story's and the social export's.

use async_trait::async_trait;

use super::withdrawal::WithdrawnOutputs;
use crate::StoreError;
use crate::social::SocialWork;
use crate::story::{StoryId, StoryWork};

/// Takes away a story's copies when its consent is withdrawn.
#[async_trait]
pub trait Withdrawals: Send + Sync {
    /// What withdrawal takes away besides the story's place on the site: cancels the
    /// story's queued social posts, deletes its stored versions, and answers which posts
    /// were already made.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn withdraw_outputs(&self, story: StoryId) -> Result<WithdrawnOutputs, StoreError>;
}

/// What withdrawing consent writes: the story (taken down or changed), its consent
/// records, its copies (`Withdrawals`), the social posts to delete and the activity log.
pub trait WithdrawalWork: StoryWork + SocialWork {
    fn withdrawals(&self) -> &dyn Withdrawals;
}
