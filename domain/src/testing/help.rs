//! In-memory help messages.

use async_trait::async_trait;
use std::sync::Mutex;

use super::{lock, tick};
use crate::StoreError;
use crate::help::{HelpMessage, HelpMessageRepository, InboxStatus, NewHelpMessage};
use crate::paging::Page;
use crate::user::UserId;
use chrono::{DateTime, Utc};

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
            subject: new.subject.into_inner(),
            category: new.category,
            message: new.message.into_inner(),
            contact_email: new.contact_email.into_inner(),
            user_id: new.user_id,
            created_at: tick(id.unsigned_abs()),
            handled_at: None,
            handled_by: None,
        };
        rows.push(message.clone());
        Ok(message)
    }

    async fn find(&self, id: i64) -> Result<Option<HelpMessage>, StoreError> {
        Ok(lock(&self.rows).iter().find(|m| m.id == id).cloned())
    }

    async fn list(
        &self,
        status: InboxStatus,
        limit: u64,
        offset: u64,
    ) -> Result<Page<HelpMessage>, StoreError> {
        let mut chosen: Vec<HelpMessage> = self
            .all()
            .into_iter()
            .filter(|m| m.handled_at.is_some() == (status == InboxStatus::Handled))
            .collect();
        if status == InboxStatus::Handled {
            chosen.sort_by(|a, b| b.handled_at.cmp(&a.handled_at).then(b.id.cmp(&a.id)));
        }
        let total = chosen.len() as u64;
        let items = chosen
            .into_iter()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .collect();
        Ok(Page { items, total })
    }

    async fn mark_handled(
        &self,
        id: i64,
        by: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<HelpMessage>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows.iter_mut().find(|m| m.id == id).map(|m| {
            if m.handled_at.is_none() {
                m.handled_at = Some(at);
                m.handled_by = Some(by.clone());
            }
            m.clone()
        }))
    }

    async fn delete(&self, id: i64) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|m| m.id != id);
        Ok(rows.len() < before)
    }
}
