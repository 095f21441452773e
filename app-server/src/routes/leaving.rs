//! Leaving, with one's data: the export as one JSON document, and deleting the account.

use actix_session::Session;
use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, web};
use chrono::{DateTime, Utc};
use domain::account::leaving::Departure;
use domain::story::StoryWithAuthor;
use domain::user::AuthorSummary;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::comments::CommentDto;
use super::dto::{MessageResponse, StoryDto, UserDto};
use super::help::HelpMessageDto;
use super::review::RevisionDto;
use super::schedules::ScheduleDto;
use super::uploads::MediaSizeDto;
use crate::caller::CurrentCaller;
use crate::device::SignInAttempt;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::security::{PasswordCheck, RateLimited};
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountRequest {
    /// The account's password (accounts without one: sign in with Google within the last
    /// 10 minutes instead).
    pub password: Option<String>,
    /// Delete the stories too; otherwise published stories stay under "Former member".
    pub delete_stories: bool,
}

/// One story of the export, with every stored version.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedStoryDto {
    pub story: StoryDto,
    pub revisions: Vec<RevisionDto>,
}

/// Everything the site holds about the caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountExport {
    pub exported_at: DateTime<Utc>,
    pub account: UserDto,
    pub stories: Vec<ExportedStoryDto>,
    pub schedules: Vec<ScheduleDto>,
    /// Help messages sent while signed in.
    pub help_messages: Vec<HelpMessageDto>,
    /// Comments left with the account's e-mail address.
    pub comments: Vec<CommentDto>,
    /// Pictures they uploaded, with the full address of every stored size.
    pub pictures: Vec<ExportedPictureDto>,
    /// Every consent they gave to or withdrew from their stories, oldest first (each
    /// story's byline and audience are in `stories`).
    pub consents: Vec<super::consent_dto::ConsentRecordDto>,
    /// Subscriptions to new stories made while signed in or for the account's address,
    /// each with what the person agreed to, where and when.
    pub subscriptions: Vec<ExportedSubscriptionDto>,
}

/// One subscription of the export, with its consent record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedSubscriptionDto {
    #[serde(flatten)]
    pub subscription: super::subscriptions::SubscriptionDto,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// The words the sign-up form showed.
    pub consent_wording: String,
    /// The site path the form was on.
    pub consent_page: String,
    pub consent_at: DateTime<Utc>,
}

impl From<domain::subscription::Subscription> for ExportedSubscriptionDto {
    fn from(s: domain::subscription::Subscription) -> Self {
        Self {
            created_at: s.created_at,
            confirmed_at: s.confirmed_at,
            consent_wording: s.consent.wording.clone(),
            consent_page: s.consent.page.clone(),
            consent_at: s.consent.at,
            subscription: s.into(),
        }
    }
}

/// One uploaded picture of the export.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedPictureDto {
    pub uploaded_at: DateTime<Utc>,
    /// The largest stored size, as a full address.
    pub url: String,
    pub width: u32,
    pub height: u32,
    /// Every stored size, smallest first, as full addresses.
    pub sizes: Vec<MediaSizeDto>,
}

impl ExportedPictureDto {
    fn new(media: domain::media::Media, public_url: &str) -> Self {
        let base = public_url.trim_end_matches('/');
        let sizes = media
            .widths
            .iter()
            .map(|w| MediaSizeDto {
                width: *w,
                url: format!("{base}{}", media.url(*w)),
            })
            .collect();
        Self {
            uploaded_at: media.created_at,
            url: format!("{base}{}", media.largest_url()),
            width: media.width,
            height: media.height,
            sizes,
        }
    }
}

/// Everything the site holds about the signed-in person, as one JSON document.
#[utoipa::path(
    tag = "accounts",
    responses(
        (status = 200, description = "The export (sent as a file)", body = AccountExport),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[get("/user/export")]
pub async fn export_account(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<HttpResponse, ApiError> {
    let (user, data) = state.accounts.export(&caller.0).await?;
    let consents = state.consents.mine(&caller.0).await?;
    let subscriptions = state.subscriptions.of_account(&user).await?;
    let now = state.clock.now();
    let author = AuthorSummary {
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        profile_image_url: user.profile_image_url.clone(),
    };
    let export = AccountExport {
        exported_at: now,
        account: user.into(),
        stories: data
            .stories
            .into_iter()
            .map(|(story, revisions)| ExportedStoryDto {
                story: StoryDto::shown_to(
                    StoryWithAuthor {
                        passages: state.stories.passages_of(
                            &story.title,
                            story.excerpt.as_deref(),
                            &story.content,
                        ),
                        story,
                        author: author.clone(),
                    },
                    &caller.0,
                    &state.config.site_name,
                ),
                revisions: revisions.into_iter().map(Into::into).collect(),
            })
            .collect(),
        schedules: data
            .schedules
            .into_iter()
            .map(|schedule| {
                domain::schedule::ScheduleWithStatus {
                    status: schedule.status_at(now),
                    schedule,
                }
                .into()
            })
            .collect(),
        help_messages: data.help_messages.into_iter().map(Into::into).collect(),
        comments: data.comments.into_iter().map(Into::into).collect(),
        pictures: data
            .pictures
            .into_iter()
            .map(|m| ExportedPictureDto::new(m, &state.config.public_url))
            .collect(),
        consents: consents.into_iter().map(Into::into).collect(),
        subscriptions: subscriptions.into_iter().map(Into::into).collect(),
    };
    let filename = format!("account-{}.json", now.format("%Y-%m-%d"));
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(export))
}

/// Deletes the signed-in person's account and signs out everywhere.
#[utoipa::path(
    tag = "accounts",
    request_body = DeleteAccountRequest,
    responses(
        (status = 200, description = "Deleted", body = MessageResponse),
        (status = 400, description = "Wrong or missing password", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "An account without a password whose sign-in is older than 10 minutes", body = ErrorBody),
        (status = 409, description = "The last super admin", body = ErrorBody),
        (status = 429, description = "Too many requests, or too many wrong passwords for this account from here (account_locked); see Retry-After", body = ErrorBody),
        (status = 503, description = "Every password check slot is busy; try again in a moment", body = ErrorBody),
    )
)]
#[delete("/user")]
pub async fn delete_account(
    _limit: RateLimited<PasswordCheck>,
    state: web::Data<AppState>,
    caller: CurrentCaller,
    session: Session,
    attempt: SignInAttempt,
    body: web::Json<DeleteAccountRequest>,
) -> Result<Declared<web::Json<MessageResponse>>, ApiError> {
    let b = body.into_inner();
    state
        .accounts
        .delete_account(
            &caller.0,
            Departure {
                password: b.password,
                signed_in_at: crate::session::signed_in_at(&session),
                delete_stories: b.delete_stories,
                attempt: attempt.0,
            },
        )
        .await?;
    session.purge();
    Ok(
        web::Json(MessageResponse::new("Your account has been deleted"))
            .visible(Visible::Everything),
    )
}
