//! Comment values: the author's name, optional e-mail and the comment itself.

use std::fmt;

use super::account::{Email, EmailError};
use super::text::bounded_text;

bounded_text! {
    /// The name a commenter gives (docs/product.md#limits: max 100).
    CommentAuthorName, CommentAuthorNameError, max = 100, Single,
    required = "Name is required",
    too_long = "Name must be at most 100 characters",
    control = "Name must not contain control characters or line breaks",
}

bounded_text! {
    /// The text of a comment (docs/product.md#limits: max 5,000).
    CommentContent, CommentContentError, max = 5_000, Multi,
    required = "Comment is required",
    too_long = "Comment must be at most 5,000 characters",
    control = "Comment must not contain control characters",
}

/// A commenter's optional e-mail: blank means none, else an [`Email`] (max 255).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CommentAuthorEmail(Email);

impl CommentAuthorEmail {
    /// `None` for a missing or blank address, else the checked address.
    ///
    /// # Errors
    /// The [`EmailError`] of a non-blank address that is not valid.
    pub fn parse(input: Option<&str>) -> Result<Option<Self>, EmailError> {
        match input.map(str::trim) {
            None | Some("") => Ok(None),
            Some(address) => Email::parse(address).map(|email| Some(Self(email))),
        }
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    pub fn into_inner(self) -> String {
        self.0.into_inner()
    }
}

impl fmt::Display for CommentAuthorEmail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_comment_author_name_is_rejected() {
        assert_eq!(
            CommentAuthorName::parse("  ").unwrap_err().to_string(),
            "Name is required"
        );
    }

    #[test]
    fn a_comment_author_name_longer_than_100_chars_is_rejected() {
        assert!(CommentAuthorName::parse(&"n".repeat(100)).is_ok());
        assert_eq!(
            CommentAuthorName::parse(&"n".repeat(101)),
            Err(CommentAuthorNameError::TooLong)
        );
    }

    #[test]
    fn a_missing_or_blank_comment_email_is_none() {
        assert_eq!(CommentAuthorEmail::parse(None), Ok(None));
        assert_eq!(CommentAuthorEmail::parse(Some("  ")), Ok(None));
    }

    #[test]
    fn a_comment_email_is_checked_trimmed_and_lowercased() {
        let email = CommentAuthorEmail::parse(Some(" Mary@Example.org "))
            .unwrap()
            .unwrap();
        assert_eq!(email.as_str(), "mary@example.org");
        assert_eq!(
            CommentAuthorEmail::parse(Some("mary")),
            Err(EmailError::Invalid)
        );
    }

    #[test]
    fn a_comment_email_longer_than_255_chars_is_rejected() {
        let long = format!("{}@example.org", "a".repeat(250));
        assert_eq!(
            CommentAuthorEmail::parse(Some(&long)),
            Err(EmailError::TooLong)
        );
    }

    #[test]
    fn a_blank_comment_is_rejected() {
        assert_eq!(
            CommentContent::parse("\n \n").unwrap_err().to_string(),
            "Comment is required"
        );
    }

    #[test]
    fn a_comment_longer_than_5000_chars_is_rejected() {
        assert!(CommentContent::parse(&"c".repeat(5_000)).is_ok());
        assert_eq!(
            CommentContent::parse(&"c".repeat(5_001)),
            Err(CommentContentError::TooLong)
        );
    }

    #[test]
    fn a_comment_keeps_its_line_breaks() {
        assert_eq!(
            CommentContent::parse(" Amen.\nThank you. ")
                .unwrap()
                .as_str(),
            "Amen.\nThank you."
        );
    }
}
