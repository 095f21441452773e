//! An in-memory API token store.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::Mutex;

use super::lock;
use crate::StoreError;
use crate::api_token::{ApiToken, ApiTokenRepository, HeldApiToken, NewApiToken};
use crate::paging::Page;
use crate::user::UserId;

/// Tokens with their hashes; ids count up from 1. Holders are not joined: the list of
/// every token names each holder by id in `owner_email`.
#[derive(Debug, Default)]
pub struct InMemoryApiTokenRepository {
    rows: Mutex<Vec<(ApiToken, String)>>,
}

impl InMemoryApiTokenRepository {
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait]
impl ApiTokenRepository for InMemoryApiTokenRepository {
    async fn create(&self, new: NewApiToken) -> Result<ApiToken, StoreError> {
        let mut rows = lock(&self.rows);
        let id = rows.iter().map(|(t, _)| t.id).max().unwrap_or(0) + 1;
        let token = ApiToken {
            id,
            user_id: new.user_id,
            name: new.name.into_inner(),
            scope: new.scope,
            hint: new.hint,
            created_at: new.created_at,
            last_used_at: None,
            expires_at: new.expires_at,
        };
        rows.push((token.clone(), new.token_hash));
        Ok(token)
    }

    async fn list_for_user(&self, user: &UserId) -> Result<Vec<ApiToken>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .rev()
            .filter(|(t, _)| &t.user_id == user)
            .map(|(t, _)| t.clone())
            .collect())
    }

    async fn list_all(&self, limit: u64, offset: u64) -> Result<Page<HeldApiToken>, StoreError> {
        let rows = lock(&self.rows);
        let items = rows
            .iter()
            .rev()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .map(|(t, _)| HeldApiToken {
                token: t.clone(),
                owner_email: t.user_id.as_str().to_owned(),
                owner_username: None,
            })
            .collect();
        Ok(Page {
            items,
            total: rows.len() as u64,
        })
    }

    async fn find_by_hash(&self, token_hash: &str) -> Result<Option<ApiToken>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .find(|(_, h)| h == token_hash)
            .map(|(t, _)| t.clone()))
    }

    async fn delete(&self, id: i64, owner: Option<&UserId>) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|(t, _)| !(t.id == id && owner.is_none_or(|o| &t.user_id == o)));
        Ok(rows.len() < before)
    }

    async fn delete_for_user(&self, user: &UserId) -> Result<u64, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.len();
        rows.retain(|(t, _)| &t.user_id != user);
        Ok((before - rows.len()) as u64)
    }

    async fn touch(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        for (t, _) in lock(&self.rows).iter_mut().filter(|(t, _)| t.id == id) {
            t.last_used_at = Some(at);
        }
        Ok(())
    }
}
