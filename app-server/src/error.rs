//! One error type for every handler and the JSON error body of docs/product.md#errors.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use domain::StoreError;
use domain::permissions::Refusal;
use domain::story::GetStoryError;
use serde::Serialize;
use utoipa::ToSchema;

mod accounts;
mod content;
mod media;

/// One field that failed validation.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct FieldErrorDto {
    /// The camelCase name of the field.
    pub field: String,
    pub message: String,
}

/// What kind of error it is, for programs: decide by `code` (and the status), never by
/// the wording of `message`, which may change.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400 with `errors`: fields that failed validation.
    ValidationFailed,
    /// 400: a request the server cannot read (malformed JSON, a bad query).
    BadRequest,
    /// 401: not signed in, or the session ended.
    Unauthenticated,
    /// 403: the account waits for an administrator's approval.
    PendingApproval,
    /// 403: signed in, but not allowed (or a write from another site).
    Forbidden,
    /// 404.
    NotFound,
    /// 405: the address takes other methods, listed in `Allow`.
    MethodNotAllowed,
    /// 409: the thing's state does not allow it now, or a value is taken.
    Conflict,
    /// 413: the body or file is over a limit.
    PayloadTooLarge,
    /// 415: a file of a type the server does not take.
    UnsupportedMediaType,
    /// 429: too many requests; `Retry-After` says when to try again when it is known.
    RateLimited,
    /// 429: too many wrong passwords for this account.
    AccountLocked,
    /// 503: the database or a service the request needs is away; try again later.
    Unavailable,
    /// 500: a fault of the server (logged with its cause).
    Internal,
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What kind of error it is.
    pub code: ErrorCode,
    /// What went wrong, fit to show to a person.
    pub message: String,
    /// Present only for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldErrorDto>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        message: String,
        errors: Option<Vec<FieldErrorDto>>,
    },
    #[error("{0}")]
    Unauthorized(String),
    /// 403 for an account that waits for approval.
    #[error("{0}")]
    PendingApproval(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// 405: the address exists with other methods (`allow`, as the `Allow` header says them).
    #[error("This address takes only {allow}")]
    MethodNotAllowed { allow: String },
    #[error("Request body is too large")]
    PayloadTooLarge,
    /// 413 with its own message (an upload over a limit).
    #[error("{0}")]
    TooLarge(String),
    /// 415: a file of a type the server does not take.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 429 with its own message and no fixed wait (a daily upload count).
    #[error("{0}")]
    LimitReached(String),
    #[error("Too many requests, please try again later")]
    TooManyRequests { retry_after_secs: u64 },
    /// Too many wrong passwords for one account (not for this address).
    #[error("{}", domain::account::checks::ACCOUNT_LOCKED)]
    AccountLocked { retry_after_secs: u64 },
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error("The service is temporarily unavailable")]
    Unavailable(#[source] anyhow::Error),
    #[error("Internal server error")]
    Internal(#[source] anyhow::Error),
}

/// A page out of its list's bounds: 400 `validation_failed` naming `limit` or `offset`.
impl From<domain::paging::InvalidPage> for ApiError {
    fn from(page: domain::paging::InvalidPage) -> Self {
        ApiError::field(page.field(), page.to_string())
    }
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
            errors: None,
        }
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError::NotFound(message.into())
    }
    /// A validation failure of one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::BadRequest {
            message: message.clone(),
            errors: Some(vec![FieldErrorDto {
                field: field.to_owned(),
                message,
            }]),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::PendingApproval(_) | ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge | ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::LimitReached(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::TooManyRequests { .. } | ApiError::AccountLocked { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::Unavailable(_) | ApiError::ServiceUnavailable(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(cause) => tracing::error!(error = ?cause, "request failed"),
            ApiError::Unavailable(cause) => crate::outage::database_away(cause),
            _ => {}
        }
        let errors = match self {
            ApiError::BadRequest { errors, .. } => errors.clone(),
            _ => None,
        };
        let mut res = HttpResponse::build(self.status_code());
        if let ApiError::TooManyRequests { retry_after_secs }
        | ApiError::AccountLocked { retry_after_secs } = self
            && let Ok(v) = HeaderValue::from_str(&retry_after_secs.to_string())
        {
            res.insert_header((header::RETRY_AFTER, v));
        }
        if let ApiError::MethodNotAllowed { allow } = self
            && let Ok(v) = HeaderValue::from_str(allow)
        {
            res.insert_header((header::ALLOW, v));
        }
        res.json(ErrorBody {
            code: self.code(),
            message: self.to_string(),
            errors,
        })
    }
}

impl ApiError {
    /// The machine code of the body.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::BadRequest {
                errors: Some(_), ..
            } => ErrorCode::ValidationFailed,
            ApiError::BadRequest { errors: None, .. } => ErrorCode::BadRequest,
            ApiError::Unauthorized(_) => ErrorCode::Unauthenticated,
            ApiError::PendingApproval(_) => ErrorCode::PendingApproval,
            ApiError::Forbidden(_) => ErrorCode::Forbidden,
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::Conflict(_) => ErrorCode::Conflict,
            ApiError::MethodNotAllowed { .. } => ErrorCode::MethodNotAllowed,
            ApiError::PayloadTooLarge | ApiError::TooLarge(_) => ErrorCode::PayloadTooLarge,
            ApiError::UnsupportedMediaType(_) => ErrorCode::UnsupportedMediaType,
            ApiError::LimitReached(_) | ApiError::TooManyRequests { .. } => ErrorCode::RateLimited,
            ApiError::AccountLocked { .. } => ErrorCode::AccountLocked,
            ApiError::ServiceUnavailable(_) | ApiError::Unavailable(_) => ErrorCode::Unavailable,
            ApiError::Internal(_) => ErrorCode::Internal,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(field) => {
                ApiError::Conflict(format!("This {field} is already taken"))
            }
            StoreError::Unavailable(e) => ApiError::Unavailable(e),
            StoreError::Busy(message) => ApiError::ServiceUnavailable(message),
            StoreError::Unknown(e) => ApiError::Internal(e),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::NotSignedIn => ApiError::Unauthorized(r.to_string()),
            Refusal::PendingApproval => ApiError::PendingApproval(r.to_string()),
            Refusal::Forbidden => ApiError::Forbidden(r.to_string()),
        }
    }
}

impl From<GetStoryError> for ApiError {
    fn from(err: GetStoryError) -> Self {
        match err {
            GetStoryError::NotFound => ApiError::not_found("Story not found"),
            GetStoryError::Store(e) => e.into(),
        }
    }
}

impl From<domain::queues::QueueCountsError> for ApiError {
    fn from(err: domain::queues::QueueCountsError) -> Self {
        match err {
            domain::queues::QueueCountsError::Refused(r) => r.into(),
            domain::queues::QueueCountsError::Store(e) => e.into(),
        }
    }
}

impl From<domain::story::ListStoriesError> for ApiError {
    fn from(err: domain::story::ListStoriesError) -> Self {
        match err {
            domain::story::ListStoriesError::InvalidPage(page) => page.into(),
            domain::story::ListStoriesError::Store(e) => e.into(),
        }
    }
}

pub(crate) fn field_errors(errors: domain::validation::FieldErrors) -> ApiError {
    let list: Vec<FieldErrorDto> = errors
        .into_vec()
        .into_iter()
        .map(|e| FieldErrorDto {
            field: e.field.to_owned(),
            message: e.message,
        })
        .collect();
    let message = list
        .first()
        .map(|e| e.message.clone())
        .unwrap_or_else(|| "Invalid input".into());
    ApiError::BadRequest {
        message,
        errors: Some(list),
    }
}
