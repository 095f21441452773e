//! One-time tokens in `account_tokens` (only their SHA-256 hashes), and the minter that
//! makes them: 256 random bits from the operating system's generator, hex-encoded.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::user::UserId;
use domain::user::tokens::{AccountTokenRepository, MintedToken, TokenMinter, TokenPurpose};
use rand::RngCore;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::account_tokens;

/// Random tokens and their SHA-256 hashes.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sha256TokenMinter;

impl TokenMinter for Sha256TokenMinter {
    fn mint(&self) -> MintedToken {
        let mut bytes = [0_u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        let secret = hex::encode(bytes);
        MintedToken {
            hash: self.hash(&secret),
            secret,
        }
    }

    fn hash(&self, secret: &str) -> String {
        hex::encode(Sha256::digest(secret.as_bytes()))
    }
}

pub struct SeaOrmAccountTokenRepository {
    db: Db,
}

impl SeaOrmAccountTokenRepository {
    pub fn new(db: impl Into<Db>) -> Self {
        Self { db: db.into() }
    }
}

#[async_trait]
impl AccountTokenRepository for SeaOrmAccountTokenRepository {
    async fn issue(
        &self,
        user: &UserId,
        purpose: TokenPurpose,
        hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        account_tokens::Entity::delete_many()
            .filter(account_tokens::Column::UserId.eq(user.as_str()))
            .filter(account_tokens::Column::Purpose.eq(purpose.as_str()))
            .filter(account_tokens::Column::UsedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        account_tokens::Entity::insert(account_tokens::ActiveModel {
            user_id: Set(user.as_str().to_owned()),
            purpose: Set(purpose.as_str().to_owned()),
            token_hash: Set(hash.to_owned()),
            expires_at: Set(expires_at),
            used_at: Set(None),
            created_at: Set(self.db.now()),
            ..Default::default()
        })
        .exec(&self.db)
        .await
        .map_err(store_err)?;
        Ok(())
    }

    async fn is_usable(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let found = account_tokens::Entity::find()
            .filter(usable(purpose, hash, now))
            .count(&self.db)
            .await
            .map_err(store_err)?;
        Ok(found > 0)
    }

    async fn consume(
        &self,
        purpose: TokenPurpose,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<UserId>, StoreError> {
        // One statement marks it used, so of two concurrent uses only one changes a row.
        let used = account_tokens::Entity::update_many()
            .col_expr(account_tokens::Column::UsedAt, Expr::value(now))
            .filter(usable(purpose, hash, now))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        if used.rows_affected == 0 {
            return Ok(None);
        }
        Ok(account_tokens::Entity::find()
            .filter(account_tokens::Column::TokenHash.eq(hash))
            .one(&self.db)
            .await
            .map_err(store_err)?
            .map(|m| UserId::new(m.user_id)))
    }

    async fn revoke_all(&self, user: &UserId, purpose: TokenPurpose) -> Result<(), StoreError> {
        account_tokens::Entity::delete_many()
            .filter(account_tokens::Column::UserId.eq(user.as_str()))
            .filter(account_tokens::Column::Purpose.eq(purpose.as_str()))
            .exec(&self.db)
            .await
            .map_err(store_err)?;
        Ok(())
    }
}

/// A token of this purpose and hash that is unused and has not expired at `now`.
fn usable(purpose: TokenPurpose, hash: &str, now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(account_tokens::Column::Purpose.eq(purpose.as_str()))
        .add(account_tokens::Column::TokenHash.eq(hash))
        .add(account_tokens::Column::UsedAt.is_null())
        .add(account_tokens::Column::ExpiresAt.gt(now))
}
