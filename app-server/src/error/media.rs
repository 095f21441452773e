//! The errors of picture uploads as HTTP answers.

use super::ApiError;

impl From<domain::media::UploadError> for ApiError {
    fn from(err: domain::media::UploadError) -> Self {
        use domain::media::UploadError as E;
        match err {
            E::Refused(r) => r.into(),
            E::UnsupportedType => ApiError::UnsupportedMediaType(err.to_string()),
            E::TooLarge(_) | E::QuotaFull(_) => ApiError::TooLarge(err.to_string()),
            E::TooManyPixels | E::Unreadable => ApiError::bad_request(err.to_string()),
            E::TooMany(_) => ApiError::LimitReached(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}
