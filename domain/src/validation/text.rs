//! Plain bounded text values: trimmed, required (except the excerpt), at most N characters.

/// Which characters a text may hold besides printable ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lines {
    /// No control characters at all.
    Single,
    /// Line breaks and tabs allowed; other control characters refused.
    Multi,
}

/// Why a piece of text was refused, before each value names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TextRule {
    Required,
    TooLong,
    ControlCharacters,
}

/// The trimmed text, if it is non-empty, at most `max` characters and free of control
/// characters (line breaks and tabs are allowed in multi-line text).
pub(crate) fn clean(input: &str, max: usize, lines: Lines) -> Result<&str, TextRule> {
    let text = input.trim();
    if text.is_empty() {
        return Err(TextRule::Required);
    }
    if text.chars().count() > max {
        return Err(TextRule::TooLong);
    }
    let allowed =
        |c: char| !c.is_control() || (lines == Lines::Multi && matches!(c, '\n' | '\r' | '\t'));
    if !text.chars().all(allowed) {
        return Err(TextRule::ControlCharacters);
    }
    Ok(text)
}

/// A newtype over trimmed, required, bounded text with its own error enum.
macro_rules! bounded_text {
    (
        $(#[$doc:meta])*
        $name:ident, $error:ident, max = $max:literal, $lines:ident,
        required = $required:literal, too_long = $too_long:literal, control = $control:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            /// The most characters it may hold.
            pub const MAX_CHARS: usize = $max;

            /// Trims `input` and checks it.
            ///
            /// # Errors
            #[doc = concat!(
                "`Required` when blank (\"", $required, "\"), `TooLong` past ",
                stringify!($max), " characters, `ControlCharacters` for control characters."
            )]
            pub fn parse(input: &str) -> Result<Self, $error> {
                use $crate::validation::text::{Lines, TextRule, clean};
                match clean(input, $max, Lines::$lines) {
                    Ok(text) => Ok(Self(text.to_owned())),
                    Err(TextRule::Required) => Err($error::Required),
                    Err(TextRule::TooLong) => Err($error::TooLong),
                    Err(TextRule::ControlCharacters) => Err($error::ControlCharacters),
                }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_inner(self) -> String {
                self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        #[doc = concat!("Why a [`", stringify!($name), "`] was refused.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $error {
            Required,
            TooLong,
            ControlCharacters,
        }

        impl ::std::fmt::Display for $error {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(match self {
                    $error::Required => $required,
                    $error::TooLong => $too_long,
                    $error::ControlCharacters => $control,
                })
            }
        }

        impl ::std::error::Error for $error {}
    };
}
pub(crate) use bounded_text;

bounded_text! {
    /// A story title (docs/product.md#limits: max 255).
    StoryTitle, StoryTitleError, max = 255, Single,
    required = "Title is required",
    too_long = "Title must be at most 255 characters",
    control = "Title must not contain control characters or line breaks",
}

bounded_text! {
    /// A story's content before sanitising (docs/product.md#limits: max 200,000).
    StoryContent, StoryContentError, max = 200_000, Multi,
    required = "Content is required",
    too_long = "Content must be at most 200,000 characters",
    control = "Content must not contain control characters",
}

bounded_text! {
    /// A user's first name (max 100).
    FirstName, FirstNameError, max = 100, Single,
    required = "First name is required",
    too_long = "First name must be at most 100 characters",
    control = "First name must not contain control characters or line breaks",
}

bounded_text! {
    /// A user's last name (max 100).
    LastName, LastNameError, max = 100, Single,
    required = "Last name is required",
    too_long = "Last name must be at most 100 characters",
    control = "Last name must not contain control characters or line breaks",
}

bounded_text! {
    /// The subject of a help message (max 255).
    HelpSubject, HelpSubjectError, max = 255, Single,
    required = "Subject is required",
    too_long = "Subject must be at most 255 characters",
    control = "Subject must not contain control characters or line breaks",
}

bounded_text! {
    /// The body of a help message (docs/product.md#limits: max 10,000).
    HelpMessageBody, HelpMessageBodyError, max = 10_000, Multi,
    required = "Message is required",
    too_long = "Message must be at most 10,000 characters",
    control = "Message must not contain control characters",
}

bounded_text! {
    /// The title of a schedule item (docs/product.md#limits: max 255).
    ScheduleTitle, ScheduleTitleError, max = 255, Single,
    required = "Title is required",
    too_long = "Title must be at most 255 characters",
    control = "Title must not contain control characters or line breaks",
}

bounded_text! {
    /// The name a person gives an API token (max 100).
    TokenName, TokenNameError, max = 100, Single,
    required = "Name is required",
    too_long = "Name must be at most 100 characters",
    control = "Name must not contain control characters or line breaks",
}

/// A story's optional excerpt: trimmed, blank means none, at most 1,000 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Excerpt(String);

/// Why an [`Excerpt`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ExcerptError {
    #[error("Excerpt must be at most 1,000 characters")]
    TooLong,
    #[error("Excerpt must not contain control characters")]
    ControlCharacters,
}

impl Excerpt {
    pub const MAX_CHARS: usize = 1_000;

    /// `None` for a missing or blank excerpt, else the trimmed text.
    ///
    /// # Errors
    /// [`ExcerptError::TooLong`] past 1,000 characters, [`ExcerptError::ControlCharacters`].
    pub fn parse(input: Option<&str>) -> Result<Option<Self>, ExcerptError> {
        match clean(input.unwrap_or(""), Self::MAX_CHARS, Lines::Multi) {
            Ok(text) => Ok(Some(Self(text.to_owned()))),
            Err(TextRule::Required) => Ok(None),
            Err(TextRule::TooLong) => Err(ExcerptError::TooLong),
            Err(TextRule::ControlCharacters) => Err(ExcerptError::ControlCharacters),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
