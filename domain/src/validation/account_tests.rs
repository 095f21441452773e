//! Tests of `account.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

#[test]
fn an_email_is_trimmed_and_lowercased() {
    assert_eq!(
        Email::parse("  Ruth.Moab@Example.ORG ").unwrap().as_str(),
        "ruth.moab@example.org"
    );
}

#[test]
fn common_addresses_are_accepted() {
    for ok in [
        "a@b.co",
        "first.last+tag@sub.example.org",
        "o'brien@example.ie",
        "x_y-z@my-host.example",
    ] {
        assert!(Email::parse(ok).is_ok(), "{ok}");
    }
}

#[test]
fn a_malformed_email_is_rejected_with_the_documented_message() {
    for bad in [
        "",
        "  ",
        "plain",
        "@example.org",
        "a@",
        "a@b",
        "a@@b.org",
        "a b@c.org",
        "a@b c.org",
        ".a@b.org",
        "a.@b.org",
        "a..b@c.org",
        "a@-b.org",
        "a@b-.org",
        "a@b..org",
        "a@b.c",
        "a@b.123",
        "a@[127.0.0.1]",
        "ü@example.org",
        "a@exämple.org",
        "a@b\n.org",
    ] {
        assert_eq!(Email::parse(bad), Err(EmailError::Invalid), "{bad:?}");
    }
    assert_eq!(
        EmailError::Invalid.to_string(),
        "Please enter a valid email address"
    );
}

/// An address of `n` characters (197 < n <= 260) with a valid shape.
fn address_of_length(n: usize) -> String {
    let label = "c".repeat(63);
    format!(
        "{}@{label}.{label}.{}.org",
        "a".repeat(64),
        "c".repeat(n - 197)
    )
}

#[test]
fn an_email_longer_than_255_chars_is_rejected() {
    assert!(Email::parse(&address_of_length(255)).is_ok());
    assert_eq!(
        Email::parse(&address_of_length(256)),
        Err(EmailError::TooLong)
    );
}

#[test]
fn a_password_shorter_than_6_chars_is_rejected_with_the_documented_message() {
    assert_eq!(
        Password::parse("12345").unwrap_err().to_string(),
        "Password must be at least 6 characters"
    );
    assert!(Password::parse("123456").is_ok());
}

#[test]
fn a_password_longer_than_128_chars_is_rejected() {
    assert!(Password::parse(&"p".repeat(128)).is_ok());
    assert_eq!(
        Password::parse(&"p".repeat(129)).unwrap_err(),
        PasswordError::TooLong
    );
}

#[test]
fn a_password_is_not_trimmed() {
    assert_eq!(Password::parse("  abcd  ").unwrap().expose(), "  abcd  ");
    assert!(Password::parse("  ab  ").is_ok());
}

#[test]
fn a_password_length_counts_characters_not_bytes() {
    assert!(Password::parse("ééééé").is_err());
    assert!(Password::parse("éééééé").is_ok());
}

#[test]
fn a_password_never_shows_in_debug_output() {
    let debug = format!("{:?}", Password::parse("hunter22").unwrap());
    assert!(!debug.contains("hunter22"), "{debug}");
}

#[test]
fn a_blank_username_is_rejected_with_the_documented_message() {
    assert_eq!(
        Username::parse("   ").unwrap_err().to_string(),
        "Username is required"
    );
}

#[test]
fn a_username_is_trimmed() {
    assert_eq!(Username::parse(" grace_l ").unwrap().as_str(), "grace_l");
}

#[test]
fn a_username_longer_than_50_chars_is_rejected() {
    assert!(Username::parse(&"u".repeat(50)).is_ok());
    assert_eq!(
        Username::parse(&"u".repeat(51)),
        Err(UsernameError::TooLong)
    );
}

#[test]
fn a_username_with_spaces_or_symbols_is_rejected() {
    for bad in ["two words", "semi;colon", "<b>", "tab\there"] {
        assert_eq!(
            Username::parse(bad),
            Err(UsernameError::InvalidCharacters),
            "{bad:?}"
        );
    }
}

#[test]
fn a_username_may_use_letters_of_any_script_digits_dots_dashes_and_underscores() {
    for ok in ["Ruth", "ruth.m-2_x", "José", "Иоанн"] {
        assert!(Username::parse(ok).is_ok(), "{ok}");
    }
}
