//! A person's own account: verifying the e-mail address, resetting a forgotten password,
//! profile and password. Sessions are in `sessions.rs`, export and deletion in `leaving.rs`.

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, patch, post, web};
use domain::account::self_service::ProfileForm;
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::{AuthResponse, MessageResponse, UserDto};
use crate::caller::CurrentCaller;
use crate::device::SignInAttempt;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{PasswordCheck, PasswordReset, RateLimited, VerificationMail};
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    /// The `token` of the mailed link.
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetRequest {
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetConfirmRequest {
    /// The `token` of the mailed link.
    pub token: String,
    /// The new password (6 to 128 characters).
    #[schema(min_length = 6, max_length = 128)]
    pub password: String,
}

/// Fields left out stay as they are; an empty or null `profileImageUrl` removes the picture.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: Option<String>,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: Option<String>,
    #[schema(min_length = 1, max_length = 50)]
    pub username: Option<String>,
    /// An `https://` image address; empty or null removes the picture.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 2048)]
    pub profile_image_url: Option<Option<String>>,
}

/// Tells a field sent as `null` (Some(None)) from a field left out (None).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeOwnPasswordRequest {
    pub current_password: String,
    /// 6 to 128 characters.
    #[schema(min_length = 6, max_length = 128)]
    pub new_password: String,
    /// Revoke every API token of the account too (default false).
    #[serde(default)]
    pub revoke_api_tokens: bool,
}

/// Proves the address of the link's account (the link is used up).
#[utoipa::path(
    tag = "accounts",
    request_body = VerifyEmailRequest,
    responses(
        (status = 200, description = "Verified", body = UserDto),
        (status = 400, description = "The link is used, expired or unknown", body = ErrorBody),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/verify-email")]
pub async fn verify_email(
    _limit: RateLimited<crate::security::VerifyEmail>,
    state: web::Data<AppState>,
    body: web::Json<VerifyEmailRequest>,
) -> Result<Declared<web::Json<UserDto>>, ApiError> {
    let user = state.accounts.verify_email(&body.token).await?;
    Ok(web::Json(UserDto::from(user)).visible(Visible::Nothing))
}

/// Mails the signed-in person a new verification link (valid 48 hours).
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 202, description = "Mailed", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "Already verified", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/verify-email/resend")]
pub async fn resend_verification(
    _limit: RateLimited<VerificationMail>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<Declared<HttpResponse>, ApiError> {
    // Per account, whatever the address: nobody floods an inbox from many networks.
    if let Some(me) = caller.0.user()
        && let domain::rate_limit::Verdict::Limited { retry_after_secs } = state
            .limits
            .verification_mail
            .check(
                "verification-mail-account",
                me.id.as_str(),
                state.clock.now(),
            )
            .await?
    {
        return Err(ApiError::TooManyRequests { retry_after_secs });
    }
    let user = state.accounts.resend_verification(&caller.0).await?;
    Ok(HttpResponse::Accepted()
        .json(MessageResponse::new(format!(
            "We sent a new verification link to {}",
            user.email
        )))
        .visible(Visible::Nothing))
}

/// What every password-reset request hears, whether or not the address has an account.
pub const RESET_REQUESTED: &str = "If an account exists for that e-mail address, we have sent it a link to reset the password. The link is valid for 60 minutes.";

/// Mails a password-reset link (valid 60 minutes) when an account has this address. The
/// answer and its timing are the same either way: the lookup and the mail happen after it.
#[utoipa::path(
    tag = "accounts",
    request_body = PasswordResetRequest,
    responses(
        (status = 202, description = "Accepted (whether or not the account exists)", body = MessageResponse),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
        (status = 429, description = "Too many requests from this address or for this e-mail", body = ErrorBody),
    )
)]
#[post("/password-reset")]
pub async fn request_password_reset(
    _limit: RateLimited<PasswordReset>,
    state: web::Data<AppState>,
    body: web::Json<PasswordResetRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let key = state.accounts.accept_reset_request(&body.email).await?;
    let accounts = state.accounts.clone();
    actix_web::rt::spawn(async move {
        if let Err(e) = accounts.request_password_reset(&key).await {
            tracing::warn!(error = %e, "password reset mail not sent");
        }
    });
    let message = match state.config.smtp_url {
        Some(_) => RESET_REQUESTED.to_owned(),
        // Site-wide, so it tells nothing about the address.
        None => format!(
            "{RESET_REQUESTED} This site cannot send e-mail yet, so the link may not reach you: if it does not arrive, write to {}.",
            state.config.support_email
        ),
    };
    Ok(HttpResponse::Accepted()
        .json(MessageResponse::new(message))
        .visible(Visible::Nothing))
}

