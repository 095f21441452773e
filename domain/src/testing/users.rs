//! In-memory accounts and admin credentials.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

use super::{SequentialIds, lock, tick};
use crate::StoreError;
use crate::user::{
    AdminCredential, AdminCredentialRepository, AuthProvider, AuthorSummary, FORMER_MEMBER_EMAIL,
    FORMER_MEMBER_ID, NewUser, Role, User, UserId, UserRepository,
};

#[derive(Debug, Default)]
struct Rows {
    /// Each account with its password hash, in creation order.
    users: Vec<(User, Option<String>)>,
    stored: u64,
}

/// Accounts in memory: e-mail, username and Google id are unique (e-mail and username
/// compared case-insensitively); ids come from [`SequentialIds`].
#[derive(Debug, Default)]
pub struct InMemoryUserRepository {
    rows: Mutex<Rows>,
    ids: SequentialIds,
}

impl InMemoryUserRepository {
    pub fn new() -> Self {
        Self::default()
    }

    /// The author part of an account, or an empty summary when it does not exist.
    pub fn author_summary(&self, id: &UserId) -> AuthorSummary {
        lock(&self.rows)
            .users
            .iter()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| AuthorSummary {
                first_name: u.first_name.clone(),
                last_name: u.last_name.clone(),
                profile_image_url: u.profile_image_url.clone(),
            })
            .unwrap_or_default()
    }

    /// The stored password hash of an account.
    pub fn password_hash(&self, id: &UserId) -> Option<String> {
        lock(&self.rows)
            .users
            .iter()
            .find(|(u, _)| &u.id == id)
            .and_then(|(_, h)| h.clone())
    }

    /// Every account, in creation order.
    pub fn all(&self) -> Vec<User> {
        lock(&self.rows)
            .users
            .iter()
            .map(|(u, _)| u.clone())
            .collect()
    }
}

fn same(a: Option<&str>, b: Option<&str>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
}

#[async_trait]
impl UserRepository for InMemoryUserRepository {
    async fn create(&self, new: NewUser) -> Result<User, StoreError> {
        let mut rows = lock(&self.rows);
        for (u, _) in &rows.users {
            if u.email.eq_ignore_ascii_case(&new.email) {
                return Err(StoreError::Conflict("email".to_owned()));
            }
            if same(u.username.as_deref(), new.username.as_deref()) {
                return Err(StoreError::Conflict("username".to_owned()));
            }
            if new.google_id.is_some() && u.google_id == new.google_id {
                return Err(StoreError::Conflict("googleId".to_owned()));
            }
        }
        rows.stored += 1;
        let now = tick(rows.stored);
        let user = User {
            id: self.ids.next_id(),
            email: new.email,
            username: new.username,
            first_name: new.first_name,
            last_name: new.last_name,
            profile_image_url: new.profile_image_url,
            google_id: new.google_id,
            auth_provider: new.auth_provider,
            role: new.role,
            is_approved: new.is_approved,
            email_verified: new.email_verified,
            email_verified_at: new.email_verified.then_some(now),
            created_at: now,
            updated_at: now,
            suspended_reason: None,
        };
        rows.users.push((user.clone(), new.password_hash));
        Ok(user)
    }

