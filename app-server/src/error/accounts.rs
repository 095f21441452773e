//! The account operations' errors as HTTP answers (exhaustive matches: a new variant does
//! not compile unmapped).

use super::{ApiError, field_errors};

impl From<domain::account::registration::RegisterError> for ApiError {
    fn from(err: domain::account::registration::RegisterError) -> Self {
        use domain::account::registration::RegisterError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Taken(_) => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::sign_in::SignInError> for ApiError {
    fn from(err: domain::account::sign_in::SignInError) -> Self {
        use domain::account::sign_in::SignInError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::sign_in::AdminSignInError> for ApiError {
    fn from(err: domain::account::sign_in::AdminSignInError) -> Self {
        use domain::account::sign_in::AdminSignInError as E;
        match err {
            E::Missing => ApiError::bad_request(err.to_string()),
            E::WrongCredentials => ApiError::Unauthorized(err.to_string()),
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::admin_password::ChangePasswordError> for ApiError {
    fn from(err: domain::account::admin_password::ChangePasswordError) -> Self {
        use domain::account::admin_password::ChangePasswordError as E;
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

impl From<domain::account::checks::CheckRefused> for ApiError {
    fn from(err: domain::account::checks::CheckRefused) -> Self {
        use domain::account::checks::CheckRefused as E;
        match err {
            E::Locked { retry_after_secs } => ApiError::AccountLocked { retry_after_secs },
            E::InProgress => ApiError::TooManyRequests {
                retry_after_secs: 1,
            },
        }
    }
}

impl From<domain::account::reauth::ConfirmError> for ApiError {
    fn from(err: domain::account::reauth::ConfirmError) -> Self {
        use domain::account::reauth::ConfirmError as E;
        match err {
            E::Refused(r) => r.into(),
            E::PasswordRequired | E::WrongPassword => ApiError::field("password", err.to_string()),
            E::ReauthenticationRequired => ApiError::Forbidden(err.to_string()),
            E::Check(c) => c.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::people::PeopleError> for ApiError {
    fn from(err: domain::account::people::PeopleError) -> Self {
        use domain::account::people::PeopleError as E;
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

impl From<domain::account::verification::VerifyEmailError> for ApiError {
    fn from(err: domain::account::verification::VerifyEmailError) -> Self {
        use domain::account::verification::VerifyEmailError as E;
        match err {
            E::InvalidToken => ApiError::bad_request(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::verification::ResendVerificationError> for ApiError {
    fn from(err: domain::account::verification::ResendVerificationError) -> Self {
        use domain::account::verification::ResendVerificationError as E;
        match err {
            E::Refused(r) => r.into(),
            E::AlreadyVerified => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::password_reset::RequestResetError> for ApiError {
    fn from(err: domain::account::password_reset::RequestResetError) -> Self {
        use domain::account::password_reset::RequestResetError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Limited { retry_after_secs } => ApiError::TooManyRequests { retry_after_secs },
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::password_reset::ResetPasswordError> for ApiError {
    fn from(err: domain::account::password_reset::ResetPasswordError) -> Self {
        use domain::account::password_reset::ResetPasswordError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::InvalidToken => ApiError::bad_request(err.to_string()),
            E::Suspended(_) => ApiError::Forbidden(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::self_service::UpdateProfileError> for ApiError {
    fn from(err: domain::account::self_service::UpdateProfileError) -> Self {
        use domain::account::self_service::UpdateProfileError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::Taken(_) => ApiError::Conflict(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::self_service::ChangeOwnPasswordError> for ApiError {
    fn from(err: domain::account::self_service::ChangeOwnPasswordError) -> Self {
        use domain::account::self_service::ChangeOwnPasswordError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NoPassword => ApiError::bad_request(err.to_string()),
            E::Check(c) => c.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::sessions::SessionsError> for ApiError {
    fn from(err: domain::account::sessions::SessionsError) -> Self {
        use domain::account::sessions::SessionsError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::leaving::ExportError> for ApiError {
    fn from(err: domain::account::leaving::ExportError) -> Self {
        use domain::account::leaving::ExportError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::account::leaving::DeleteAccountError> for ApiError {
    fn from(err: domain::account::leaving::DeleteAccountError) -> Self {
        use domain::account::leaving::DeleteAccountError as E;
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
