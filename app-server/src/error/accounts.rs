//! The account operations' errors as HTTP answers (exhaustive matches: a new variant does
//! not compile unmapped).

use super::{ApiError, field_errors};

impl From<domain::user::registration::RegisterError> for ApiError {
    fn from(err: domain::user::registration::RegisterError) -> Self {
        use domain::user::registration::RegisterError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Taken(_) => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::sign_in::SignInError> for ApiError {
    fn from(err: domain::user::sign_in::SignInError) -> Self {
        use domain::user::sign_in::SignInError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::sign_in::AdminSignInError> for ApiError {
    fn from(err: domain::user::sign_in::AdminSignInError) -> Self {
        use domain::user::sign_in::AdminSignInError as E;
        match err {
            E::Missing => ApiError::bad_request(err.to_string()),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::admin_password::ChangePasswordError> for ApiError {
    fn from(err: domain::user::admin_password::ChangePasswordError) -> Self {
        use domain::user::admin_password::ChangePasswordError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Missing | E::WeakPassword(_) | E::WrongCurrentPassword => {
                ApiError::bad_request(err.to_string())
            }
            E::Check(c) => c.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::checks::CheckRefused> for ApiError {
    fn from(err: domain::user::checks::CheckRefused) -> Self {
        use domain::user::checks::CheckRefused as E;
        match err {
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::InProgress => ApiError::TooManyRequests {
                retry_after_secs: 1,
            },
        }
    }
}

impl From<domain::user::reauth::ConfirmError> for ApiError {
    fn from(err: domain::user::reauth::ConfirmError) -> Self {
        use domain::user::reauth::ConfirmError as E;
        match err {
            E::Refused(r) => r.into(),
            E::PasswordRequired | E::WrongPassword => ApiError::field("password", err.to_string()),
            E::ReauthenticationRequired => ApiError::Forbidden(err.to_string()),
            E::Check(c) => c.into(),
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
            E::InvalidPage(page) => page.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::verification::VerifyEmailError> for ApiError {
    fn from(err: domain::user::verification::VerifyEmailError) -> Self {
        use domain::user::verification::VerifyEmailError as E;
        match err {
            E::InvalidToken => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::verification::ResendVerificationError> for ApiError {
    fn from(err: domain::user::verification::ResendVerificationError) -> Self {
        use domain::user::verification::ResendVerificationError as E;
        match err {
            E::Refused(r) => r.into(),
            E::AlreadyVerified => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::password_reset::RequestResetError> for ApiError {
    fn from(err: domain::user::password_reset::RequestResetError) -> Self {
        use domain::user::password_reset::RequestResetError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Limited { retry_after_secs } => ApiError::TooManyRequests { retry_after_secs },
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::password_reset::ResetPasswordError> for ApiError {
    fn from(err: domain::user::password_reset::ResetPasswordError) -> Self {
        use domain::user::password_reset::ResetPasswordError as E;
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
            E::Check(c) => c.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::user::sessions::SessionsError> for ApiError {
    fn from(err: domain::user::sessions::SessionsError) -> Self {
        use domain::user::sessions::SessionsError as E;
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
            E::Check(c) => c.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::api_token::ApiTokenError> for ApiError {
    fn from(err: domain::api_token::ApiTokenError) -> Self {
        use domain::api_token::ApiTokenError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::TooMany => ApiError::Conflict(err.to_string()),
            E::TooManyToday { retry_after_secs } => ApiError::TooManyRequests { retry_after_secs },
            E::NotFound => ApiError::not_found(err.to_string()),
            E::InvalidPage(page) => page.into(),
            E::Store(e) => e.into(),
        }
    }
}
