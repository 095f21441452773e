//! The external identity provider ("Continue with Google").

use async_trait::async_trait;

/// A person as an external OpenID Connect provider vouches for them.
#[derive(Debug, Clone, PartialEq)]
pub struct ExternalIdentity {
    pub subject: String,
    pub email: String,
    pub email_verified: bool,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub picture: Option<String>,
}

/// Where to send the browser to sign in, and what to remember until it comes back.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthorizationRequest {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Why the OpenID Connect provider gave no identity (its own error, so that an outage of
/// the provider is never reported as one of the database).
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The provider cannot be reached or answered with a server error: try later.
    #[error("the sign-in provider is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// The provider answered, but the exchange or its verification failed.
    #[error("the sign-in could not be verified")]
    Failed(#[source] anyhow::Error),
}

/// An OpenID Connect provider ("Continue with Google").
#[async_trait]
pub trait IdentityProvider: Send + Sync {
    /// Starts a sign-in: the provider URL plus the state, nonce and PKCE verifier to keep.
    ///
    /// # Errors
    /// [`IdentityError::Unavailable`] when the provider cannot be reached.
    async fn authorization_request(&self) -> Result<AuthorizationRequest, IdentityError>;

    /// Exchanges the code for a verified identity, checking nonce and PKCE.
    ///
    /// # Errors
    /// [`IdentityError::Unavailable`] when the provider cannot be reached,
    /// [`IdentityError::Failed`] when the exchange or verification fails.
    async fn exchange(
        &self,
        code: &str,
        nonce: &str,
        pkce_verifier: &str,
    ) -> Result<ExternalIdentity, IdentityError>;
}
