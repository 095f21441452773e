//! The super admin's own password (`/admin-login`'s): changing it ends the admin's other
//! sessions.

use super::service::AccountService;
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::user::lockout::Attempt;
use crate::validation::{Password, messages};

#[derive(Debug, thiserror::Error)]
pub enum ChangePasswordError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("{}", messages::PASSWORD_CHANGE_REQUIRED)]
    Missing,
    #[error("{0}")]
    WeakPassword(String),
    #[error("Current password is incorrect")]
    WrongCurrentPassword,
    #[error(transparent)]
    Check(#[from] super::checks::CheckRefused),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The shortest password the super admin may choose (as `SUPER_ADMIN_PASSWORD` at start).
pub const MIN_SUPER_ADMIN_PASSWORD_CHARS: usize = 12;

impl AccountService {
    /// Changes the signed-in super admin's own admin password and signs the admin out
    /// everywhere but in the session `keep_session` (the handle of the one asking).
    ///
    /// # Errors
    /// Refusal, blank fields, a short new password, a wrong current password.
    pub async fn change_admin_password(
        &self,
        caller: &Caller,
        username: &str,
        current: &str,
        new: &str,
        keep_session: Option<&str>,
        attempt: &Attempt,
    ) -> Result<(), ChangePasswordError> {
        let me = caller.require(Ability::ChangeAdminPassword)?;
        if username.trim().is_empty() || current.is_empty() || new.is_empty() {
            return Err(ChangePasswordError::Missing);
        }
        let new =
            Password::parse(new).map_err(|e| ChangePasswordError::WeakPassword(e.to_string()))?;
        if new.expose().chars().count() < MIN_SUPER_ADMIN_PASSWORD_CHARS {
            return Err(ChangePasswordError::WeakPassword(format!(
                "The super admin's password must be at least {MIN_SUPER_ADMIN_PASSWORD_CHARS} characters long"
            )));
        }
        let credential = self
            .p
            .credentials
            .find_by_username(username.trim())
            .await?
            .filter(|c| c.user_id == me.id);
        // Another account's username counts as a wrong password: nothing is hashed against it.
        let hash = credential.as_ref().map(|c| c.password_hash.as_str());
        let matches = self
            .check_own_password(me, current, hash, attempt)
            .await??;
        let Some(credential) = credential.filter(|_| matches) else {
            return Err(ChangePasswordError::WrongCurrentPassword);
        };
        let hash = self
            .p
            .hasher
            .hash(new.expose())
            .await
            .map_err(StoreError::from)?;
        // The new password and the end of the other sessions, together.
        let work = self.p.work.begin().await?;
        work.admin_credentials()
            .set_password_hash(&credential.username, &hash)
            .await?;
        work.sessions()
            .delete_for_user(me.id.as_str(), keep_session)
            .await?;
        work.commit().await?;
        Ok(())
    }
}
