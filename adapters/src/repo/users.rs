//! Accounts in the `users` table.

use async_trait::async_trait;
use chrono::Utc;
use domain::StoreError;
use domain::user::{AuthProvider, IdGenerator, NewUser, Role, User, UserId, UserRepository};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use crate::db::store_err;
use crate::entity::users;

/// UUID v4 user ids.
#[derive(Debug, Default, Clone, Copy)]
pub struct UuidIds;

impl IdGenerator for UuidIds {
    fn new_user_id(&self) -> UserId {
        UserId::new(uuid::Uuid::new_v4().to_string())
    }
}

pub struct SeaOrmUserRepository {
    db: DatabaseConnection,
}

impl SeaOrmUserRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

pub(crate) fn to_domain(m: users::Model) -> Result<User, StoreError> {
    Ok(User {
        id: UserId::new(m.id),
        email: m.email,
        username: m.username,
        first_name: m.first_name,
        last_name: m.last_name,
        profile_image_url: m.profile_image_url,
        google_id: m.google_id,
        auth_provider: m
            .auth_provider
            .parse::<AuthProvider>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        role: m
            .role
            .parse::<Role>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        is_approved: m.is_approved,
        email_verified: m.email_verified,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

pub(crate) fn new_active(id: UserId, new: NewUser) -> users::ActiveModel {
    let now = Utc::now();
    users::ActiveModel {
        id: Set(id.as_str().to_owned()),
        email: Set(new.email.to_lowercase()),
        username: Set(new.username),
        password: Set(new.password_hash),
        first_name: Set(new.first_name),
        last_name: Set(new.last_name),
        profile_image_url: Set(new.profile_image_url),
        google_id: Set(new.google_id),
        auth_provider: Set(new.auth_provider.as_str().to_owned()),
        role: Set(new.role.as_str().to_owned()),
        is_approved: Set(new.is_approved),
        email_verified: Set(new.email_verified),
        created_at: Set(now),
        updated_at: Set(now),
    }
}

fn all(models: Vec<users::Model>) -> Result<Vec<User>, StoreError> {
    models.into_iter().map(to_domain).collect()
}

/// E-mails are stored lowercased, so equality on the lowercased input is case-insensitive.
fn email_eq(email: &str) -> sea_orm::sea_query::SimpleExpr {
    users::Column::Email.eq(email.trim().to_lowercase())
}

#[async_trait]
impl UserRepository for SeaOrmUserRepository {
    async fn create(&self, new: NewUser) -> Result<User, StoreError> {
        let model = new_active(UuidIds.new_user_id(), new)
            .insert(&self.db)
            .await
            .map_err(store_err)?;
        to_domain(model)
    }

    async fn find(&self, id: &UserId) -> Result<Option<User>, StoreError> {
        users::Entity::find_by_id(id.as_str().to_owned())
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn find_by_email(&self, email: &str) -> Result<Option<User>, StoreError> {
        users::Entity::find()
            .filter(email_eq(email))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn find_by_google_id(&self, google_id: &str) -> Result<Option<User>, StoreError> {
        users::Entity::find()
            .filter(users::Column::GoogleId.eq(google_id))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn link_google(&self, id: &UserId, google_id: &str) -> Result<Option<User>, StoreError> {
        let Some(model) = users::Entity::find_by_id(id.as_str().to_owned())
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        let mut active: users::ActiveModel = model.into();
        active.google_id = Set(Some(google_id.to_owned()));
        active.email_verified = Set(true);
        active.updated_at = Set(Utc::now());
        to_domain(active.update(&self.db).await.map_err(store_err)?).map(Some)
    }

    async fn find_credentials(
        &self,
        email: &str,
    ) -> Result<Option<(User, Option<String>)>, StoreError> {
        let Some(model) = users::Entity::find()
            .filter(email_eq(email))
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        let hash = model.password.clone();
        Ok(Some((to_domain(model)?, hash)))
    }

    async fn list(&self) -> Result<Vec<User>, StoreError> {
        all(users::Entity::find()
            .order_by_desc(users::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(store_err)?)
    }

    async fn list_pending(&self) -> Result<Vec<User>, StoreError> {
        all(users::Entity::find()
            .filter(users::Column::IsApproved.eq(false))
            .filter(users::Column::Role.is_not_in([
                Role::Admin.as_str(),
                Role::SubAdmin.as_str(),
                Role::SuperAdmin.as_str(),
            ]))
            .order_by_asc(users::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(store_err)?)
    }

    async fn set_role(
        &self,
        id: &UserId,
        role: Role,
        is_approved: bool,
    ) -> Result<Option<User>, StoreError> {
        let Some(model) = users::Entity::find_by_id(id.as_str().to_owned())
            .one(&self.db)
            .await
            .map_err(store_err)?
        else {
            return Ok(None);
        };
        let mut active: users::ActiveModel = model.into();
        active.role = Set(role.as_str().to_owned());
        active.is_approved = Set(is_approved);
        active.updated_at = Set(Utc::now());
        to_domain(active.update(&self.db).await.map_err(store_err)?).map(Some)
    }

    async fn delete(&self, id: &UserId) -> Result<bool, StoreError> {
        let res = users::Entity::delete_by_id(id.as_str().to_owned())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn count_with_role(&self, role: Role) -> Result<u64, StoreError> {
        users::Entity::find()
            .filter(users::Column::Role.eq(role.as_str()))
            .count(&self.db)
            .await
            .map_err(store_err)
    }
}
