//! Subscription use cases: signing up (from a form anywhere on the site), confirming,
//! changing the frequency and leaving by the link in a mail, and clearing sign-ups nobody
//! confirmed.

use std::sync::Arc;

use chrono::Duration;

use super::lifecycle::{CONFIRM_WITHIN_DAYS, ConfirmError, SubscribeAction};
use super::ports::{NewSubscription, SubscriptionRepository};
use super::{Frequency, Subscription, SubscriptionConsent, SubscriptionStatus};
use crate::StoreError;
use crate::category::CategoryRepository;
use crate::clock::Clock;
use crate::mail::Mailer;
use crate::mail::SiteIdentity;
use crate::permissions::Caller;
use crate::user::tokens::TokenMinter;
use crate::validation::{Email, FieldErrors};

/// What the sign-up form says, stored with each subscription as its consent record.
pub const SUBSCRIBE_WORDING: &str = "Get new stories by e-mail. We send only what you choose, \
     with no tracking, and every mail has a link to stop them.";

/// The longest site path a sign-up may name as its page.
pub const MAX_PAGE_CHARS: usize = 200;

/// The most categories one subscription may name.
pub const MAX_CATEGORIES: usize = 50;

/// A sign-up as submitted.
#[derive(Debug, Clone, Default)]
pub struct SubscribeForm {
    pub email: String,
    /// `each`, `weekly` or `monthly`; the site's default when `None`.
    pub frequency: Option<String>,
    /// Category names; empty for all.
    pub categories: Vec<String>,
    /// The site path the form was on.
    pub page: String,
    /// The hidden field only robots fill in (as on the comment form).
    pub website: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SubscribeError {
    #[error("{0}")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a link from a subscription mail did nothing.
#[derive(Debug, thiserror::Error)]
pub enum SubscriptionLinkError {
    #[error("This link is invalid or has expired")]
    InvalidLink,
    #[error(transparent)]
    Confirm(#[from] ConfirmError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What subscriptions need.
#[derive(Clone)]
pub struct SubscriptionPorts {
    pub subscriptions: Arc<dyn SubscriptionRepository>,
    pub categories: Arc<dyn CategoryRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub minter: Arc<dyn TokenMinter>,
    /// Signs and checks the links in digests (`links.rs`).
    pub signer: Arc<dyn super::LinkSigner>,
    pub clock: Arc<dyn Clock>,
    pub site: SiteIdentity,
    /// The frequency of a sign-up that names none (the super admin's choice, read at each
    /// sign-up so every server follows a change at once).
    pub settings: Arc<dyn super::SubscriptionSettings>,
}

/// Subscription use cases on top of the ports.
#[derive(Clone)]
pub struct SubscriptionService {
    pub(super) p: SubscriptionPorts,
}

impl SubscriptionService {
    pub fn new(ports: SubscriptionPorts) -> Self {
        Self { p: ports }
    }

    /// Signs an address up. The caller always hears the same "check your inbox", whatever
    /// was stored for the address ([`SubscribeAction::for_sign_up`] decides what happens).
    ///
    /// # Errors
    /// [`SubscribeError::Invalid`] naming each refused field; the store's or mailer's error.
    pub async fn subscribe(
        &self,
        caller: &Caller,
        form: SubscribeForm,
    ) -> Result<(), SubscribeError> {
        let mut errors = FieldErrors::new();
        match form.website.as_deref() {
            // Control characters are refused in every text, this one too.
            Some(w) if w.chars().any(char::is_control) => {
                errors.push("website", "Leave this field empty");
                return Err(SubscribeError::Invalid(errors));
            }
            // A robot: it hears what a person hears, and nothing is stored or mailed.
            Some(w) if !w.trim().is_empty() => return Ok(()),
            _ => {}
        }
        let email = errors.check("email", Email::parse(&form.email));
        let frequency = match form.frequency.as_deref().map(str::trim) {
            None | Some("") => Some(self.p.settings.default_frequency().await?),
            Some(name) => errors.check("frequency", name.parse::<Frequency>()),
        };
        if form.page.chars().count() > MAX_PAGE_CHARS {
            errors.push(
                "page",
                format!("Must be at most {MAX_PAGE_CHARS} characters"),
            );
        }
        let categories = self.categories(form.categories, &mut errors).await?;
        let (Some(email), Some(frequency), true) = (email, frequency, errors.is_empty()) else {
            return Err(SubscribeError::Invalid(errors));
        };
        let now = self.p.clock.now();
        let member = caller.user();
        let proven = member
            .is_some_and(|u| u.email_verified && u.email.eq_ignore_ascii_case(email.as_str()));
        let existing = self.p.subscriptions.find_by_email(email.as_str()).await?;
        let action = SubscribeAction::for_sign_up(existing.as_ref(), proven, now);
        let consent = SubscriptionConsent {
            wording: SUBSCRIBE_WORDING.to_owned(),
            page: page_path(&form.page),
            at: now,
        };
        let token = self.p.minter.mint();
        match action {
            SubscribeAction::Nothing => {}
            SubscribeAction::ResendConfirmation => {
                if let Some(stored) = existing {
                    self.p
                        .subscriptions
                        .set_token(stored.id, &token.hash)
                        .await?;
                    self.mail_confirmation(&stored.email, &token.secret).await?;
                }
            }
            SubscribeAction::StartConfirmation | SubscribeAction::ConfirmAtOnce => {
                let at_once = action == SubscribeAction::ConfirmAtOnce;
                let stored = self
                    .p
                    .subscriptions
                    .put(
                        NewSubscription {
                            email,
                            user_id: member.map(|u| u.id.clone()),
                            frequency,
                            categories,
                            status: if at_once {
                                SubscriptionStatus::Confirmed
                            } else {
                                SubscriptionStatus::Pending
                            },
                            created_at: now,
                            confirmed_at: at_once.then_some(now),
                            consent,
                        },
                        &token.hash,
                    )
                    .await?;
                if at_once {
                    self.mail_welcome(&stored, &token.secret).await?;
                } else {
                    self.mail_confirmation(&stored.email, &token.secret).await?;
                }
            }
        }
        Ok(())
    }

    /// Confirms the sign-up a confirmation link names.
    ///
    /// # Errors
    /// [`SubscriptionLinkError::InvalidLink`] for an unknown token, `Confirm` for an
    /// expired or ended sign-up; the store's error.
    pub async fn confirm(&self, token: &str) -> Result<Subscription, SubscriptionLinkError> {
        let mut subscription = self.by_token(token).await?;
        subscription.confirm(self.p.clock.now())?;
        self.p.subscriptions.save(&subscription).await?;
        Ok(subscription)
    }

    /// Ends the subscription a link names (one click, no sign-in).
    ///
    /// # Errors
    /// [`SubscriptionLinkError::InvalidLink`] for an unknown token; the store's error.
    pub async fn unsubscribe(&self, token: &str) -> Result<Subscription, SubscriptionLinkError> {
        let mut subscription = self.by_token(token).await?;
        subscription.unsubscribe();
        self.p.subscriptions.save(&subscription).await?;
        Ok(subscription)
    }

    /// "Send less often": changes the frequency of the subscription a link names.
    ///
    /// # Errors
    /// [`SubscriptionLinkError::InvalidLink`] for an unknown token or one whose
    /// subscription has ended; the store's error.
    pub async fn change_frequency(
        &self,
        token: &str,
        frequency: Frequency,
    ) -> Result<Subscription, SubscriptionLinkError> {
        let mut subscription = self.by_token(token).await?;
        if !subscription.receives_mail() {
            return Err(SubscriptionLinkError::Confirm(ConfirmError::Ended));
        }
        subscription.change_frequency(frequency, self.p.clock.now());
        self.p.subscriptions.save(&subscription).await?;
        Ok(subscription)
    }

    /// Deletes sign-ups nobody confirmed within [`CONFIRM_WITHIN_DAYS`]; answers how many.
    ///
    /// # Errors
    /// The store's error.
    pub async fn purge_unconfirmed(&self) -> Result<u64, StoreError> {
        let before = self.p.clock.now() - Duration::days(CONFIRM_WITHIN_DAYS);
        self.p.subscriptions.delete_pending_made_by(before).await
    }

    /// The named categories, each checked to exist, without repeats (keeping the first
    /// spelling).
    pub(super) async fn categories(
        &self,
        names: Vec<String>,
        errors: &mut FieldErrors,
    ) -> Result<Vec<String>, StoreError> {
        let mut chosen: Vec<String> = Vec::new();
        for name in names {
            let name = name.trim().to_owned();
            if name.is_empty() || chosen.iter().any(|c| c.eq_ignore_ascii_case(&name)) {
                continue;
            }
            chosen.push(name);
        }
        if chosen.len() > MAX_CATEGORIES {
            errors.push(
                "categories",
                format!("Choose at most {MAX_CATEGORIES} categories"),
            );
            return Ok(Vec::new());
        }
        for name in &chosen {
            if !self.p.categories.exists(name).await? {
                errors.push(
                    "categories",
                    format!("There is no category named \"{name}\""),
                );
            }
        }
        Ok(chosen)
    }
}

/// The path a form was on: a site path (starting with one `/`); anything else is stored
/// as `/`.
fn page_path(page: &str) -> String {
    let page = page.trim();
    let is_path =
        page.starts_with('/') && !page.starts_with("//") && !page.chars().any(char::is_control);
    if is_path {
        page.to_owned()
    } else {
        "/".to_owned()
    }
}
