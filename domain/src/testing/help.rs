//! In-memory help messages.

use async_trait::async_trait;
use std::sync::Mutex;

use super::{lock, tick};
use crate::StoreError;
use crate::help::{HelpMessage, HelpMessageRepository, NewHelpMessage};

/// Help messages in memory.
#[derive(Debug, Default)]
pub struct InMemoryHelpMessageRepository {
    rows: Mutex<Vec<HelpMessage>>,
}

impl InMemoryHelpMessageRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every message, in creation order.
    pub fn all(&self) -> Vec<HelpMessage> {
        lock(&self.rows).clone()
    }
}

#[async_trait]
impl HelpMessageRepository for InMemoryHelpMessageRepository {
    async fn create(&self, new: NewHelpMessage) -> Result<HelpMessage, StoreError> {
        let mut rows = lock(&self.rows);
        let id = rows.iter().map(|m| m.id).max().unwrap_or(0) + 1;
        let message = HelpMessage {
            id,
            subject: new.subject,
            category: new.category,
            message: new.message,
            contact_email: new.contact_email,
            user_id: new.user_id,
            created_at: tick(id.unsigned_abs()),
        };
        rows.push(message.clone());
        Ok(message)
    }

    async fn list(&self) -> Result<Vec<HelpMessage>, StoreError> {
        Ok(self.all().into_iter().rev().collect())
    }
}
