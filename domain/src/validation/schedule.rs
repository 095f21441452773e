//! Schedule values: the optional description and the due date (the title is in `text.rs`).

use chrono::{DateTime, Utc};

use super::text::{Lines, TextRule, clean};

/// A schedule item's optional description: trimmed, blank means none, at most 2,000
/// characters (a few sentences of notes; docs/product.md sets no other bound).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScheduleDescription(String);

/// Why a [`ScheduleDescription`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ScheduleDescriptionError {
    #[error("Description must be at most 2,000 characters")]
    TooLong,
    #[error("Description must not contain control characters")]
    ControlCharacters,
}

impl ScheduleDescription {
    pub const MAX_CHARS: usize = 2_000;

    /// `None` for a missing or blank description, else the trimmed text.
    ///
    /// # Errors
    /// [`ScheduleDescriptionError::TooLong`] past 2,000 characters,
    /// [`ScheduleDescriptionError::ControlCharacters`].
    pub fn parse(input: Option<&str>) -> Result<Option<Self>, ScheduleDescriptionError> {
        match clean(input.unwrap_or(""), Self::MAX_CHARS, Lines::Multi) {
            Ok(text) => Ok(Some(Self(text.to_owned()))),
            Err(TextRule::Required) => Ok(None),
            Err(TextRule::TooLong) => Err(ScheduleDescriptionError::TooLong),
            Err(TextRule::ControlCharacters) => Err(ScheduleDescriptionError::ControlCharacters),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// When a schedule item is due: an RFC 3339 timestamp with an offset, kept in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DueDate(DateTime<Utc>);

/// Why a [`DueDate`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DueDateError {
    #[error("Due date is required")]
    Required,
    #[error("Due date must be a date and time such as 2024-03-05T17:00:00Z")]
    NotATimestamp,
}

impl DueDate {
    /// Reads `2024-03-05T17:00:00Z` or `2024-03-05T18:00:00+01:00` (any offset).
    ///
    /// # Errors
    /// [`DueDateError::Required`] when missing or blank, [`DueDateError::NotATimestamp`]
    /// for anything that is not an RFC 3339 timestamp.
    pub fn parse(input: Option<&str>) -> Result<Self, DueDateError> {
        match input.map(str::trim) {
            None | Some("") => Err(DueDateError::Required),
            Some(text) => DateTime::parse_from_rfc3339(text)
                .map(|at| Self(at.with_timezone(&Utc)))
                .map_err(|_| DueDateError::NotATimestamp),
        }
    }

    pub fn into_inner(self) -> DateTime<Utc> {
        self.0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_blank_description_is_none() {
        assert_eq!(ScheduleDescription::parse(None), Ok(None));
        assert_eq!(ScheduleDescription::parse(Some(" \n ")), Ok(None));
    }

    #[test]
    fn a_description_is_trimmed_and_may_hold_line_breaks() {
        let parsed = ScheduleDescription::parse(Some("  Outline\nDraft  ")).unwrap();
        assert_eq!(parsed.unwrap().as_str(), "Outline\nDraft");
    }

    #[test]
    fn a_description_of_2_000_chars_is_accepted_and_one_more_is_refused() {
        assert!(ScheduleDescription::parse(Some(&"d".repeat(2_000))).is_ok());
        let refused = ScheduleDescription::parse(Some(&"d".repeat(2_001))).unwrap_err();
        assert_eq!(refused, ScheduleDescriptionError::TooLong);
        assert_eq!(
            refused.to_string(),
            "Description must be at most 2,000 characters"
        );
    }

    #[test]
    fn a_description_with_control_characters_is_refused() {
        assert_eq!(
            ScheduleDescription::parse(Some("bell\u{7}")),
            Err(ScheduleDescriptionError::ControlCharacters)
        );
    }

    #[test]
    fn a_due_date_is_required() {
        assert_eq!(DueDate::parse(None), Err(DueDateError::Required));
        assert_eq!(
            DueDate::parse(Some("  ")).unwrap_err().to_string(),
            "Due date is required"
        );
    }

    #[test]
    fn a_due_date_with_an_offset_is_kept_in_utc() {
        let due = DueDate::parse(Some("2024-03-05T18:00:00+01:00")).unwrap();
        assert_eq!(
            due.into_inner(),
            Utc.with_ymd_and_hms(2024, 3, 5, 17, 0, 0).unwrap()
        );
    }

    #[test]
    fn a_due_date_that_is_not_a_timestamp_is_refused() {
        for text in [
            "tomorrow",
            "2024-03-05",
            "2024-03-05T17:00:00",
            "2024-13-05T17:00:00Z",
        ] {
            assert_eq!(
                DueDate::parse(Some(text)),
                Err(DueDateError::NotATimestamp),
                "{text}"
            );
        }
    }
}
