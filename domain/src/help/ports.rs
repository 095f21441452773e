//! Port for storing help-centre messages.

use async_trait::async_trait;

use super::{HelpMessage, NewHelpMessage};
use crate::StoreError;

/// Stores help messages (the super admin's inbox).
#[async_trait]
pub trait HelpMessageRepository: Send + Sync {
    /// Stores a message and returns it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn create(&self, new: NewHelpMessage) -> Result<HelpMessage, StoreError>;

    /// Every message, newest first.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn list(&self) -> Result<Vec<HelpMessage>, StoreError>;
}
