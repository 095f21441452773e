//! The super admin's separate sign-in in `admin_credentials`.

use async_trait::async_trait;
use domain::StoreError;
use domain::user::{AdminCredential, AdminCredentialRepository, NewUser, User, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::users::{new_active, new_user_id, to_domain};
use crate::db::Db;
use crate::db::store_err;
use crate::entity::admin_credentials;

pub struct SeaOrmAdminCredentialRepository {
    db: Db,
}

impl SeaOrmAdminCredentialRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl AdminCredentialRepository for SeaOrmAdminCredentialRepository {
    async fn find_by_username(
        &self,
        username: &str,
    ) -> Result<Option<AdminCredential>, StoreError> {
        let found = admin_credentials::Entity::find()
            .filter(admin_credentials::Column::Username.eq(username))
            .one(&self.db)
            .await
            .map_err(store_err)?;
        Ok(found.map(|m| AdminCredential {
            id: m.id,
            username: m.username,
            password_hash: m.password_hash,
            user_id: UserId::new(m.user_id),
        }))
    }

    async fn create_with_user(
        &self,
        user: NewUser,
        username: &str,
        password_hash: &str,
    ) -> Result<User, StoreError> {
        let txn = self.db.begin().await.map_err(store_err)?;
        let created = new_active(new_user_id(), user, self.db.now())
            .insert(&txn)
            .await
            .map_err(store_err)?;
        let now = self.db.now();
        admin_credentials::ActiveModel {
            username: Set(username.to_owned()),
            password_hash: Set(password_hash.to_owned()),
            user_id: Set(created.id.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(store_err)?;
        txn.commit().await.map_err(store_err)?;
        to_domain(created)
    }

    async fn set_password_hash(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError> {
        let res = admin_credentials::Entity::update_many()
            .col_expr(
                admin_credentials::Column::PasswordHash,
                password_hash.into(),
            )
            .col_expr(admin_credentials::Column::UpdatedAt, self.db.now().into())
            .filter(admin_credentials::Column::Username.eq(username))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(res.rows_affected > 0)
    }
}
