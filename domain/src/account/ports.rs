//! The account's own port: what a person's export reads from every aggregate.

use async_trait::async_trait;

use crate::StoreError;
use crate::comment::Comment;
use crate::help::HelpMessage;
use crate::schedule::Schedule;
use crate::story::{Revision, Story};
use crate::user::User;

/// Everything the site holds about one person besides the account itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountData {
    /// Their stories, each with every stored version (approved, waiting, rejected).
    pub stories: Vec<(Story, Vec<Revision>)>,
    pub schedules: Vec<Schedule>,
    /// Help messages sent while signed in.
    pub help_messages: Vec<HelpMessage>,
    /// Comments left with the account's e-mail address.
    pub comments: Vec<Comment>,
    /// Pictures they uploaded (those not yet deleted).
    pub pictures: Vec<crate::media::Media>,
}

/// Reads a person's data for their export, in a fixed number of queries.
#[async_trait]
pub trait AccountDataSource: Send + Sync {
    /// What the site holds about `user`.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn collect(&self, user: &User) -> Result<AccountData, StoreError>;
}
