//! "Continue with Google": OpenID Connect with discovery, PKCE, state and nonce.

use async_trait::async_trait;
use domain::user::IdentityProvider;
use domain::user::ports::{AuthorizationRequest, ExternalIdentity, IdentityError};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use tokio::sync::OnceCell;

/// An OpenID Connect provider discovered from its issuer URL on first use.
pub struct OidcIdentityProvider {
    issuer: String,
    client_id: String,
    client_secret: String,
    redirect_url: String,
    http: openidconnect::reqwest::Client,
    metadata: OnceCell<CoreProviderMetadata>,
}

fn unavailable(what: &str, e: impl std::fmt::Display) -> IdentityError {
    IdentityError::Unavailable(anyhow::anyhow!("{what}: {e}"))
}

fn failed(what: &str, e: impl std::fmt::Display) -> IdentityError {
    IdentityError::Failed(anyhow::anyhow!("{what}: {e}"))
}

impl OidcIdentityProvider {
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(
        issuer: &str,
        client_id: &str,
        client_secret: &str,
        redirect_url: &str,
    ) -> anyhow::Result<Self> {
        // Redirects off: the token endpoint must answer itself (SSRF hardening).
        let http = openidconnect::reqwest::ClientBuilder::new()
            .redirect(openidconnect::reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()?;
        Ok(Self {
            issuer: issuer.to_owned(),
            client_id: client_id.to_owned(),
            client_secret: client_secret.to_owned(),
            redirect_url: redirect_url.to_owned(),
            http,
            metadata: OnceCell::new(),
        })
    }

    async fn metadata(&self) -> Result<&CoreProviderMetadata, IdentityError> {
        self.metadata
            .get_or_try_init(|| async {
                let issuer =
                    IssuerUrl::new(self.issuer.clone()).map_err(|e| failed("issuer URL", e))?;
                CoreProviderMetadata::discover_async(issuer, &self.http)
                    .await
                    .map_err(|e| unavailable("OIDC discovery", e))
            })
            .await
    }
}

#[async_trait]
impl IdentityProvider for OidcIdentityProvider {
    async fn authorization_request(&self) -> Result<AuthorizationRequest, IdentityError> {
        let meta = self.metadata().await?.clone();
        let redirect =
            RedirectUrl::new(self.redirect_url.clone()).map_err(|e| failed("redirect URL", e))?;
        let client = CoreClient::from_provider_metadata(
            meta,
            ClientId::new(self.client_id.clone()),
            Some(ClientSecret::new(self.client_secret.clone())),
        )
        .set_redirect_uri(redirect);
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(AuthorizationRequest {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    async fn exchange(
        &self,
        code: &str,
        nonce: &str,
        pkce_verifier: &str,
    ) -> Result<ExternalIdentity, IdentityError> {
        let meta = self.metadata().await?.clone();
        let redirect =
            RedirectUrl::new(self.redirect_url.clone()).map_err(|e| failed("redirect URL", e))?;
        let client = CoreClient::from_provider_metadata(
            meta,
            ClientId::new(self.client_id.clone()),
            Some(ClientSecret::new(self.client_secret.clone())),
        )
        .set_redirect_uri(redirect);
        let token = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| failed("token endpoint", e))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request_async(&self.http)
            .await
            .map_err(|e| failed("code exchange", e))?;
        let id_token = token
            .id_token()
            .ok_or_else(|| failed("token response", "no ID token"))?;
        let claims = id_token
            .claims(&client.id_token_verifier(), &Nonce::new(nonce.to_owned()))
            .map_err(|e| failed("ID token", e))?;
        let email = claims
            .email()
            .map(|e| e.as_str().to_owned())
            .ok_or_else(|| failed("ID token", "no email claim"))?;
        let first = claims
            .given_name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_owned());
        let last = claims
            .family_name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_owned());
        let picture = claims
            .picture()
            .and_then(|p| p.get(None))
            .map(|p| p.as_str().to_owned());
        Ok(ExternalIdentity {
            subject: claims.subject().as_str().to_owned(),
            email,
            email_verified: claims.email_verified().unwrap_or(false),
            first_name: first,
            last_name: last,
            picture,
        })
    }
}
