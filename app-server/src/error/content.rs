//! The errors of stories, comments, help, mail, social export and schedules as HTTP
//! answers (exhaustive matches: a new variant does not compile unmapped).

use super::{ApiError, field_errors};

impl From<domain::story::WriteStoryError> for ApiError {
    fn from(err: domain::story::WriteStoryError) -> Self {
        use domain::story::WriteStoryError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NotFound => ApiError::not_found("Story not found"),
            E::NoPendingEdit => ApiError::not_found(err.to_string()),
            E::Transition(t) => ApiError::Conflict(t.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::story::ReviewError> for ApiError {
    fn from(err: domain::story::ReviewError) -> Self {
        use domain::story::ReviewError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NotFound => ApiError::not_found("Story not found"),
            E::InvalidPage(page) => page.into(),
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
            E::InvalidPage(page) => page.into(),
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
            E::InvalidPage(page) => page.into(),
            E::InvalidSelection => ApiError::bad_request(err.to_string()),
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
            E::InvalidPage(page) => page.into(),
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
            E::InvalidPage(page) => page.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::audit::AuditLogError> for ApiError {
    fn from(err: domain::audit::AuditLogError) -> Self {
        use domain::audit::AuditLogError as E;
        match err {
            E::Refused(r) => r.into(),
            E::InvalidPage(page) => page.into(),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::social::SocialAdminError> for ApiError {
    fn from(err: domain::social::SocialAdminError) -> Self {
        use domain::social::SocialAdminError as E;
        match err {
            E::Refused(r) => r.into(),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::WrongState(_) => ApiError::Conflict(err.to_string()),
            E::InvalidPage(page) => page.into(),
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
            E::NotPublished | E::NoPlatforms | E::MembersOnly | E::NoSocialConsent => {
                ApiError::bad_request(err.to_string())
            }
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

impl From<domain::backup::StartError> for ApiError {
    fn from(err: domain::backup::StartError) -> Self {
        use domain::backup::StartError as E;
        match err {
            E::Refused(r) => r.into(),
            E::AlreadyStarting => ApiError::Conflict(err.to_string()),
            E::NotFound => ApiError::not_found(err.to_string()),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::consent::ConsentError> for ApiError {
    fn from(err: domain::consent::ConsentError) -> Self {
        use domain::consent::ConsentError as E;
        match err {
            E::Refused(r) => r.into(),
            E::Invalid(errors) => field_errors(errors),
            E::NotFound => ApiError::not_found("Story not found"),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::consent::WithdrawConsentError> for ApiError {
    fn from(err: domain::consent::WithdrawConsentError) -> Self {
        use domain::consent::WithdrawConsentError as E;
        match err {
            E::Consent(e) => e.into(),
            E::NothingToWithdraw => ApiError::Conflict(err.to_string()),
        }
    }
}

impl From<domain::subscription::SubscribeError> for ApiError {
    fn from(err: domain::subscription::SubscribeError) -> Self {
        use domain::subscription::SubscribeError as E;
        match err {
            E::Invalid(errors) => field_errors(errors),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::subscription::SubscriptionLinkError> for ApiError {
    fn from(err: domain::subscription::SubscriptionLinkError) -> Self {
        use domain::subscription::SubscriptionLinkError as E;
        let message = err.to_string();
        match err {
            E::InvalidLink => ApiError::not_found(message),
            E::Confirm(_) => ApiError::bad_request(message),
            E::Store(e) => e.into(),
        }
    }
}

impl From<domain::subscription::MySubscriptionError> for ApiError {
    fn from(err: domain::subscription::MySubscriptionError) -> Self {
        use domain::subscription::MySubscriptionError as E;
        let message = err.to_string();
        match err {
            E::Refused(r) => r.into(),
            E::Unverified => ApiError::Forbidden(message),
            E::NoSubscription => ApiError::not_found(message),
            E::NotConfirmed(_) => ApiError::Conflict(message),
            E::Invalid(errors) => field_errors(errors),
            E::Store(e) => e.into(),
        }
    }
}
