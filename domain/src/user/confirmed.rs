//! The proof that a person confirmed who they are just now.

use super::UserId;

/// That the signed-in person confirmed who they are just now: made only by
/// `account::AccountService::confirm_identity`, asked for by actions that hand out lasting
/// access (a new API token).
#[derive(Debug)]
pub struct IdentityConfirmed {
    user: UserId,
}

impl IdentityConfirmed {
    /// Made by the identity check (its one caller besides the domain's unit tests); nothing
    /// outside the domain can make one.
    pub(crate) fn new(user: &UserId) -> Self {
        Self { user: user.clone() }
    }

    /// Whether the confirmation is `user`'s.
    pub fn is_for(&self, user: &UserId) -> bool {
        &self.user == user
    }
}
