//! JSON shapes of people: roles, the signed-in user, the answer of signing in.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A role name.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RoleDto {
    Member,
    RegularContributor,
    PrimaryContributor,
    Admin,
    SubAdmin,
    SuperAdmin,
}

impl From<domain::user::Role> for RoleDto {
    fn from(r: domain::user::Role) -> Self {
        use domain::user::Role as R;
        match r {
            R::Member => Self::Member,
            R::RegularContributor => Self::RegularContributor,
            R::PrimaryContributor => Self::PrimaryContributor,
            R::Admin => Self::Admin,
            R::SubAdmin => Self::SubAdmin,
            R::SuperAdmin => Self::SuperAdmin,
        }
    }
}

impl From<RoleDto> for domain::user::Role {
    fn from(r: RoleDto) -> Self {
        use domain::user::Role as R;
        match r {
            RoleDto::Member => R::Member,
            RoleDto::RegularContributor => R::RegularContributor,
            RoleDto::PrimaryContributor => R::PrimaryContributor,
            RoleDto::Admin => R::Admin,
            RoleDto::SubAdmin => R::SubAdmin,
            RoleDto::SuperAdmin => R::SuperAdmin,
        }
    }
}

/// How an account signs in.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum AuthProviderDto {
    Local,
    Google,
}

/// An account, without any password, hash or provider secret.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: String,
    pub email: String,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
    pub auth_provider: AuthProviderDto,
    pub role: RoleDto,
    pub is_approved: bool,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Why the super admin suspended the account; null unless suspended.
    pub suspended_reason: Option<String>,
    /// What the person may do now (from role and approval): show or hide actions by these.
    pub abilities: Vec<crate::routes::abilities::AbilityDto>,
}

impl From<domain::user::User> for UserDto {
    fn from(u: domain::user::User) -> Self {
        let abilities = crate::routes::abilities::abilities_of(&u);
        Self {
            id: u.id.to_string(),
            email: u.email,
            username: u.username,
            first_name: u.first_name,
            last_name: u.last_name,
            profile_image_url: u.profile_image_url,
            auth_provider: match u.auth_provider {
                domain::user::AuthProvider::Local => AuthProviderDto::Local,
                domain::user::AuthProvider::Google => AuthProviderDto::Google,
            },
            role: u.role.into(),
            is_approved: u.is_approved,
            email_verified: u.email_verified,
            created_at: u.created_at,
            updated_at: u.updated_at,
            suspended_reason: u.suspended_reason,
            abilities,
        }
    }
}

/// The answer of sign-up, sign-in and admin sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub user: UserDto,
    pub message: String,
}
