//! The activity log, read by the super admin: who did which moderation or people action.

use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use domain::audit::{AuditAction, AuditEntry, AuditFilter};
use domain::user::UserId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::dto::paged;
use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// What was done (the log's stable vocabulary).
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AuditActionDto {
    StoryApproved,
    StoryRejected,
    StoryUnpublished,
    StoryDeleted,
    EditApproved,
    EditRejected,
    CommentApproved,
    CommentDeleted,
    PersonApproved,
    RoleChanged,
    PersonDeleted,
    PersonSuspended,
    PersonReinstated,
    HelpHandled,
    HelpDeleted,
    MailRetried,
    SocialExported,
    SocialRetried,
    SocialCancelled,
    BackupDownloaded,
    ApiTokenCreated,
    ConsentWithdrawn,
    SocialPostDeleted,
    SocialDeletionFailed,
    SubscriberRemoved,
    SubscriberSuspended,
    SubscriptionDefaultChanged,
}

impl AuditActionDto {
    fn pairs() -> [(AuditActionDto, AuditAction); 27] {
        use AuditActionDto as D;
        [
            (D::StoryApproved, AuditAction::StoryApproved),
            (D::StoryRejected, AuditAction::StoryRejected),
            (D::StoryUnpublished, AuditAction::StoryUnpublished),
            (D::StoryDeleted, AuditAction::StoryDeleted),
            (D::EditApproved, AuditAction::EditApproved),
            (D::EditRejected, AuditAction::EditRejected),
            (D::CommentApproved, AuditAction::CommentApproved),
            (D::CommentDeleted, AuditAction::CommentDeleted),
            (D::PersonApproved, AuditAction::PersonApproved),
            (D::RoleChanged, AuditAction::RoleChanged),
            (D::PersonDeleted, AuditAction::PersonDeleted),
            (D::PersonSuspended, AuditAction::PersonSuspended),
            (D::PersonReinstated, AuditAction::PersonReinstated),
            (D::HelpHandled, AuditAction::HelpHandled),
            (D::HelpDeleted, AuditAction::HelpDeleted),
            (D::MailRetried, AuditAction::MailRetried),
            (D::SocialExported, AuditAction::SocialExported),
            (D::SocialRetried, AuditAction::SocialRetried),
            (D::SocialCancelled, AuditAction::SocialCancelled),
            (D::BackupDownloaded, AuditAction::BackupDownloaded),
            (D::ApiTokenCreated, AuditAction::ApiTokenCreated),
            (D::ConsentWithdrawn, AuditAction::ConsentWithdrawn),
            (D::SocialPostDeleted, AuditAction::SocialPostDeleted),
            (D::SocialDeletionFailed, AuditAction::SocialDeletionFailed),
            (D::SubscriberRemoved, AuditAction::SubscriberRemoved),
            (D::SubscriberSuspended, AuditAction::SubscriberSuspended),
            (
                D::SubscriptionDefaultChanged,
                AuditAction::SubscriptionDefaultChanged,
            ),
        ]
    }

    fn to_domain(self) -> AuditAction {
        Self::pairs()
            .into_iter()
            .find_map(|(d, a)| (d == self).then_some(a))
            .unwrap_or(AuditAction::StoryApproved)
    }

    fn of(action: AuditAction) -> Self {
        Self::pairs()
            .into_iter()
            .find_map(|(d, a)| (a == action).then_some(d))
            .unwrap_or(AuditActionDto::StoryApproved)
    }
}

/// What an entry is about.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum AuditTargetKindDto {
    Story,
    Comment,
    Person,
    HelpMessage,
    Mail,
    SocialPost,
    Backup,
    ApiToken,
    Subscription,
    Setting,
}

/// One entry of the activity log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub actor_id: String,
    /// The actor's name when they acted ("Former member" once they left).
    pub actor_name: String,
    pub action: AuditActionDto,
    pub target_kind: AuditTargetKindDto,
    /// The story or comment number, the person's id, the message id.
    pub target_id: String,
    /// What the target was called then (a title, a name, a subject).
    pub target_label: Option<String>,
    /// The reason given (a rejection, a take-down, a suspension), the role change, or the
    /// platforms of an export.
    pub reason: Option<String>,
}

impl From<AuditEntry> for AuditEntryDto {
    fn from(e: AuditEntry) -> Self {
        use domain::audit::TargetKind as K;
        let entry = e.entry;
        Self {
            id: e.id,
            at: entry.at,
            actor_id: entry.actor_id.as_str().to_owned(),
            actor_name: entry.actor_name,
            action: AuditActionDto::of(entry.action),
            target_kind: match entry.action.target_kind() {
                K::Story => AuditTargetKindDto::Story,
                K::Comment => AuditTargetKindDto::Comment,
                K::Person => AuditTargetKindDto::Person,
                K::HelpMessage => AuditTargetKindDto::HelpMessage,
                K::Mail => AuditTargetKindDto::Mail,
                K::SocialPost => AuditTargetKindDto::SocialPost,
                K::Backup => AuditTargetKindDto::Backup,
                K::ApiToken => AuditTargetKindDto::ApiToken,
                K::Subscription => AuditTargetKindDto::Subscription,
                K::Setting => AuditTargetKindDto::Setting,
            },
            target_id: entry.target_id,
            target_label: entry.target_label,
            reason: entry.reason,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only entries by this person (a user id).
    pub actor: Option<String>,
    /// Only entries of this action.
    #[param(inline)]
    pub action: Option<AuditActionDto>,
    /// How many entries (1 to 200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
    #[param(maximum = 1_000_000_000)]
    pub offset: Option<u64>,
}

/// A page of the activity log, newest first (super admin only); how many entries match is
/// in `X-Total-Count`. Entries are never changed or removed through the API.
#[utoipa::path(
    tag = "admin",
    params(AuditQuery),
    responses(
        (status = 200, description = "Entries, newest first", body = [AuditEntryDto],
            headers(("X-Total-Count" = u64, description = "How many entries match"))),
        (status = 400, description = "A limit, offset or action out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/audit-log")]
pub async fn list_audit_log(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = AuditFilter {
        actor: query
            .actor
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(UserId::new),
        action: query.action.map(AuditActionDto::to_domain),
    };
    let page = state
        .audit
        .page(&caller.0, &filter, query.limit, query.offset)
        .await?;
    Ok(paged(
        page.items
            .into_iter()
            .map(AuditEntryDto::from)
            .collect::<Vec<_>>(),
        page.total,
    ))
}
