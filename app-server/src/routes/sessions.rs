//! A person's sessions: the list with browser, address and times, and signing them out.

use actix_session::Session;
use actix_web::{delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::dto::MessageResponse;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::session::SessionView;
use crate::state::AppState;
use crate::user_agent;

/// One signed-in session of the caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    /// An opaque handle for `DELETE /api/user/sessions/{id}` (not the session's secret).
    pub id: String,
    pub created_at: Option<DateTime<Utc>>,
    /// Updated at most every few minutes.
    pub last_seen_at: Option<DateTime<Utc>>,
    /// For example "Chrome 131", or "Unknown browser".
    pub browser: String,
    /// For example "Windows", or "Unknown OS".
    pub os: String,
    pub ip_address: Option<String>,
    /// The session of this request.
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokeSessionsResponse {
    /// How many sessions were signed out.
    pub revoked: u64,
    /// How many API tokens were revoked with them.
    pub revoked_tokens: u64,
    pub message: String,
}

/// The signed-in person's sessions, newest first.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The sessions", body = Vec<SessionDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/user/sessions")]
pub async fn list_sessions(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    session: Session,
) -> Result<web::Json<Vec<SessionDto>>, ApiError> {
    let current = crate::session::handle(&session);
    let records = state.accounts.sessions(&caller.0).await?;
    let mut sessions: Vec<SessionDto> = records
        .iter()
        .filter_map(SessionView::of)
        .map(|v| {
            let agent = user_agent::describe(v.user_agent.as_deref().unwrap_or_default());
            SessionDto {
                current: current.as_deref() == Some(v.handle.as_str()),
                id: v.handle,
                created_at: v.signed_in_at,
                last_seen_at: v.last_seen_at,
                browser: agent.browser,
                os: agent.os,
                ip_address: v.address,
            }
        })
        .collect();
    sessions.sort_by_key(|s| std::cmp::Reverse(s.created_at));
    Ok(web::Json(sessions))
}

/// Signs out one of the signed-in person's sessions (this one too, if named).
#[utoipa::path(
    tag = "accounts",
    params(("id" = String, Path, description = "The session's id from the sessions list")),
    responses(
        (status = 200, description = "Signed out", body = MessageResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours", body = ErrorBody),
    )
)]
#[delete("/user/sessions/{id}")]
pub async fn revoke_session(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    session: Session,
    id: web::Path<String>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    state.accounts.revoke_session(&caller.0, &id).await?;
    if crate::session::handle(&session).as_deref() == Some(id.as_str()) {
        session.purge();
    }
    Ok(web::Json(MessageResponse::new("Session signed out")).visible(Visible::Nothing))
}

/// Signs out every session of the signed-in person but this one, and revokes their API
/// tokens. A browser session only: a script's token cannot sign its person out everywhere.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "Signed out", body = RevokeSessionsResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Asked with an API token", body = ErrorBody),
    )
)]
#[post("/user/sessions/revoke-others")]
pub async fn revoke_other_sessions(
    state: web::Data<AppState>,
    caller: crate::caller::SessionCaller,
    session: Session,
) -> Result<Declared<web::Json<RevokeSessionsResponse>>, ApiError> {
    let keep = crate::session::handle(&session);
    let (revoked, revoked_tokens) = state
        .accounts
        .revoke_other_sessions(&caller.0, keep.as_deref())
        .await?;
    let sessions = match revoked {
        1 => "1 other session was signed out".to_owned(),
        n => format!("{n} other sessions were signed out"),
    };
    Ok(web::Json(RevokeSessionsResponse {
        revoked,
        revoked_tokens,
        message: match revoked_tokens {
            0 => sessions,
            1 => format!("{sessions}, and 1 API token was revoked"),
            n => format!("{sessions}, and {n} API tokens were revoked"),
        },
    })
    .visible(Visible::Nothing))
}
