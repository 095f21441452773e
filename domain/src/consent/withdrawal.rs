//! Withdrawing consent in one click: the story leaves the site at once (a draft for its
//! author), its queued social posts are cancelled, its stored versions are deleted, posts
//! already made are queued for deletion on their platforms (those the site cannot delete
//! from are listed for a person to remove), and the activity log says who did it.

use super::service::ConsentError;
use super::service::ConsentService;
use crate::audit::{AuditAction, NewAuditEntry};
use crate::permissions::Caller;
use crate::social::{NewDeletion, Platform, SocialPostId};
use crate::story::consent::{ConsentKind, ConsentUses, NewConsent};
use crate::story::{StoryId, StoryStatus};
use crate::validation::FieldErrors;

/// The longest reason a moderator gives.
pub const MAX_REASON_CHARS: usize = 2_000;

/// A social post already made of the story, which only its platform can remove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostedCopy {
    pub post_id: i64,
    pub platform: Platform,
    /// The address of the post, when the platform gave one.
    pub url: Option<String>,
    /// The platform's id of the post, which deleting it needs (when the platform gave one).
    pub external_id: Option<String>,
}

impl PostedCopy {
    /// The post as a person finds it: platform and address (else its number here).
    fn named(&self) -> String {
        match &self.url {
            Some(url) => format!("{} {url}", self.platform.as_str()),
            None => format!("{} post {}", self.platform.as_str(), self.post_id),
        }
    }
}

/// What withdrawing took away besides the story's place on the site.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WithdrawnOutputs {
    /// Queued social posts cancelled.
    pub cancelled_posts: u64,
    /// Stored versions deleted.
    pub purged_versions: u64,
    /// Posts already made. In a [`Withdrawal`], only those the site cannot delete (no
    /// credentials for their platform, or no id of the post): a person removes them.
    pub posted: Vec<PostedCopy>,
}

/// The result of a withdrawal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawal {
    pub story: StoryId,
    pub outputs: WithdrawnOutputs,
    /// Posts already made whose deletion on their platforms is queued: the delivery worker
    /// deletes them in the background (a deletion given up is logged for a person).
    pub deleting: Vec<PostedCopy>,
}

impl Withdrawal {
    /// What the author is told.
    pub fn message(&self) -> String {
        let mut message = "Consent withdrawn: the story is no longer on the site".to_owned();
        if !self.deleting.is_empty() {
            message.push_str(&format!(
                ". {} post(s) already made on social media will be deleted there",
                self.deleting.len()
            ));
        }
        if !self.outputs.posted.is_empty() {
            message.push_str(&format!(
                ". {} post(s) already made on social media must be removed there by hand",
                self.outputs.posted.len()
            ));
        }
        message
    }
}

#[derive(Debug, thiserror::Error)]
pub enum WithdrawConsentError {
    #[error(transparent)]
    Consent(#[from] ConsentError),
    /// No consent is in force (never given, or already withdrawn).
    #[error("There is no consent to withdraw for this story")]
    NothingToWithdraw,
}

impl From<crate::StoreError> for WithdrawConsentError {
    fn from(e: crate::StoreError) -> Self {
        Self::Consent(e.into())
    }
}

/// Checks the reason of a withdrawal: required of a moderator acting for the author.
///
/// # Errors
/// The field error naming `reason`.
pub fn check_reason(reason: Option<&str>, on_behalf: bool) -> Result<Option<String>, FieldErrors> {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    let mut errors = FieldErrors::new();
    match reason {
        None if on_behalf => errors.push(
            "reason",
            "A reason is required to withdraw consent on the author's behalf",
        ),
        Some(r) if r.chars().count() > MAX_REASON_CHARS => errors.push(
            "reason",
            format!("The reason must be at most {MAX_REASON_CHARS} characters"),
        ),
        Some(r)
            if r.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) =>
        {
            errors.push("reason", "The reason must not contain control characters");
        }
        _ => {}
    }
    errors.finish()?;
    Ok(reason.map(str::to_owned))
}

impl ConsentService {
    /// Withdraws the consent of a story: its author, or a reviewer on the author's behalf
    /// with a reason.
    ///
    /// # Errors
    /// Refusal, missing story, a missing reason (naming `reason`), no consent in force.
    pub async fn withdraw(
        &self,
        caller: &Caller,
        id: StoryId,
        reason: Option<&str>,
    ) -> Result<Withdrawal, WithdrawConsentError> {
        let (found, mine) = self.story_for(caller, id).await?;
        let me = caller
            .user()
            .ok_or(ConsentError::Refused(
                crate::permissions::Refusal::NotSignedIn,
            ))?
            .clone();
        let reason = check_reason(reason, !mine).map_err(ConsentError::Invalid)?;
        let records = self.consents.of_story(id).await?;
        let latest = records.last();
        if !latest.is_some_and(|r| r.consent.kind != ConsentKind::Withdrawn) {
            return Err(WithdrawConsentError::NothingToWithdraw);
        }
        let statement = latest.map_or(0, |r| r.consent.statement_version);
        let now = self.clock.now();
        let mut story = found.story;
        story.status = StoryStatus::Draft;
        story.is_published = false;
        story.rejection_reason = None;
        story.updated_at = now;
        let work = self.work.begin().await?;
        crate::story::pictures::save_story(work.as_ref(), &story, &[]).await?;
        let mut outputs = work.withdrawals().withdraw_outputs(id).await?;
        let (deleting, by_hand): (Vec<PostedCopy>, Vec<PostedCopy>) =
            std::mem::take(&mut outputs.posted)
                .into_iter()
                .partition(|p| p.external_id.is_some() && self.deleting_on.contains(&p.platform));
        outputs.posted = by_hand;
        for copy in &deleting {
            work.social()
                .queue_deletion(&NewDeletion {
                    post: SocialPostId(copy.post_id),
                    story: id,
                    story_title: story.title.clone(),
                    platform: copy.platform,
                    external_id: copy.external_id.clone().unwrap_or_default(),
                    external_url: copy.url.clone(),
                    requested_by: me.id.clone(),
                    requested_by_name: me.display_name(),
                    at: now,
                })
                .await?;
        }
        work.consents()
            .record(&NewConsent {
                story: id,
                person: story.author_id.clone(),
                statement_version: statement,
                uses: ConsentUses::default(),
                kind: ConsentKind::Withdrawn,
                recorded_by: me.id.clone(),
                reason: reason.clone(),
                at: now,
            })
            .await?;
        let names = |copies: &[PostedCopy]| {
            copies
                .iter()
                .map(PostedCopy::named)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut why = reason.unwrap_or_else(|| "Withdrawn by the author".to_owned());
        if !deleting.is_empty() {
            why.push_str(&format!(
                ". Posts already made, being deleted on the platforms: {}",
                names(&deleting)
            ));
        }
        if !outputs.posted.is_empty() {
            why.push_str(&format!(
                ". Posts already made, to remove on the platforms by hand: {}",
                names(&outputs.posted)
            ));
        }
        let entry = NewAuditEntry::by(
            &me,
            AuditAction::ConsentWithdrawn,
            id.0,
            Some(&story.title),
            now,
        )
        .because(Some(&why));
        crate::audit::log_and_commit(work, entry).await?;
        Ok(Withdrawal {
            story: id,
            outputs,
            deleting,
        })
    }
}