    async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        Ok(lock(&self.rows)
            .users
            .iter()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| u.clone()))
    }

    async fn find_many(&self, ids: &[UserId]) -> Result<Vec<User>, StoreError> {
        Ok(lock(&self.rows)
            .users
            .iter()
            .filter(|(u, _)| ids.contains(&u.id))
            .map(|(u, _)| u.clone())
            .collect())
    }

    async fn find_by_email(&self, email: &str) -> Result<Option<User>, StoreError> {
        Ok(self.find_credentials(email).await?.map(|(u, _)| u))
    }

    async fn find_by_google_id(&self, google_id: &str) -> Result<Option<User>, StoreError> {
        let rows = lock(&self.rows);
        let found = rows
            .users
            .iter()
            .find(|(u, _)| u.google_id.as_deref() == Some(google_id));
        Ok(found.map(|(u, _)| u.clone()))
    }

    async fn link_google(&self, id: &UserId, google_id: &str) -> Result<Option<User>, StoreError> {
        let mut rows = lock(&self.rows);
        if rows
            .users
            .iter()
            .any(|(u, _)| &u.id != id && u.google_id.as_deref() == Some(google_id))
        {
            return Err(StoreError::Conflict("googleId".to_owned()));
        }
        rows.stored += 1;
        let now = tick(rows.stored);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| {
                u.google_id = Some(google_id.to_owned());
                u.updated_at = now;
                u.clone()
            }))
    }

    async fn find_credentials(
        &self,
        email: &str,
    ) -> Result<Option<(User, Option<String>)>, StoreError> {
        let rows = lock(&self.rows);
        Ok(rows
            .users
            .iter()
            .find(|(u, _)| u.email.eq_ignore_ascii_case(email))
            .cloned())
    }

    async fn list(&self) -> Result<Vec<User>, StoreError> {
        Ok(self.all().into_iter().rev().collect())
    }

    async fn list_pending(
        &self,
        limit: u64,
        offset: u64,
    ) -> Result<crate::paging::Page<User>, StoreError> {
        let waiting: Vec<User> = self
            .all()
            .into_iter()
            .filter(|u| !u.is_approved && u.suspended_reason.is_none())
            .collect();
        Ok(crate::paging::Page {
            total: waiting.len() as u64,
            items: waiting
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(limit).unwrap_or(usize::MAX))
                .collect(),
        })
    }

    async fn set_role(
        &self,
        id: &UserId,
        role: Role,
        is_approved: bool,
    ) -> Result<Option<User>, StoreError> {
        let mut rows = lock(&self.rows);
        rows.stored += 1;
        let now = tick(rows.stored);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| {
                u.role = role;
                u.is_approved = is_approved;
                u.updated_at = now;
                u.clone()
            }))
    }

    async fn delete(&self, id: &UserId) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let before = rows.users.len();
        rows.users.retain(|(u, _)| &u.id != id);
        Ok(rows.users.len() < before)
    }

    async fn update_profile(
        &self,
        id: &UserId,
        changes: crate::user::ProfileChanges,
    ) -> Result<Option<User>, StoreError> {
        let mut rows = lock(&self.rows);
        if let Some(name) = &changes.username
            && rows
                .users
                .iter()
                .any(|(u, _)| &u.id != id && same(u.username.as_deref(), Some(name)))
        {
            return Err(StoreError::Conflict("username".to_owned()));
        }
        rows.stored += 1;
        let now = tick(rows.stored);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| {
                if let Some(v) = changes.first_name {
                    u.first_name = Some(v);
                }
                if let Some(v) = changes.last_name {
                    u.last_name = Some(v);
                }
                if let Some(v) = changes.username {
                    u.username = Some(v);
                }
                if let Some(v) = changes.profile_image_url {
                    u.profile_image_url = v;
                }
                u.updated_at = now;
                u.clone()
            }))
    }

    async fn set_password_hash(&self, id: &UserId, hash: &str) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(_, h)| *h = Some(hash.to_owned()))
            .is_some())
    }

    async fn mark_email_verified(
        &self,
        id: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<User>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| {
                u.email_verified = true;
                u.email_verified_at.get_or_insert(at);
                u.clone()
            }))
    }

    async fn ensure_former_member(&self) -> Result<(), StoreError> {
        let mut rows = lock(&self.rows);
        if rows
            .users
            .iter()
            .any(|(u, _)| u.id.as_str() == FORMER_MEMBER_ID)
        {
            return Ok(());
        }
        let at = DateTime::UNIX_EPOCH;
        let former = User {
            id: UserId::new(FORMER_MEMBER_ID),
            email: FORMER_MEMBER_EMAIL.to_owned(),
            username: None,
            first_name: Some("Former".to_owned()),
            last_name: Some("member".to_owned()),
            profile_image_url: None,
            google_id: None,
            auth_provider: AuthProvider::Local,
            role: Role::Member,
            is_approved: false,
            email_verified: false,
            email_verified_at: None,
            created_at: at,
            updated_at: at,
            suspended_reason: None,
        };
        rows.users.push((former, None));
        Ok(())
    }

    async fn set_suspension(
        &self,
        id: &UserId,
        reason: Option<String>,
    ) -> Result<Option<User>, StoreError> {
        let mut rows = lock(&self.rows);
        Ok(rows
            .users
            .iter_mut()
            .find(|(u, _)| &u.id == id)
            .map(|(u, _)| {
                u.is_approved = reason.is_none();
                u.suspended_reason = reason;
                u.clone()
            }))
    }

    async fn count_with_role(&self, role: Role) -> Result<u64, StoreError> {
        Ok(lock(&self.rows)
            .users
            .iter()
            .filter(|(u, _)| u.role == role)
            .count() as u64)
    }
}

/// Admin credentials in memory, creating their accounts in the given user repository.
#[derive(Debug)]
pub struct InMemoryAdminCredentialRepository {
    users: Arc<InMemoryUserRepository>,
    rows: Mutex<Vec<AdminCredential>>,
}

impl InMemoryAdminCredentialRepository {
    pub fn new(users: Arc<InMemoryUserRepository>) -> Self {
        Self {
            users,
            rows: Mutex::new(Vec::new()),
        }
    }

    /// Every credential, in creation order.
    pub fn all(&self) -> Vec<AdminCredential> {
        lock(&self.rows).clone()
    }
}

#[async_trait]
impl AdminCredentialRepository for InMemoryAdminCredentialRepository {
    async fn find_by_username(
        &self,
        username: &str,
    ) -> Result<Option<AdminCredential>, StoreError> {
        Ok(lock(&self.rows)
            .iter()
            .find(|c| c.username == username)
            .cloned())
    }

    async fn create_with_user(
        &self,
        user: NewUser,
        username: &str,
        password_hash: &str,
    ) -> Result<User, StoreError> {
        if lock(&self.rows).iter().any(|c| c.username == username) {
            return Err(StoreError::Conflict("username".to_owned()));
        }
        let created = self.users.create(user).await?;
        let mut rows = lock(&self.rows);
        let id = rows.len() as i64 + 1;
        rows.push(AdminCredential {
            id,
            username: username.to_owned(),
            password_hash: password_hash.to_owned(),
            user_id: created.id.clone(),
        });
        Ok(created)
    }

    async fn set_password_hash(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError> {
        let mut rows = lock(&self.rows);
        let found = rows.iter_mut().find(|c| c.username == username);
        Ok(found
            .map(|c| c.password_hash = password_hash.to_owned())
            .is_some())
    }
}
