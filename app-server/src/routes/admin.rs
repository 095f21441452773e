//! The super admin: separate sign-in, password change and people administration.

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use domain::user::UserId;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::dto::{AuthResponse, MessageResponse, RoleDto, UserDto};
use crate::caller::CurrentCaller;
use crate::device::SignInAttempt;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{AdminSignIn, PasswordCheck, RateLimited};
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminLoginRequest {
    #[schema(min_length = 1)]
    pub username: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub username: String,
    pub current_password: String,
    /// 12 to 128 characters.
    #[schema(min_length = 12, max_length = 128)]
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleChangeRequest {
    pub role: RoleDto,
    pub is_approved: bool,
}

/// The super admin's sign-in by username; opens the same kind of session as `/api/login`.
#[utoipa::path(
    tag = "admin",
    request_body = AdminLoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 400, description = "A field is blank", body = ErrorBody),
        (status = 401, description = "Invalid credentials, or sent with an API token", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address, or too many wrong passwords for this username from this network (locked for 15 minutes) or from everywhere (a short wait); see Retry-After", body = ErrorBody),
    )
)]
#[post("/admin/login")]
pub async fn admin_login(
    _limit: RateLimited<AdminSignIn>,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    attempt: SignInAttempt,
    body: web::Json<AdminLoginRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let user = state
        .accounts
        .admin_sign_in(&body.username, &body.password, &attempt.0)
        .await?;
    crate::session::start(&session, &req, &state.config, &user, state.clock.now())?;
    let mut res = HttpResponse::Ok().json(AuthResponse {
        user: user.clone().into(),
        message: "Login successful".into(),
    });
    crate::device::remember(&mut res, &state, &attempt.0, &user)?;
    Ok(res.visible(Visible::Nothing))
}

/// Changes the signed-in super admin's admin password; the admin's other sessions end.
#[utoipa::path(
    tag = "admin",
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "Changed", body = MessageResponse),
        (status = 400, description = "Blank fields, a new password under 12 characters or a wrong current password", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 429, description = "Too many requests, or too many wrong passwords for this account from here (account_locked); see Retry-After", body = ErrorBody),
        (status = 503, description = "Every password check slot is busy; try again in a moment", body = ErrorBody),
    )
)]
#[post("/admin/change-password")]
pub async fn change_password(
    _limit: RateLimited<PasswordCheck>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    session: Session,
    attempt: SignInAttempt,
    body: web::Json<ChangePasswordRequest>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let b = body.into_inner();
    let keep = crate::session::handle(&session);
    state
        .accounts
        .change_admin_password(
            &caller.0,
            &b.username,
            &b.current_password,
            &b.new_password,
            keep.as_deref(),
            &attempt.0,
        )
        .await?;
    Ok(web::Json(MessageResponse::new("Password changed successfully")).visible(Visible::Nothing))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PendingParams {
    /// 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000)]
    pub offset: Option<u64>,
}

/// Accounts waiting for approval, oldest first; how many wait in all is in `X-Total-Count`.
#[utoipa::path(
    tag = "admin",
    params(PendingParams),
    responses(
        (status = 200, description = "Pending accounts", body = Vec<UserDto>,
            headers(("X-Total-Count" = u64, description = "How many accounts wait in all"))),
        (status = 400, description = "A limit or offset out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/users/pending")]
pub async fn list_pending_users(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    params: web::Query<PendingParams>,
) -> Result<HttpResponse, ApiError> {
    let page = state
        .accounts
        .list_pending(&caller.0, params.limit, params.offset)
        .await?;
    let items: Vec<UserDto> = page.items.into_iter().map(Into::into).collect();
    Ok(super::dto::paged(items, page.total))
}

/// Every account, newest first.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "All accounts", body = Vec<UserDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/users")]
pub async fn list_users(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<Vec<UserDto>>, ApiError> {
    let users = state.accounts.list_users(&caller.0).await?;
    Ok(web::Json(users.into_iter().map(Into::into).collect()))
}

/// Sets a user's role and approval; approving e-mails the user.
#[utoipa::path(
    tag = "admin",
    request_body = RoleChangeRequest,
    params(("userId" = String, Path, description = "User id")),
    responses(
        (status = 200, description = "The updated user", body = UserDto),
        (status = 400, description = "Invalid body", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, own account, or the last super admin", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    )
)]
#[post("/admin/users/{userId}/role")]
pub async fn set_user_role(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    user_id: web::Path<String>,
    body: web::Json<RoleChangeRequest>,
) -> Result<Declared<web::Json<UserDto>>, ApiError> {
    let user = state
        .accounts
        .set_role(
            &caller.0,
            &UserId::new(user_id.into_inner()),
            body.role.into(),
            body.is_approved,
        )
        .await?;
    Ok(web::Json(UserDto::from(user)).visible(Visible::Nothing))
}

/// Deletes a user with their stories and schedule.
#[utoipa::path(
    tag = "admin",
    params(("userId" = String, Path, description = "User id")),
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, own account, or the last super admin", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    )
)]
#[delete("/admin/users/{userId}")]
pub async fn delete_user(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    user_id: web::Path<String>,
) -> Result<Declared<HttpResponse>, ApiError> {
    state
        .accounts
        .delete_user(&caller.0, &UserId::new(user_id.into_inner()))
        .await?;
    Ok(HttpResponse::Ok()
        .json(MessageResponse::new("User deleted successfully"))
        .visible(Visible::Everything))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SuspendRequest {
    /// Why; mailed to the person (required, at most 500 characters).
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

/// Suspends a person: approval off, their sessions end at once, the reason is mailed.
#[utoipa::path(
    tag = "admin",
    params(("userId" = String, Path, description = "User id")),
    request_body = SuspendRequest,
    responses(
        (status = 200, description = "Suspended", body = UserDto),
        (status = 400, description = "A blank or too long reason", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, own account, or the last super admin", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    )
)]
#[post("/admin/users/{userId}/suspend")]
pub async fn suspend_user(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<String>,
    body: web::Json<SuspendRequest>,
) -> Result<Declared<web::Json<UserDto>>, ApiError> {
    let user = state
        .accounts
        .suspend(&caller.0, &UserId::new(id.into_inner()), &body.reason)
        .await?;
    Ok(web::Json(UserDto::from(user)).visible(Visible::Nothing))
}

/// Lifts a suspension: approval on, and the person is mailed.
#[utoipa::path(
    tag = "admin",
    params(("userId" = String, Path, description = "User id")),
    responses(
        (status = 200, description = "Reinstated", body = UserDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin, or own account", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    )
)]
#[post("/admin/users/{userId}/reinstate")]
pub async fn reinstate_user(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<String>,
) -> Result<Declared<web::Json<UserDto>>, ApiError> {
    let user = state
        .accounts
        .reinstate(&caller.0, &UserId::new(id.into_inner()))
        .await?;
    Ok(web::Json(UserDto::from(user)).visible(Visible::Nothing))
}
