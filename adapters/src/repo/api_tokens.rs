//! Personal API tokens in `api_tokens` (only the SHA-256 hashes of their secrets).

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::api_token::{ApiToken, ApiTokenRepository, HeldApiToken, NewApiToken, TokenScope};
use domain::paging::Page;
use domain::user::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::{api_tokens, users};

pub struct SeaOrmApiTokenRepository {
    db: Db,
}

impl SeaOrmApiTokenRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

fn to_domain(m: api_tokens::Model) -> Result<ApiToken, StoreError> {
    Ok(ApiToken {
        id: m.id,
        user_id: UserId::new(m.user_id),
        name: m.name,
        scope: m
            .scope
            .parse::<TokenScope>()
            .map_err(|e| StoreError::Unknown(e.into()))?,
        hint: m.hint,
        created_at: m.created_at,
        last_used_at: m.last_used_at,
        expires_at: m.expires_at,
    })
}

#[async_trait]
impl ApiTokenRepository for SeaOrmApiTokenRepository {
    async fn create(&self, new: NewApiToken) -> Result<ApiToken, StoreError> {
        let model = api_tokens::ActiveModel {
            user_id: Set(new.user_id.as_str().to_owned()),
            name: Set(new.name.into_inner()),
            scope: Set(new.scope.as_str().to_owned()),
            token_hash: Set(new.token_hash),
            hint: Set(new.hint),
            created_at: Set(new.created_at),
            last_used_at: Set(None),
            expires_at: Set(new.expires_at),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        to_domain(model)
    }

    async fn list_for_user(&self, user: &UserId) -> Result<Vec<ApiToken>, StoreError> {
        api_tokens::Entity::find()
            .filter(api_tokens::Column::UserId.eq(user.as_str()))
            .order_by_desc(api_tokens::Column::CreatedAt)
            .order_by_desc(api_tokens::Column::Id)
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(to_domain)
            .collect()
    }

    async fn list_all(&self, limit: u64, offset: u64) -> Result<Page<HeldApiToken>, StoreError> {
        let total = api_tokens::Entity::find()
            .count(&self.db)
            .await
            .map_err(store_err)?;
        let rows = api_tokens::Entity::find()
            .order_by_desc(api_tokens::Column::CreatedAt)
            .order_by_desc(api_tokens::Column::Id)
            .limit(limit)
            .offset(offset)
            .all(&self.db)
            .await
            .map_err(store_err)?;
        // The holders of the whole page in one query.
        let ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
        let holders: HashMap<String, (String, Option<String>)> = users::Entity::find()
            .filter(users::Column::Id.is_in(ids))
            .all(&self.db)
            .await
            .map_err(store_err)?
            .into_iter()
            .map(|u| (u.id, (u.email, u.username)))
            .collect();
        let items = rows
            .into_iter()
            .map(|row| {
                let (owner_email, owner_username) =
                    holders.get(&row.user_id).cloned().unwrap_or_default();
                Ok(HeldApiToken {
                    token: to_domain(row)?,
                    owner_email,
                    owner_username,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(Page { items, total })
    }

    async fn find_by_hash(&self, token_hash: &str) -> Result<Option<ApiToken>, StoreError> {
        api_tokens::Entity::find()
            .filter(api_tokens::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(to_domain)
            .transpose()
    }

    async fn delete(&self, id: i64, owner: Option<&UserId>) -> Result<bool, StoreError> {
        let mut delete = api_tokens::Entity::delete_many().filter(api_tokens::Column::Id.eq(id));
        if let Some(owner) = owner {
            delete = delete.filter(api_tokens::Column::UserId.eq(owner.as_str()));
        }
        let done = delete.exec(&self.db).await.map_err(store_err)?;
        Ok(done.rows_affected > 0)
    }

    async fn delete_for_user(&self, user: &UserId) -> Result<u64, StoreError> {
        let done = api_tokens::Entity::delete_many()
            .filter(api_tokens::Column::UserId.eq(user.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(done.rows_affected)
    }

    async fn touch(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError> {
        api_tokens::Entity::update_many()
            .col_expr(api_tokens::Column::LastUsedAt, Expr::value(at))
            .filter(api_tokens::Column::Id.eq(id))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}
