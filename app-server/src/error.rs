//! One error type for every handler and the JSON error body of PRODUCT.md §2.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use domain::StoreError;
use domain::permissions::Refusal;
use domain::story::GetStoryError;
use serde::Serialize;
use utoipa::ToSchema;

/// One field that failed validation.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct FieldErrorDto {
    /// The camelCase name of the field.
    pub field: String,
    pub message: String,
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
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
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("Request body is too large")]
    PayloadTooLarge,
    #[error("Too many requests, please try again later")]
    TooManyRequests { retry_after_secs: u64 },
    /// Too many wrong passwords for one account (not for this address).
    #[error("{}", domain::user::account::ACCOUNT_LOCKED)]
    AccountLocked { retry_after_secs: u64 },
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error("The service is temporarily unavailable")]
    Unavailable(#[source] anyhow::Error),
    #[error("Internal server error")]
    Internal(#[source] anyhow::Error),
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
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
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
            ApiError::Unavailable(cause) => tracing::warn!(error = ?cause, "database unavailable"),
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
        res.json(ErrorBody {
            message: self.to_string(),
            errors,
        })
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(field) => {
                ApiError::Conflict(format!("This {field} is already taken"))
            }
            StoreError::Unavailable(e) => ApiError::Unavailable(e),
            StoreError::Unknown(e) => ApiError::Internal(e),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::NotSignedIn => ApiError::Unauthorized(r.to_string()),
            Refusal::PendingApproval | Refusal::Forbidden => ApiError::Forbidden(r.to_string()),
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

impl From<domain::story::ListStoriesError> for ApiError {
    fn from(err: domain::story::ListStoriesError) -> Self {
        match err {
            domain::story::ListStoriesError::Store(e) => e.into(),
        }
    }
}

fn field_errors(errors: domain::validation::FieldErrors) -> ApiError {
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

impl From<domain::user::account::RegisterError> for ApiError {
    fn from(err: domain::user::account::RegisterError) -> Self {
        use domain::user::account::RegisterError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Taken(_) => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::account::SignInError> for ApiError {
    fn from(err: domain::user::account::SignInError) -> Self {
        use domain::user::account::SignInError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::account::AdminSignInError> for ApiError {
    fn from(err: domain::user::account::AdminSignInError) -> Self {
        use domain::user::account::AdminSignInError as E;
        match err {
            E::Missing => ApiError::bad_request(err.to_string()),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::account::ChangePasswordError> for ApiError {
    fn from(err: domain::user::account::ChangePasswordError) -> Self {
        use domain::user::account::ChangePasswordError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Missing | E::WeakPassword(_) | E::WrongCurrentPassword => {
                ApiError::bad_request(err.to_string())
            }
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::people::PeopleError> for ApiError {
    fn from(err: domain::user::people::PeopleError) -> Self {
        use domain::user::people::PeopleError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::OwnAccount | E::LastSuperAdmin => ApiError::Forbidden(err.to_string()),
            E::Invalid(errors) => field_errors(errors),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::VerifyEmailError> for ApiError {
    fn from(err: domain::user::self_service::VerifyEmailError) -> Self {
        use domain::user::self_service::VerifyEmailError as E;
        match err {
            E::InvalidToken => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::ResendVerificationError> for ApiError {
    fn from(err: domain::user::self_service::ResendVerificationError) -> Self {
        use domain::user::self_service::ResendVerificationError as E;
        match err {
            E::Refused(r) => r.into(),
            E::AlreadyVerified => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::ResetPasswordError> for ApiError {
    fn from(err: domain::user::self_service::ResetPasswordError) -> Self {
        use domain::user::self_service::ResetPasswordError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::InvalidToken => ApiError::bad_request(err.to_string()),
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::UpdateProfileError> for ApiError {
    fn from(err: domain::user::self_service::UpdateProfileError) -> Self {
        use domain::user::self_service::UpdateProfileError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::Taken(_) => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::ChangeOwnPasswordError> for ApiError {
    fn from(err: domain::user::self_service::ChangeOwnPasswordError) -> Self {
        use domain::user::self_service::ChangeOwnPasswordError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NoPassword => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::self_service::SessionsError> for ApiError {
    fn from(err: domain::user::self_service::SessionsError) -> Self {
        use domain::user::self_service::SessionsError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::leaving::ExportError> for ApiError {
    fn from(err: domain::user::leaving::ExportError) -> Self {
        use domain::user::leaving::ExportError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::leaving::DeleteAccountError> for ApiError {
    fn from(err: domain::user::leaving::DeleteAccountError) -> Self {
        use domain::user::leaving::DeleteAccountError as E;
        match err {
            E::Refused(r) => r.into(),
            E::WrongPassword => ApiError::field("password", err.to_string()),
            E::ReauthenticationRequired => ApiError::Forbidden(err.to_string()),
            E::LastSuperAdmin => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::story::WriteStoryError> for ApiError {
    fn from(err: domain::story::WriteStoryError) -> Self {
        use domain::story::WriteStoryError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NotFound => ApiError::not_found("Story not found"),
            E::Transition(t) => ApiError::Conflict(t.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

/// A 400 listing every refused field under a summary `message` of the form as a whole.
fn form_errors(errors: domain::validation::FieldErrors, message: String) -> ApiError {
    match field_errors(errors) {
        ApiError::BadRequest { errors, .. } => ApiError::BadRequest { message, errors },
        other => other,
    }
}

impl From<domain::comment::ListCommentsError> for ApiError {
    fn from(err: domain::comment::ListCommentsError) -> Self {
        use domain::comment::ListCommentsError as E;
        match err {
            E::StoryNotFound => ApiError::not_found(err.to_string()),
            E::InvalidLimit => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::comment::PostCommentError> for ApiError {
    fn from(err: domain::comment::PostCommentError) -> Self {
        use domain::comment::PostCommentError as E;
        let message = err.to_string();
        match err {
            E::StoryNotFound => ApiError::not_found(message),
            E::Incomplete(errors) => form_errors(errors, message),
            E::Invalid(errors) => field_errors(errors),
            E::Spam => ApiError::bad_request(message),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::comment::ModerateCommentError> for ApiError {
    fn from(err: domain::comment::ModerateCommentError) -> Self {
        use domain::comment::ModerateCommentError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::InvalidPage => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::help::SendHelpError> for ApiError {
    fn from(err: domain::help::SendHelpError) -> Self {
        use domain::help::SendHelpError as E;
        let message = err.to_string();
        match err {
            E::Incomplete(errors) => form_errors(errors, message),
            E::Invalid(errors) => field_errors(errors),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::help::HelpInboxError> for ApiError {
    fn from(err: domain::help::HelpInboxError) -> Self {
        use domain::help::HelpInboxError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::InvalidPage => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::mail::MailOutboxError> for ApiError {
    fn from(err: domain::mail::MailOutboxError) -> Self {
        use domain::mail::MailOutboxError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::NotFailed => ApiError::Conflict(err.to_string()),
            E::InvalidPage => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::social::ExportError> for ApiError {
    fn from(err: domain::social::ExportError) -> Self {
        use domain::social::ExportError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found("Story not found"),
            E::NotPublished | E::NoPlatforms => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::schedule::ListSchedulesError> for ApiError {
    fn from(err: domain::schedule::ListSchedulesError) -> Self {
        use domain::schedule::ListSchedulesError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::schedule::CreateScheduleError> for ApiError {
    fn from(err: domain::schedule::CreateScheduleError) -> Self {
        use domain::schedule::CreateScheduleError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::schedule::ChangeScheduleError> for ApiError {
    fn from(err: domain::schedule::ChangeScheduleError) -> Self {
        use domain::schedule::ChangeScheduleError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}
