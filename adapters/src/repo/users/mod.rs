//! Accounts in the `users` table. Rows and their mapping are in `rows.rs`.

mod rows;

use rows::{all, email_eq, ensure_former_member, update_user};
pub(crate) use rows::{new_active, new_user_id, to_domain};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::paging::Page;
use domain::user::{FORMER_MEMBER_ID, NewUser, ProfileChanges, Role, User, UserId, UserRepository};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::users;

pub struct SeaOrmUserRepository {
    db: Db,
}

impl SeaOrmUserRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl UserRepository for SeaOrmUserRepository {
    async fn create(&self, new: NewUser) -> Result<User, StoreError> {
        let model = new_active(new_user_id(), new, self.db.now())
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

    async fn find_many(&self, ids: &[UserId]) -> Result<Vec<User>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        users::Entity::find()
            .filter(users::Column::Id.is_in(ids.iter().map(UserId::as_str)))
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
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
        active.updated_at = Set(self.db.now());
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
            .filter(users::Column::Id.ne(FORMER_MEMBER_ID))
            .order_by_desc(users::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(store_err)?)
    }

    async fn list_pending(&self, limit: u64, offset: u64) -> Result<Page<User>, StoreError> {
        let waiting = users::Entity::find()
            .filter(users::Column::IsApproved.eq(false))
            .filter(users::Column::Id.ne(FORMER_MEMBER_ID))
            // Suspended people are not waiting for approval: All Users reinstates them.
            .filter(users::Column::SuspendedReason.is_null())
            .filter(users::Column::Role.is_not_in([
                Role::Admin.as_str(),
                Role::SubAdmin.as_str(),
                Role::SuperAdmin.as_str(),
            ]));
        let total = waiting.clone().count(&self.db).await.map_err(store_err)?;
        let items = all(waiting
            .order_by_asc(users::Column::CreatedAt)
            .order_by_asc(users::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?)?;
        Ok(Page { items, total })
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
        active.updated_at = Set(self.db.now());
        to_domain(active.update(&self.db).await.map_err(store_err)?).map(Some)
    }

    async fn delete(&self, id: &UserId) -> Result<bool, StoreError> {
        let res = users::Entity::delete_by_id(id.as_str().to_owned())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn update_profile(
        &self,
        id: &UserId,
        changes: ProfileChanges,
    ) -> Result<Option<User>, StoreError> {
        update_user(&self.db, id, |u| {
            if let Some(v) = changes.first_name {
                u.first_name = Set(Some(v));
            }
            if let Some(v) = changes.last_name {
                u.last_name = Set(Some(v));
            }
            if let Some(v) = changes.username {
                u.username = Set(Some(v));
            }
            if let Some(v) = changes.profile_image_url {
                u.profile_image_url = Set(v);
            }
        })
        .await
    }

    async fn set_password_hash(&self, id: &UserId, hash: &str) -> Result<bool, StoreError> {
        let res = users::Entity::update_many()
            .col_expr(users::Column::Password, Expr::value(hash.to_owned()))
            .col_expr(users::Column::UpdatedAt, Expr::value(self.db.now()))
            .filter(users::Column::Id.eq(id.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }

    async fn mark_email_verified(
        &self,
        id: &UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<User>, StoreError> {
        update_user(&self.db, id, |u| {
            // The first proof counts: proving the address again never moves it later.
            if !matches!(
                &u.email_verified_at,
                sea_orm::ActiveValue::Unchanged(Some(_))
            ) {
                u.email_verified_at = Set(Some(at));
            }
            u.email_verified = Set(true);
        })
        .await
    }

    async fn ensure_former_member(&self) -> Result<(), StoreError> {
        ensure_former_member(&self.db, self.db.now()).await
    }

    async fn set_suspension(
        &self,
        id: &UserId,
        reason: Option<String>,
    ) -> Result<Option<User>, StoreError> {
        update_user(&self.db, id, |u| {
            u.is_approved = Set(reason.is_none());
            u.suspended_reason = Set(reason);
        })
        .await
    }

    async fn count_with_role(&self, role: Role) -> Result<u64, StoreError> {
        users::Entity::find()
            .filter(users::Column::Role.eq(role.as_str()))
            .count(&self.db)
            .await
            .map_err(store_err)
    }
}
