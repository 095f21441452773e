//! API token use cases: an approved person makes, lists and revokes their own; the super
//! admin lists and revokes anyone's; every request that presents one is authenticated here.

use crate::paging::{InvalidPage, PageBounds, PageRequest};
use std::sync::Arc;

use super::{
    ApiToken, ApiTokenRepository, HeldApiToken, LAST_USED_EVERY, MAX_TOKENS_PER_PERSON,
    NewApiToken, TOKEN_PREFIX, TokenHolder, TokenLifetime, TokenScope,
};
use crate::StoreError;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::clock::Clock;
use crate::mail::OutgoingMail;
use crate::mail::SiteIdentity;
use crate::paging::Page;
use crate::permissions::{Ability, Caller, Refusal};
use crate::rate_limit::{RateLimits, Verdict};
use crate::user::UserRepository;
use crate::user::confirmed::IdentityConfirmed;
use crate::user::tokens::TokenMinter;
use crate::validation::{FieldErrors, TokenName};

/// How many tokens one page of the super admin's list holds when the caller does not say.
pub const TOKENS_PAGE_DEFAULT: u64 = 50;
/// The most tokens one page may hold.
pub const TOKENS_PAGE_MAX: u64 = 200;
/// The super admin's list of every token.
pub const TOKEN_PAGES: PageBounds = PageBounds {
    default_limit: TOKENS_PAGE_DEFAULT,
    max_limit: TOKENS_PAGE_MAX,
    max_offset: 1_000_000,
};

/// A new token as asked for (the name untrimmed).
#[derive(Debug, Clone)]
pub struct TokenForm {
    pub name: String,
    pub scope: TokenScope,
    /// 30, 90 or 365; `None` for a token that works until revoked.
    pub expires_in_days: Option<u16>,
}

/// A token just made: the stored record and the secret, which is never shown again.
#[derive(Clone, PartialEq)]
pub struct CreatedApiToken {
    pub token: ApiToken,
    pub secret: String,
}

