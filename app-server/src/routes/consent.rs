//! Consent to publish stories (`docs/decisions/privacy.md`): the records of a story and of
//! the signed-in person, the statement authors read (and its versions, changed by the super
//! admin), and withdrawal in one click.

use actix_web::{get, post, put, web};
use domain::consent::PostedCopy;
use domain::story::StoryId;
use domain::story::consent::ConsentRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::json_body::OptionalJson;
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

use super::consent_dto::{ConsentRecordDto, ConsentStatementDto, ConsentStatementInput};

fn records(list: Vec<ConsentRecord>) -> Vec<ConsentRecordDto> {
    list.into_iter().map(Into::into).collect()
}

/// The consent records of a story, oldest first (the latest decides): its author and
/// reviewers.
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "The records", body = Vec<ConsentRecordDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the author nor a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
    )
)]
#[get("/stories/{id}/consent")]
pub async fn story_consent(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<ConsentRecordDto>>, ApiError> {
    let list = state
        .consents
        .of_story(&caller.0, StoryId(id.into_inner()))
        .await?;
    Ok(web::Json(records(list)))
}

/// The signed-in person's consent records over all their stories, oldest first.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The records", body = Vec<ConsentRecordDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/user/consents")]
pub async fn my_consents(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<Vec<ConsentRecordDto>>, ApiError> {
    Ok(web::Json(records(state.consents.mine(&caller.0).await?)))
}

/// The consent statement authors read now: anyone signed in.
#[utoipa::path(
    tag = "stories",
    responses(
        (status = 200, description = "The statement", body = ConsentStatementDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/consent-statement")]
pub async fn consent_statement(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<ConsentStatementDto>, ApiError> {
    Ok(web::Json(state.consents.statement(&caller.0).await?.into()))
}

/// Every version of the consent statement, newest first: the super admin.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The versions", body = Vec<ConsentStatementDto>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[get("/admin/consent-statements")]
pub async fn consent_statements(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<Vec<ConsentStatementDto>>, ApiError> {
    let all = state.consents.statements(&caller.0).await?;
    Ok(web::Json(all.into_iter().map(Into::into).collect()))
}

/// A new text of the consent statement (a new version; records keep theirs): the super
/// admin.
#[utoipa::path(
    tag = "admin",
    request_body = ConsentStatementInput,
    responses(
        (status = 200, description = "The new version", body = ConsentStatementDto),
        (status = 400, description = "Empty or too long", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the super admin", body = ErrorBody),
    )
)]
#[put("/admin/consent-statement")]
pub async fn change_consent_statement(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    body: web::Json<ConsentStatementInput>,
) -> Result<Declared<web::Json<ConsentStatementDto>>, ApiError> {
    let s = state
        .consents
        .change_statement(&caller.0, &body.text)
        .await?;
    Ok(web::Json(ConsentStatementDto::from(s)).visible(Visible::Nothing))
}

/// Who withdraws, and why (required of a moderator acting for the author).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct WithdrawConsentRequest {
    #[schema(max_length = 2000)]
    pub reason: Option<String>,
}

/// A social post already made of the story.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedCopyDto {
    pub post_id: i64,
    pub platform: String,
    pub url: Option<String>,
}

impl From<PostedCopy> for PostedCopyDto {
    fn from(p: PostedCopy) -> Self {
        Self {
            post_id: p.post_id,
            platform: p.platform.as_str().to_owned(),
            url: p.url,
        }
    }
}

/// What withdrawing consent did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawConsentResponse {
    pub message: String,
    /// Queued social posts cancelled.
    pub cancelled_posts: u64,
    /// Stored earlier versions deleted.
    pub purged_versions: u64,
    /// Posts already made that the site deletes on their platforms in the background (its
    /// super admin sees each outcome in the social posts list and the activity log).
    pub deleting: Vec<PostedCopyDto>,
    /// Posts already made that the site cannot delete (no credentials for their platform
    /// now, or no id of the post): remove them there by hand.
    pub posted: Vec<PostedCopyDto>,
}

/// Withdraws consent to a story: it leaves the site at once (a draft for its author), its
/// queued social posts are cancelled, posts already made are queued for deletion on their
/// platforms (or listed in `posted` for a person to remove where the site cannot delete),
/// its earlier versions are deleted, and the activity log records it. Its author, or a
/// reviewer on the author's behalf with a reason.
#[utoipa::path(
    tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    request_body(content = Option<WithdrawConsentRequest>, description = "A moderator's reason"),
    responses(
        (status = 200, description = "Withdrawn", body = WithdrawConsentResponse),
        (status = 400, description = "A moderator gave no reason", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the author nor a reviewer", body = ErrorBody),
        (status = 404, description = "No such story", body = ErrorBody),
        (status = 409, description = "No consent in force", body = ErrorBody),
    )
)]
#[post("/stories/{id}/withdraw-consent")]
pub async fn withdraw_consent(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    id: web::Path<i64>,
    body: OptionalJson<WithdrawConsentRequest>,
) -> Result<Declared<web::Json<WithdrawConsentResponse>>, ApiError> {
    let reason = body.0.and_then(|b| b.reason);
    let done = state
        .consents
        .withdraw(&caller.0, StoryId(id.into_inner()), reason.as_deref())
        .await?;
    let message = done.message();
    let o = done.outputs;
    Ok(web::Json(WithdrawConsentResponse {
        message,
        cancelled_posts: o.cancelled_posts,
        purged_versions: o.purged_versions,
        deleting: done.deleting.into_iter().map(Into::into).collect(),
        posted: o.posted.into_iter().map(Into::into).collect(),
    })
    .visible(Visible::Everything))
}