/// Sets a new password with a reset link and signs in; every other session and every API
/// token of the account end, and the e-mail address counts as verified.
#[utoipa::path(
    tag = "accounts",
    request_body = PasswordResetConfirmRequest,
    responses(
        (status = 200, description = "Password set and signed in", body = AuthResponse),
        (status = 400, description = "The link is used, expired or unknown, or the password is refused", body = ErrorBody),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/password-reset/confirm")]
pub async fn confirm_password_reset(
    _limit: RateLimited<PasswordReset>,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<PasswordResetConfirmRequest>,
) -> Result<Declared<web::Json<AuthResponse>>, ApiError> {
    let user = state
        .accounts
        .reset_password(&body.token, &body.password)
        .await?;
    crate::session::start(&session, &req, &state.config, &user, state.clock.now())?;
    Ok(web::Json(AuthResponse {
        user: user.into(),
        message: "Your password has been changed".into(),
    })
    .visible(Visible::Nothing))
}

/// Changes the signed-in person's name, username or profile picture.
#[utoipa::path(
    tag = "accounts",
    request_body = UpdateProfileRequest,
    responses(
        (status = 200, description = "The updated account", body = UserDto),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "Username taken", body = ErrorBody),
    )
)]
#[patch("/user")]
pub async fn update_profile(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<UpdateProfileRequest>,
) -> Result<Declared<web::Json<UserDto>>, ApiError> {
    let b = body.into_inner();
    let form = ProfileForm {
        first_name: b.first_name,
        last_name: b.last_name,
        username: b.username,
        profile_image_url: b.profile_image_url.map(Option::unwrap_or_default),
    };
    let user = state.accounts.update_profile(&caller.0, form).await?;
    // The name and picture show on the person's stories (as their byline allows).
    let public = |u: &domain::user::User| {
        (
            u.first_name.clone(),
            u.last_name.clone(),
            u.profile_image_url.clone(),
        )
    };
    let visible = Visible::everything_if(caller.0.user().map(public) != Some(public(&user)));
    Ok(web::Json(UserDto::from(user)).visible(visible))
}

/// Changes the signed-in person's password; their other sessions end, and their API tokens
/// too when `revokeApiTokens` is true.
#[utoipa::path(
    tag = "accounts",
    request_body = ChangeOwnPasswordRequest,
    responses(
        (status = 200, description = "Changed", body = MessageResponse),
        (status = 400, description = "Wrong current password, a refused new one, or no password yet", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 429, description = "Too many requests, or too many wrong passwords for this account from here (account_locked); see Retry-After", body = ErrorBody),
        (status = 503, description = "Every password check slot is busy; try again in a moment", body = ErrorBody),
    )
)]
#[post("/user/password")]
pub async fn change_own_password(
    _limit: RateLimited<PasswordCheck>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    session: Session,
    attempt: SignInAttempt,
    body: web::Json<ChangeOwnPasswordRequest>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let keep = crate::session::handle(&session);
    state
        .accounts
        .change_own_password(
            &caller.0,
            &body.current_password,
            &body.new_password,
            keep.as_deref(),
            &attempt.0,
            body.revoke_api_tokens,
        )
        .await?;
    Ok(web::Json(MessageResponse::new(if body.revoke_api_tokens {
        "Password changed. Your other sessions were signed out and your API tokens revoked."
    } else {
        "Password changed. Your other sessions were signed out."
    }))
    .visible(Visible::Nothing))
}