impl std::fmt::Debug for CreatedApiToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CreatedApiToken")
            .field("token", &self.token)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiTokenError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// One or more fields are refused; the list names each.
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(
        "You already have {MAX_TOKENS_PER_PERSON} API tokens: revoke one before creating another"
    )]
    TooMany,
    /// [`MAX_TOKENS_CREATED_PER_DAY`] tokens made within the day: try again after this
    /// many seconds.
    #[error("You made {MAX_TOKENS_CREATED_PER_DAY} API tokens today: try again tomorrow")]
    TooManyToday { retry_after_secs: u64 },
    #[error("API token not found")]
    NotFound,
    #[error(transparent)]
    InvalidPage(#[from] InvalidPage),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What the token service talks to.
#[derive(Clone)]
pub struct ApiTokenPorts {
    pub tokens: Arc<dyn ApiTokenRepository>,
    pub users: Arc<dyn UserRepository>,
    pub minter: Arc<dyn TokenMinter>,
    pub clock: Arc<dyn Clock>,
    /// A token, its activity-log entry and its owner's notice are written together.
    pub work: Arc<dyn crate::work::UnitOfWork<dyn super::ApiTokenWork>>,
    /// Counts the tokens each person makes per day (see [`creation_limits`]).
    pub creations: RateLimits,
    /// How the site names itself in the owner's notice.
    pub site: SiteIdentity,
}

/// How many tokens one person may make per day, whatever they revoke in between.
pub const MAX_TOKENS_CREATED_PER_DAY: u32 = 10;

/// The counter of token creations: [`MAX_TOKENS_CREATED_PER_DAY`] per day.
pub fn creation_limits(counter: Arc<dyn crate::rate_limit::HitCounter>) -> RateLimits {
    RateLimits::new(counter, MAX_TOKENS_CREATED_PER_DAY).with_window(24 * 60 * 60)
}

#[derive(Clone)]
pub struct ApiTokenService {
    ports: ApiTokenPorts,
}

impl ApiTokenService {
    pub fn new(ports: ApiTokenPorts) -> Self {
        Self { ports }
    }

    /// Makes a token for the caller, who `confirmed` who they are just now, mails them a
    /// notice and answers it with its secret (shown once).
    ///
    /// # Errors
    /// Refused unless signed in and approved; [`ApiTokenError::Invalid`] for a blank or
    /// long name or an unknown lifetime; [`ApiTokenError::TooMany`]; the store's error.
    pub async fn create(
        &self,
        caller: &Caller,
        confirmed: &IdentityConfirmed,
        form: TokenForm,
    ) -> Result<CreatedApiToken, ApiTokenError> {
        let me = caller.require(Ability::UseApiTokens)?;
        if !confirmed.is_for(&me.id) {
            return Err(ApiTokenError::Refused(Refusal::Forbidden));
        }
        let mut errors = FieldErrors::new();
        let name = errors.check("name", TokenName::parse(&form.name));
        let lifetime = errors.check("expiresInDays", TokenLifetime::parse(form.expires_in_days));
        let (Some(name), Some(lifetime)) = (name, lifetime) else {
            return Err(ApiTokenError::Invalid(errors));
        };
        let held = self.ports.tokens.list_for_user(&me.id).await?;
        if held.len() as u64 >= MAX_TOKENS_PER_PERSON {
            return Err(ApiTokenError::TooMany);
        }
        let now = self.ports.clock.now();
        let counted = format!("user:{}", me.id);
        if let Verdict::Limited { retry_after_secs } = self
            .ports
            .creations
            .check("api-token-create", &counted, now)
            .await?
        {
            return Err(ApiTokenError::TooManyToday { retry_after_secs });
        }
        let minted = self.ports.minter.mint();
        let secret = format!("{TOKEN_PREFIX}{}", minted.secret);
        let hint = secret[secret.len().saturating_sub(4)..].to_owned();
        // The token and its activity-log entry, together.
        let work = self.ports.work.begin().await?;
        let token = work
            .api_tokens()
            .create(NewApiToken {
                user_id: me.id.clone(),
                name,
                scope: form.scope,
                token_hash: self.ports.minter.hash(&secret),
                hint,
                created_at: now,
                expires_at: lifetime.expiry_from(now),
            })
            .await?;
        let expiry = match token.expires_at {
            Some(at) => format!("It expires on {}.", at.format("%Y-%m-%d")),
            None => "It works until it is revoked.".to_owned(),
        };
        let site = &self.ports.site;
        work.mailer()
            .send(OutgoingMail {
                to: me.email.clone(),
                subject: format!("A new API token for your {} account", site.name),
                body: format!(
                    "Hello {},\n\nA new API token, \"{}\" (scope {}), was made for your {} account. {expiry}\n\nIf you did not make it, revoke it on the API Tokens tab of your dashboard and change your password:\n{}/dashboard\n\nGrace and peace,\nThe {} team\n",
                    me.display_name(),
                    token.name,
                    token.scope.as_str(),
                    site.name,
                    site.public_url,
                    site.name,
                ),
                html: None,
                unsubscribe: None,
            })
            .await?;
        let entry = NewAuditEntry::by(
            me,
            AuditAction::ApiTokenCreated,
            token.id,
            Some(&token.name),
            now,
        );
        crate::audit::log_and_commit(work, entry).await?;
        Ok(CreatedApiToken { token, secret })
    }

    /// The caller's own tokens, newest first (expired ones too, until revoked).
    ///
    /// # Errors
    /// Refused for a visitor; the store's error.
    pub async fn list_own(&self, caller: &Caller) -> Result<Vec<ApiToken>, ApiTokenError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        Ok(self.ports.tokens.list_for_user(&me.id).await?)
    }

    /// Revokes one of the caller's tokens; it stops working at once.
    ///
    /// # Errors
    /// Refused for a visitor; [`ApiTokenError::NotFound`] for a token that is not theirs.
    pub async fn revoke_own(&self, caller: &Caller, id: i64) -> Result<(), ApiTokenError> {
        let me = caller.require(Ability::ManageOwnAccount)?;
        if self.ports.tokens.delete(id, Some(&me.id)).await? {
            Ok(())
        } else {
            Err(ApiTokenError::NotFound)
        }
    }

    /// Every token with its holder, newest first (super admin).
    ///
    /// # Errors
    /// Refused unless the caller manages people; [`ApiTokenError::InvalidPage`].
    pub async fn list_all(
        &self,
        caller: &Caller,
        limit: Option<u64>,
        offset: Option<u64>,
    ) -> Result<Page<HeldApiToken>, ApiTokenError> {
        caller.require(Ability::ManageUsers)?;
        let PageRequest { limit, offset } = PageRequest::parse(limit, offset, TOKEN_PAGES)?;
        Ok(self.ports.tokens.list_all(limit, offset).await?)
    }

    /// Revokes anyone's token (super admin).
    ///
    /// # Errors
    /// Refused unless the caller manages people; [`ApiTokenError::NotFound`].
    pub async fn revoke_any(&self, caller: &Caller, id: i64) -> Result<(), ApiTokenError> {
        caller.require(Ability::ManageUsers)?;
        if self.ports.tokens.delete(id, None).await? {
            Ok(())
        } else {
            Err(ApiTokenError::NotFound)
        }
    }

    /// Who a presented secret acts for: `None` when it is not a token, unknown, revoked,
    /// expired, or its holder is gone, suspended or no longer approved. Notes the use
    /// (at most once a minute per token).
    ///
    /// # Errors
    /// The store's error.
    pub async fn authenticate(&self, secret: &str) -> Result<Option<TokenHolder>, StoreError> {
        if !secret.starts_with(TOKEN_PREFIX) {
            return Ok(None);
        }
        let hash = self.ports.minter.hash(secret);
        let Some(token) = self.ports.tokens.find_by_hash(&hash).await? else {
            return Ok(None);
        };
        let now = self.ports.clock.now();
        if token.is_expired(now) {
            return Ok(None);
        }
        let Some(user) = self.ports.users.find(&token.user_id).await? else {
            return Ok(None);
        };
        if user.suspended_reason.is_some() || !user.counts_as_approved() {
            return Ok(None);
        }
        if token
            .last_used_at
            .is_none_or(|at| now - at >= LAST_USED_EVERY)
        {
            self.ports.tokens.touch(token.id, now).await?;
        }
        Ok(Some(TokenHolder {
            user,
            token_id: token.id,
            scope: token.scope,
            expires_at: token.expires_at,
        }))
    }
}
