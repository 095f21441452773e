//! A person's own sessions: listing them, and ending one or all but the one asking.

use super::service::AccountService;
use crate::StoreError;
use crate::permissions::{Ability, Caller, Refusal};
use crate::session::SessionRecord;

#[derive(Debug, thiserror::Error)]
pub enum SessionsError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("Session not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl AccountService {
    /// The signed-in person's sessions that have not expired.
    ///
    /// # Errors
    /// Not signed in, or the store's error.
    pub async fn sessions(&self, caller: &Caller) -> Result<Vec<SessionRecord>, SessionsError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        Ok(self
            .p
            .sessions
            .list_for_user(me.id.as_str(), self.now())
            .await?)
    }

    /// Ends one of the signed-in person's sessions, by its handle.
    ///
    /// # Errors
    /// Not signed in; [`SessionsError::NotFound`] for a handle that is not theirs.
    pub async fn revoke_session(&self, caller: &Caller, handle: &str) -> Result<(), SessionsError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        if self
            .p
            .sessions
            .delete_by_handle(me.id.as_str(), handle)
            .await?
        {
            Ok(())
        } else {
            Err(SessionsError::NotFound)
        }
    }

    /// Signs the person out everywhere else: every session but `keep_session`, and every
    /// API token (a token is a session a program holds). Answers how many of each.
    ///
    /// # Errors
    /// Not signed in, or the store's error.
    pub async fn revoke_other_sessions(
        &self,
        caller: &Caller,
        keep_session: Option<&str>,
    ) -> Result<(u64, u64), SessionsError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        let work = self.p.work.begin().await?;
        let sessions = work
            .sessions()
            .delete_for_user(me.id.as_str(), keep_session)
            .await?;
        let tokens = work.api_tokens().delete_for_user(&me.id).await?;
        work.commit().await?;
        Ok((sessions, tokens))
    }
}
