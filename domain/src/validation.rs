//! Validated values (parse, don't validate) and the field errors a 400 answer lists.
//!
//! Every value here is a newtype with a private field, built only by `parse`, which trims
//! where docs/product.md#limits trims and returns a typed error whose `Display` is the message
//! shown to the user (the product's exact text where it gives one). Lengths count
//! characters, not bytes. Text never holds a NUL or other control character (PostgreSQL
//! refuses NUL in text; single-line fields also refuse line breaks).
//!
//! A handler parses each field into a [`FieldErrors`] collector and answers 400 with
//! `errors: [{field, message}]` when any failed:
//!
//! ```
//! use domain::validation::{Email, FieldErrors, Password};
//!
//! fn parse_sign_in(email: &str, password: &str) -> Result<(Email, Password), FieldErrors> {
//!     let mut errors = FieldErrors::new();
//!     let email = errors.check("email", Email::parse(email));
//!     let password = errors.check("password", Password::parse(password));
//!     let (Some(email), Some(password)) = (email, password) else {
//!         return Err(errors);
//!     };
//!     Ok((email, password))
//! }
//!
//! let refused = parse_sign_in("nobody", "123").unwrap_err();
//! assert_eq!(
//!     refused.to_string(),
//!     "Please enter a valid email address; Password must be at least 6 characters"
//! );
//! assert_eq!(refused.as_slice()[1].field, "password");
//! ```

mod account;
mod comment;
mod schedule;
pub(crate) mod text;
mod url;
mod video;

use std::fmt;

pub use account::{Email, EmailError, Password, PasswordError, Username, UsernameError};
pub use comment::{
    CommentAuthorEmail, CommentAuthorName, CommentAuthorNameError, CommentContent,
    CommentContentError,
};
pub use schedule::{DueDate, DueDateError, ScheduleDescription, ScheduleDescriptionError};
pub use text::{
    Excerpt, ExcerptError, FirstName, FirstNameError, HelpMessageBody, HelpMessageBodyError,
    HelpSubject, HelpSubjectError, LastName, LastNameError, ScheduleTitle, ScheduleTitleError,
    StoryContent, StoryContentError, StoryTitle, StoryTitleError, TokenName, TokenNameError,
};
pub use url::{
    ProfileImageUrl, ProfileImageUrlError, ThumbnailUrl, ThumbnailUrlError,
    is_own_site_beyond_media,
};
pub use video::{VideoHost, VideoUrl, VideoUrlError};

/// Whole-form messages of docs/product.md#limits, for answers about a form rather than a field.
pub mod messages {
    /// Admin sign-in with a blank username or password.
    pub const ADMIN_LOGIN_REQUIRED: &str = "Please enter both username and password";
    /// Password change with a blank field.
    pub const PASSWORD_CHANGE_REQUIRED: &str = "Please fill in all fields";
    /// Comment or help form with a blank required field.
    pub const REQUIRED_FIELDS: &str = "Please fill in all required fields.";
}

/// One refused field: its camelCase wire name and the message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &'static str, message: impl fmt::Display) -> Self {
        Self {
            field,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// Field errors collected while parsing a request body, in field order.
///
/// `Display` joins the messages with "; " so the error's `message` reads well on its own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(Vec<FieldError>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// The parsed value, or `None` after recording the error under `field`.
    pub fn check<T, E: fmt::Display>(
        &mut self,
        field: &'static str,
        parsed: Result<T, E>,
    ) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(error) => {
                self.push(field, error);
                None
            }
        }
    }

    /// Records an error that no single `parse` reports (for example a cross-field rule).
    pub fn push(&mut self, field: &'static str, message: impl fmt::Display) {
        self.0.push(FieldError::new(field, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn as_slice(&self) -> &[FieldError] {
        &self.0
    }

    pub fn into_vec(self) -> Vec<FieldError> {
        self.0
    }

    /// `Ok(())` when nothing was recorded.
    ///
    /// # Errors
    /// `self` when at least one field failed.
    pub fn finish(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

impl From<FieldError> for FieldErrors {
    fn from(error: FieldError) -> Self {
        Self(vec![error])
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&error.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for FieldErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collector_keeps_every_failed_field_in_order() {
        let mut errors = FieldErrors::new();
        let title = errors.check("title", StoryTitle::parse("  "));
        let category = errors.check("category", FirstName::parse("Worship"));
        let content = errors.check("content", StoryContent::parse(""));
        assert!(title.is_none() && content.is_none());
        assert_eq!(category.map(|c| c.into_inner()), Some("Worship".to_owned()));
        let fields: Vec<_> = errors.as_slice().iter().map(|e| e.field).collect();
        assert_eq!(fields, ["title", "content"]);
        assert_eq!(errors.to_string(), "Title is required; Content is required");
    }

    #[test]
    fn a_collector_without_errors_finishes_ok() {
        let mut errors = FieldErrors::new();
        assert!(
            errors
                .check("email", Email::parse("a@example.org"))
                .is_some()
        );
        assert_eq!(errors.finish(), Ok(()));
    }

    #[test]
    fn a_collector_with_errors_finishes_with_them() {
        let mut errors = FieldErrors::new();
        errors.push("newPassword", "New passwords do not match");
        let refused = errors.finish();
        assert_eq!(
            refused.map_err(FieldErrors::into_vec),
            Err(vec![FieldError::new(
                "newPassword",
                "New passwords do not match"
            )])
        );
    }

    #[test]
    fn a_field_error_displays_as_field_path_and_message() {
        assert_eq!(
            FieldError::new("title", "Title is required").to_string(),
            "title: Title is required"
        );
    }
}
