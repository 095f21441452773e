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
#[path = "account_tests.rs"]
mod tests;
