//! Signing up, in and out with e-mail and password, and the current user.

use actix_session::Session;
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use domain::account::registration::Registration;
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::{AuthResponse, MessageResponse, UserDto};
use crate::caller::CurrentCaller;
use crate::device::SignInAttempt;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{RateLimited, SignIn, SignUp};
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    #[schema(max_length = 255)]
    pub email: String,
    #[schema(min_length = 1, max_length = 50)]
    pub username: String,
    #[schema(min_length = 6, max_length = 128)]
    pub password: String,
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    pub email: String,
    /// 6 to 128 characters, as every password is.
    #[schema(min_length = 6, max_length = 128)]
    pub password: String,
}

/// Creates an account (pending approval, role member), mails it a link that verifies the
/// e-mail address, and signs it in.
#[utoipa::path(
    tag = "accounts",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Account created and signed in", body = AuthResponse),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Sent with an API token: tokens cannot be used here", body = ErrorBody),
        (status = 409, description = "E-mail or username taken", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
#[post("/register")]
pub async fn register(
    _limit: RateLimited<SignUp>,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: web::Json<RegisterRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let b = body.into_inner();
    let user = state
        .accounts
        .register(Registration {
            email: b.email,
            username: b.username,
            password: b.password,
            first_name: b.first_name,
            last_name: b.last_name,
        })
        .await?;
    crate::session::start(&session, &req, &state.config, &user, state.clock.now())?;
    Ok(HttpResponse::Created()
        .json(AuthResponse {
            user: user.into(),
            message: "Account created".into(),
        })
        .visible(Visible::Nothing))
}

/// Signs in with e-mail and password.
#[utoipa::path(
    tag = "accounts",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 401, description = "Wrong e-mail or password, or sent with an API token", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address, or too many wrong passwords for this e-mail from this network (locked for 15 minutes) or from everywhere (a short wait); see Retry-After", body = ErrorBody),
    )
)]
#[post("/login")]
pub async fn login(
    _limit: RateLimited<SignIn>,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    attempt: SignInAttempt,
    body: web::Json<LoginRequest>,
) -> Result<Declared<HttpResponse>, ApiError> {
    let user = state
        .accounts
        .sign_in(&body.email, &body.password, &attempt.0)
        .await?;
    crate::session::start(&session, &req, &state.config, &user, state.clock.now())?;
    let mut res = HttpResponse::Ok().json(AuthResponse {
        user: user.clone().into(),
        message: "Signed in".into(),
    });
    crate::device::remember(&mut res, &state, &attempt.0, &user)?;
    Ok(res.visible(Visible::Nothing))
}

/// Signs out: the session row is deleted and the cookie cleared.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "Signed out", body = MessageResponse),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/logout")]
pub async fn logout(
    _limit: crate::security::RateLimited<crate::security::SignOut>,
    session: Session,
) -> Declared<web::Json<MessageResponse>> {
    session.purge();
    web::Json(MessageResponse::new("Signed out")).visible(Visible::Nothing)
}

/// The signed-in user.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The current user", body = UserDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/user")]
pub async fn get_user(caller: CurrentCaller) -> Result<web::Json<UserDto>, ApiError> {
    match caller.0 {
        domain::Caller::User(user) => Ok(web::Json(user.into())),
        domain::Caller::Visitor => Err(ApiError::Unauthorized("Not signed in".into())),
    }
}

fn redirect(to: &str) -> HttpResponse {
    HttpResponse::Found().insert_header((LOCATION, to)).finish()
}

/// Browser navigation to the sign-in page.
#[utoipa::path(tag = "accounts", responses((status = 302, description = "Redirect to /auth")))]
#[get("/login")]
pub async fn login_page() -> HttpResponse {
    redirect("/auth")
}
