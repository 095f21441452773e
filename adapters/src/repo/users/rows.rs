//! User rows: ids, the mapping to the domain and the columns of a new account.

use chrono::{DateTime, Utc};
use domain::StoreError;
use domain::user::{AuthProvider, FORMER_MEMBER_ID, NewUser, Role, User, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, Set};

use crate::db::Db;
use crate::db::store_err;
use crate::entity::users;

/// A new user id: a random UUID.
pub(crate) fn new_user_id() -> UserId {
    UserId::new(uuid::Uuid::new_v4().to_string())
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
        email_verified_at: m.email_verified_at,
        suspended_reason: m.suspended_reason,
        created_at: m.created_at,
        updated_at: m.updated_at,
    })
}

pub(crate) fn new_active(id: UserId, new: NewUser, now: DateTime<Utc>) -> users::ActiveModel {
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
        email_verified_at: Set(new.email_verified.then_some(now)),
        created_at: Set(now),
        updated_at: Set(now),
        locked_until: Set(None),
        suspended_reason: Set(None),
    }
}

/// Creates the "Former member" account unless it exists.
pub(super) async fn ensure_former_member(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let mut former = new_active(
        UserId::new(FORMER_MEMBER_ID),
        NewUser {
            email: domain::user::FORMER_MEMBER_EMAIL.to_owned(),
            username: None,
            password_hash: None,
            first_name: Some("Former".to_owned()),
            last_name: Some("member".to_owned()),
            profile_image_url: None,
            google_id: None,
            auth_provider: AuthProvider::Local,
            role: Role::Member,
            is_approved: false,
            email_verified: false,
        },
        now,
    );
    former.created_at = Set(chrono::DateTime::UNIX_EPOCH);
    users::Entity::insert(former)
        .on_conflict_do_nothing_on([users::Column::Id])
        .exec(db)
        .await
        .map_err(store_err)?;
    Ok(())
}

/// One update of a user row, by id; `None` when the account is gone.
pub(super) async fn update_user(
    db: &Db,
    id: &UserId,
    change: impl FnOnce(&mut users::ActiveModel),
) -> Result<Option<User>, StoreError> {
    let Some(model) = users::Entity::find_by_id(id.as_str().to_owned())
        .one(db)
        .await
        .map_err(store_err)?
    else {
        return Ok(None);
    };
    let mut active: users::ActiveModel = model.into();
    change(&mut active);
    active.updated_at = Set(db.now());
    to_domain(active.update(db).await.map_err(store_err)?).map(Some)
}

pub(super) fn all(models: Vec<users::Model>) -> Result<Vec<User>, StoreError> {
    models.into_iter().map(to_domain).collect()
}

/// E-mails are stored lowercased, so equality on the lowercased input is case-insensitive.
pub(super) fn email_eq(email: &str) -> sea_orm::sea_query::SimpleExpr {
    users::Column::Email.eq(email.trim().to_lowercase())
}
