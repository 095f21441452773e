//! Personal API tokens: an approved person makes, lists and revokes their own from the
//! site; the super admin lists and revokes anyone's. Tokens cannot manage tokens.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use domain::api_token::{ApiToken, HeldApiToken, TokenForm, TokenScope};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::MessageResponse;
use crate::caller::SessionCaller;
use crate::device::SignInAttempt;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{PasswordCheck, RateLimited};
use crate::state::AppState;

/// What a token may do: `read` is `GET` and `HEAD` only; `read_write` is everything its
/// holder may do, except managing tokens.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TokenScopeDto {
    Read,
    ReadWrite,
}

impl From<TokenScope> for TokenScopeDto {
    fn from(s: TokenScope) -> Self {
        match s {
            TokenScope::Read => Self::Read,
            TokenScope::ReadWrite => Self::ReadWrite,
        }
    }
}

impl From<TokenScopeDto> for TokenScope {
    fn from(s: TokenScopeDto) -> Self {
        match s {
            TokenScopeDto::Read => Self::Read,
            TokenScopeDto::ReadWrite => Self::ReadWrite,
        }
    }
}

/// A new token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateApiTokenRequest {
    /// What it is for ("Phone app"), at most 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    pub scope: TokenScopeDto,
    /// 30, 90 or 365; `null` or missing for a token that works until revoked.
    #[serde(default)]
    #[schema(minimum = 30, maximum = 365)]
    pub expires_in_days: Option<u16>,
    /// The person's current password; may be left out within 10 minutes of signing in
    /// (and must be, for an account without one).
    #[serde(default)]
    pub password: Option<String>,
}

/// A token as listed (never its secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiTokenDto {
    pub id: i64,
    pub name: String,
    pub scope: TokenScopeDto,
    /// The secret's last four characters, to tell tokens apart.
    pub hint: String,
    pub created_at: DateTime<Utc>,
    /// Noted at most once a minute; null until first used.
    pub last_used_at: Option<DateTime<Utc>>,
    /// Null: works until revoked.
    pub expires_at: Option<DateTime<Utc>>,
    /// Whether it has expired (it no longer works, but stays listed until revoked).
    pub expired: bool,
}

impl ApiTokenDto {
    fn of(t: ApiToken, now: DateTime<Utc>) -> Self {
        Self {
            expired: t.is_expired(now),
            id: t.id,
            name: t.name,
            scope: t.scope.into(),
            hint: t.hint,
            created_at: t.created_at,
            last_used_at: t.last_used_at,
            expires_at: t.expires_at,
        }
    }
}

/// A token just made, with its secret: shown this once, never again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiTokenDto {
    /// Send it as `Authorization: Bearer <token>`.
    pub token: String,
    #[serde(flatten)]
    pub details: ApiTokenDto,
}

/// A token with its holder, for the super admin.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldApiTokenDto {
    #[serde(flatten)]
    pub details: ApiTokenDto,
    pub user_id: String,
    pub owner_email: String,
    pub owner_username: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenPageParams {
    /// 1 to 200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// The signed-in person's API tokens, newest first.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The tokens", body = Vec<ApiTokenDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Asked with an API token", body = ErrorBody),
    )
)]
#[get("/user/tokens")]
pub async fn list_api_tokens(
    state: web::Data<AppState>,
    caller: SessionCaller,
) -> Result<web::Json<Vec<ApiTokenDto>>, ApiError> {
    let now = state.clock.now();
    let tokens = state.api_tokens.list_own(&caller.0).await?;
    Ok(web::Json(
        tokens
            .into_iter()
            .map(|t| ApiTokenDto::of(t, now))
            .collect(),
    ))
}

