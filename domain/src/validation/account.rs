//! Account values: e-mail address, password and username.

use std::fmt;

use super::text::{Lines, TextRule, clean};

/// An e-mail address: trimmed, lowercased, at most 255 characters, `local@domain.tld`.
///
/// The local part may hold letters, digits, dots (not first, last or doubled) and
/// ``!#$%&'*+/=?^_`{|}~-``; the domain needs at least two labels of letters, digits and
/// inner hyphens, ending in an alphabetic top-level label of two or more letters. Quoted
/// local parts, IP-literal domains and non-ASCII addresses are refused.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

/// Why an [`Email`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum EmailError {
    /// Blank or not an address.
    #[error("Please enter a valid email address")]
    Invalid,
    #[error("Email must be at most 255 characters")]
    TooLong,
}

impl Email {
    pub const MAX_CHARS: usize = 255;

    /// Trims, lowercases and checks an address.
    ///
    /// # Errors
    /// [`EmailError::Invalid`] for a blank or malformed address, [`EmailError::TooLong`].
    pub fn parse(input: &str) -> Result<Self, EmailError> {
        let address = input.trim();
        if address.chars().count() > Self::MAX_CHARS {
            return Err(EmailError::TooLong);
        }
        if !is_address(address) {
            return Err(EmailError::Invalid);
        }
        Ok(Self(address.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_address(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let local_char = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~-.".contains(c);
    let local_ok = (1..=64).contains(&local.len())
        && local.chars().all(local_char)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let label_ok = |l: &&str| {
        (1..=63).contains(&l.len())
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let tld_ok = labels
        .last()
        .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain.len() <= 253 && labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok
}

/// A new password: 6 to 128 characters, kept exactly as typed (never trimmed).
///
/// Its `Debug` output is redacted so that it cannot end up in a log; read it with
/// [`Password::expose`] only to hash it.
#[derive(Clone)]
pub struct Password(String);

/// Why a [`Password`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PasswordError {
    #[error("Password must be at least 6 characters")]
    TooShort,
    #[error("Password must be at most 128 characters")]
    TooLong,
}

impl Password {
    pub const MIN_CHARS: usize = 6;
    pub const MAX_CHARS: usize = 128;

    /// Checks the length of a password, as typed.
    ///
    /// # Errors
    /// [`PasswordError::TooShort`] under 6 characters, [`PasswordError::TooLong`] past 128.
    pub fn parse(input: &str) -> Result<Self, PasswordError> {
        match input.chars().count() {
            n if n < Self::MIN_CHARS => Err(PasswordError::TooShort),
            n if n > Self::MAX_CHARS => Err(PasswordError::TooLong),
            _ => Ok(Self(input.to_owned())),
        }
    }

    /// The password itself, for the hasher.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

/// A username: trimmed, 1 to 50 characters of letters, digits, `.`, `_` and `-` (any
/// script's letters and digits; no spaces, so a name reads the same everywhere it is shown).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Username(String);

/// Why a [`Username`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum UsernameError {
    #[error("Username is required")]
    Required,
    #[error("Username must be at most 50 characters")]
    TooLong,
    #[error("Username may contain only letters, digits, '.', '_' and '-'")]
    InvalidCharacters,
}

impl Username {
    pub const MAX_CHARS: usize = 50;

    /// Trims and checks a username.
    ///
    /// # Errors
    /// [`UsernameError::Required`] when blank, [`UsernameError::TooLong`] past 50 characters,
    /// [`UsernameError::InvalidCharacters`] for spaces, symbols or control characters.
    pub fn parse(input: &str) -> Result<Self, UsernameError> {
        let name = match clean(input, Self::MAX_CHARS, Lines::Single) {
            Ok(name) => name,
            Err(TextRule::Required) => return Err(UsernameError::Required),
            Err(TextRule::TooLong) => return Err(UsernameError::TooLong),
            Err(TextRule::ControlCharacters) => return Err(UsernameError::InvalidCharacters),
        };
        if !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
        {
            return Err(UsernameError::InvalidCharacters);
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
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
    fn a_malformed_email_is_rejected_with_the_specifications_message() {
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
    fn a_password_shorter_than_6_chars_is_rejected_with_the_specifications_message() {
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
    fn a_blank_username_is_rejected_with_the_specifications_message() {
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
}
