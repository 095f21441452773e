//! Tests of `text.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

#[test]
fn a_title_is_trimmed() {
    assert_eq!(StoryTitle::parse("  Grace  ").unwrap().as_str(), "Grace");
}

#[test]
fn a_blank_title_is_rejected_with_the_documented_message() {
    assert_eq!(
        StoryTitle::parse(" \t ").unwrap_err().to_string(),
        "Title is required"
    );
}

#[test]
fn a_title_of_255_chars_is_accepted() {
    assert!(StoryTitle::parse(&"a".repeat(255)).is_ok());
}

#[test]
fn a_title_longer_than_255_chars_is_rejected() {
    assert_eq!(
        StoryTitle::parse(&"a".repeat(256)),
        Err(StoryTitleError::TooLong)
    );
}

#[test]
fn limits_count_characters_not_bytes() {
    // 255 two-byte characters: 510 bytes, still within the limit.
    assert!(StoryTitle::parse(&"é".repeat(255)).is_ok());
    assert!(StoryTitle::parse(&"é".repeat(256)).is_err());
}

#[test]
fn a_title_with_a_line_break_is_rejected() {
    assert_eq!(
        StoryTitle::parse("one\ntwo"),
        Err(StoryTitleError::ControlCharacters)
    );
}

#[test]
fn a_nul_character_is_rejected_even_in_content() {
    assert_eq!(
        StoryContent::parse("a\0b"),
        Err(StoryContentError::ControlCharacters)
    );
}

#[test]
fn content_keeps_its_inner_line_breaks_and_is_trimmed() {
    assert_eq!(
        StoryContent::parse("\n<p>a</p>\n<p>b</p>\n")
            .unwrap()
            .as_str(),
        "<p>a</p>\n<p>b</p>"
    );
}

#[test]
fn blank_content_is_rejected() {
    assert_eq!(
        StoryContent::parse("   ").unwrap_err().to_string(),
        "Content is required"
    );
}

#[test]
fn content_longer_than_200_000_chars_is_rejected() {
    assert!(StoryContent::parse(&"a".repeat(200_000)).is_ok());
    assert_eq!(
        StoryContent::parse(&"a".repeat(200_001)),
        Err(StoryContentError::TooLong)
    );
}

#[test]
fn a_missing_or_blank_excerpt_is_none() {
    assert_eq!(Excerpt::parse(None), Ok(None));
    assert_eq!(Excerpt::parse(Some("   ")), Ok(None));
}

#[test]
fn an_excerpt_is_trimmed() {
    assert_eq!(
        Excerpt::parse(Some(" short ")).unwrap().unwrap().as_str(),
        "short"
    );
}

#[test]
fn an_excerpt_longer_than_1000_chars_is_rejected() {
    assert!(Excerpt::parse(Some(&"a".repeat(1_000))).unwrap().is_some());
    assert_eq!(
        Excerpt::parse(Some(&"a".repeat(1_001))),
        Err(ExcerptError::TooLong)
    );
}

#[test]
fn a_blank_first_name_is_rejected_with_the_documented_message() {
    assert_eq!(
        FirstName::parse(" ").unwrap_err().to_string(),
        "First name is required"
    );
}

#[test]
fn a_blank_last_name_is_rejected_with_the_documented_message() {
    assert_eq!(
        LastName::parse("").unwrap_err().to_string(),
        "Last name is required"
    );
}

#[test]
fn names_longer_than_100_chars_are_rejected() {
    assert_eq!(
        FirstName::parse(&"n".repeat(101)),
        Err(FirstNameError::TooLong)
    );
    assert_eq!(
        LastName::parse(&"n".repeat(101)),
        Err(LastNameError::TooLong)
    );
    assert!(FirstName::parse(&"n".repeat(100)).is_ok());
}

#[test]
fn a_help_subject_is_required_and_at_most_255_chars() {
    assert_eq!(
        HelpSubject::parse("").unwrap_err().to_string(),
        "Subject is required"
    );
    assert_eq!(
        HelpSubject::parse(&"s".repeat(256)),
        Err(HelpSubjectError::TooLong)
    );
}

#[test]
fn a_help_message_is_required_and_at_most_10_000_chars() {
    assert_eq!(
        HelpMessageBody::parse("\n").unwrap_err().to_string(),
        "Message is required"
    );
    assert!(HelpMessageBody::parse(&"m".repeat(10_000)).is_ok());
    assert_eq!(
        HelpMessageBody::parse(&"m".repeat(10_001)),
        Err(HelpMessageBodyError::TooLong)
    );
}

#[test]
fn a_schedule_title_is_required_and_at_most_255_chars() {
    assert_eq!(
        ScheduleTitle::parse("").unwrap_err().to_string(),
        "Title is required"
    );
    assert_eq!(
        ScheduleTitle::parse(&"t".repeat(256)),
        Err(ScheduleTitleError::TooLong)
    );
}