/// Makes an API token for the signed-in, approved person, who confirms with their password
/// (unless they signed in within the last 10 minutes); the person is mailed a notice. The
/// answer holds the secret, which is not shown again.
#[utoipa::path(
    tag = "accounts",
    request_body = CreateApiTokenRequest,
    responses(
        (status = 201, description = "Made; copy the token now", body = CreatedApiTokenDto),
        (status = 400, description = "Invalid name or expiry, or a missing or wrong password", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval, asked with an API token, or an account without a password whose sign-in is older than 10 minutes", body = ErrorBody),
        (status = 409, description = "Too many tokens", body = ErrorBody),
        (status = 429, description = "Ten tokens made within the day already; see Retry-After", body = ErrorBody),
    )
)]
#[post("/user/tokens")]
pub async fn create_api_token(
    _limit: RateLimited<PasswordCheck>,
    state: web::Data<AppState>,
    caller: SessionCaller,
    session: actix_session::Session,
    attempt: SignInAttempt,
    body: web::Json<CreateApiTokenRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let confirmed = state
        .accounts
        .confirm_identity(
            &caller.0,
            b.password.as_deref(),
            crate::session::signed_in_at(&session),
            &attempt.0,
        )
        .await?;
    let made = state
        .api_tokens
        .create(
            &caller.0,
            &confirmed,
            TokenForm {
                name: b.name,
                scope: b.scope.into(),
                expires_in_days: b.expires_in_days,
            },
        )
        .await?;
    Ok(HttpResponse::Created()
        .json(CreatedApiTokenDto {
            token: made.secret,
            details: ApiTokenDto::of(made.token, state.clock.now()),
        })
        .visible(Visible::Nothing))
}

/// Revokes one of the signed-in person's tokens; it stops working at once.
#[utoipa::path(
    tag = "accounts",
    params(("id" = i64, Path, description = "The token's id")),
    responses(
        (status = 200, description = "Revoked", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Asked with an API token", body = ErrorBody),
        (status = 404, description = "No such token of yours", body = ErrorBody),
    )
)]
#[delete("/user/tokens/{id}")]
pub async fn revoke_api_token(
    state: web::Data<AppState>,
    caller: SessionCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state
        .api_tokens
        .revoke_own(&caller.0, id.into_inner())
        .await?;
    Ok(web::Json(MessageResponse::new("API token revoked")).visible(Visible::Nothing))
}

/// Every API token with its holder, newest first; the total is in `X-Total-Count`.
#[utoipa::path(
    tag = "admin",
    params(TokenPageParams),
    responses(
        (status = 200, description = "A page of tokens", body = Vec<HeldApiTokenDto>,
            headers(("X-Total-Count" = u64, description = "How many tokens there are"))),
        (status = 400, description = "A limit out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, or asked with an API token", body = ErrorBody),
    )
)]
#[get("/admin/tokens")]
pub async fn list_all_api_tokens(
    state: web::Data<AppState>,
    caller: SessionCaller,
    params: web::Query<TokenPageParams>,
) -> Result<HttpResponse, ApiError> {
    let now = state.clock.now();
    let page = state
        .api_tokens
        .list_all(&caller.0, params.limit, params.offset)
        .await?;
    let items: Vec<HeldApiTokenDto> = page
        .items
        .into_iter()
        .map(
            |HeldApiToken {
                 token,
                 owner_email,
                 owner_username,
             }| HeldApiTokenDto {
                user_id: token.user_id.to_string(),
                details: ApiTokenDto::of(token, now),
                owner_email,
                owner_username,
            },
        )
        .collect();
    Ok(super::dto::paged(items, page.total))
}

/// Revokes anyone's API token (super admin).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "The token's id")),
    responses(
        (status = 200, description = "Revoked", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, or asked with an API token", body = ErrorBody),
        (status = 404, description = "No such token", body = ErrorBody),
    )
)]
#[delete("/admin/tokens/{id}")]
pub async fn revoke_any_api_token(
    state: web::Data<AppState>,
    caller: SessionCaller,
    id: web::Path<i64>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state
        .api_tokens
        .revoke_any(&caller.0, id.into_inner())
        .await?;
    Ok(web::Json(MessageResponse::new("API token revoked")).visible(Visible::Nothing))
}
