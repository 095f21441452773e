//! JSON shapes of the API (camelCase), converted from domain values.

use chrono::{DateTime, Utc};
use domain::category::CategoryWithCount;
use domain::story::{StorySummary, StoryWithAuthor};
use domain::user::AuthorSummary;
use serde::Serialize;
use utoipa::ToSchema;

/// The author part of a story, as cards and the detail page show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorDto {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
}

impl From<AuthorSummary> for AuthorDto {
    fn from(a: AuthorSummary) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            profile_image_url: a.profile_image_url,
        }
    }
}

/// Review status of a story.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum StoryStatusDto {
    Draft,
    PendingApproval,
    Approved,
    Rejected,
}

impl From<domain::story::StoryStatus> for StoryStatusDto {
    fn from(s: domain::story::StoryStatus) -> Self {
        use domain::story::StoryStatus as S;
        match s {
            S::Draft => Self::Draft,
            S::PendingApproval => Self::PendingApproval,
            S::Approved => Self::Approved,
            S::Rejected => Self::Rejected,
        }
    }
}

/// A story as a card shows it (no content).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorySummaryDto {
    pub id: i64,
    pub title: String,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
    /// Why a reviewer last refused it; only in an author's own list.
    pub rejection_reason: Option<String>,
    /// An edit of this live story waits for review; only in an author's own list.
    pub has_pending_revision: bool,
    /// The start of the content as plain text (at most 200 characters; may be empty), for
    /// a card without an excerpt.
    pub preview: String,
}

impl From<StorySummary> for StorySummaryDto {
    fn from(s: StorySummary) -> Self {
        Self {
            id: s.id.0,
            title: s.title,
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id.to_string(),
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: s.author.into(),
            rejection_reason: s.rejection_reason,
            has_pending_revision: s.has_pending_revision,
            preview: s.preview,
        }
    }
}

/// A whole story with its author.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryDto {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    /// The text as its author typed it (plain text with `![alt](address)` pictures, or
    /// HTML), for the edit form: only for its author and reviewers, else null.
    pub source: Option<String>,
    pub excerpt: Option<String>,
    pub video_url: Option<String>,
    pub thumbnail_url: Option<String>,
    pub category: String,
    pub author_id: String,
    pub status: StoryStatusDto,
    pub is_published: bool,
    pub published_at: Option<DateTime<Utc>>,
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    /// Why a reviewer rejected it; shown to its author.
    pub rejection_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub author: AuthorDto,
}

impl From<StoryWithAuthor> for StoryDto {
    fn from(sw: StoryWithAuthor) -> Self {
        let s = sw.story;
        Self {
            id: s.id.0,
            title: s.title,
            content: s.content,
            source: (!s.source.is_empty()).then_some(s.source),
            excerpt: s.excerpt,
            video_url: s.video_url,
            thumbnail_url: s.thumbnail_url,
            category: s.category,
            author_id: s.author_id.to_string(),
            status: s.status.into(),
            is_published: s.is_published,
            published_at: s.published_at,
            approved_by: s.approved_by.map(|u| u.to_string()),
            approved_at: s.approved_at,
            rejection_reason: s.rejection_reason,
            created_at: s.created_at,
            updated_at: s.updated_at,
            author: sw.author.into(),
        }
    }
}

/// A category with the number of its published stories.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDto {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub icon: Option<String>,
    pub created_at: DateTime<Utc>,
    pub story_count: u64,
}

impl From<CategoryWithCount> for CategoryDto {
    fn from(c: CategoryWithCount) -> Self {
        Self {
            id: c.category.id,
            name: c.category.name,
            description: c.category.description,
            icon: c.category.icon,
            created_at: c.category.created_at,
            story_count: c.story_count,
        }
    }
}

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
    pub abilities: Vec<super::abilities::AbilityDto>,
}

impl From<domain::user::User> for UserDto {
    fn from(u: domain::user::User) -> Self {
        let abilities = super::abilities::abilities_of(&u);
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

/// A plain confirmation.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// One page of a list as JSON, with the total of the whole list in `X-Total-Count` (exposed
/// to cross-origin readers too): the shape of every paged endpoint.
pub fn paged<T: Serialize>(items: Vec<T>, total: u64) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .insert_header(("Access-Control-Expose-Headers", "X-Total-Count"))
        .json(items)
}
