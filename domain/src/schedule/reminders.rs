//! Reminder e-mails: every item due within 48 hours and not completed gets exactly one.
//!
//! Items are claimed in batches by one atomic statement that also marks them reminded,
//! so several server instances running the same job never mail the same reminder. A
//! reminder that cannot be handed to the mailer is given back for the next round.

use chrono::{DateTime, Duration, Utc};

use super::service::ScheduleService;
use super::{DUE_SOON_WINDOW_HOURS, Schedule};
use crate::StoreError;
use crate::mail::OutgoingMail;
use crate::user::User;

/// Items claimed per statement.
pub const REMINDER_BATCH: u32 = 50;
/// Batches per round, so one round never runs unbounded.
pub const MAX_REMINDER_BATCHES: usize = 20;

impl ScheduleService {
    /// Mails one reminder for each item that is not completed, not yet reminded and due
    /// between `now` and 48 hours later; returns how many were mailed. Items whose
    /// contributor no longer exists are marked reminded without mail.
    ///
    /// # Errors
    /// The store's error when items cannot be claimed; the mailer's error when a reminder
    /// cannot be sent (that item and the rest of its batch are given back first, so a
    /// later round sends them).
    pub async fn send_due_reminders(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
        let until = now + Duration::hours(DUE_SOON_WINDOW_HOURS);
        let mut mailed = 0;
        for _ in 0..MAX_REMINDER_BATCHES {
            let batch = self
                .p
                .schedules
                .claim_due_reminders(now, until, REMINDER_BATCH)
                .await?;
            let full = batch.len() >= REMINDER_BATCH as usize;
            let mut claimed = batch.into_iter();
            while let Some(item) = claimed.next() {
                match self.remind(&item).await {
                    Ok(true) => mailed += 1,
                    Ok(false) => {}
                    Err(error) => {
                        for unsent in std::iter::once(item).chain(claimed) {
                            // Best effort: the mailer's error is the one worth reporting.
                            let _ = self.p.schedules.release_reminder(unsent.id).await;
                        }
                        return Err(error);
                    }
                }
            }
            if !full {
                break;
            }
        }
        Ok(mailed)
    }

    /// Mails the reminder of one claimed item; `false` when its contributor is gone.
    async fn remind(&self, item: &Schedule) -> Result<bool, StoreError> {
        let Some(contributor) = self.p.users.find(&item.contributor_id).await? else {
            return Ok(false);
        };
        self.p
            .mailer
            .send(self.reminder_mail(&contributor, item))
            .await?;
        Ok(true)
    }

    fn reminder_mail(&self, to: &User, item: &Schedule) -> OutgoingMail {
        let due = item.due_date.format("%b %-d, %Y at %H:%M UTC");
        let notes = item
            .description
            .as_deref()
            .map(|d| format!("\n{d}\n"))
            .unwrap_or_default();
        OutgoingMail {
            to: to.email.clone(),
            subject: format!("Reminder: \"{}\" is due {due}", item.title),
            body: format!(
                "Hello {},\n\nA task on your {} schedule is due soon.\n\n{}\nDue: {due}\n{notes}\nSee your schedule or mark the task complete on your dashboard:\n{}/contributor-dashboard\n\nGrace and peace,\nThe {} team\n",
                to.display_name(),
                self.p.site.name,
                item.title,
                self.p.site.public_url,
                self.p.site.name
            ),
            html: None,
            unsubscribe: None,
        }
    }
}

#[cfg(test)]
#[path = "reminders_tests.rs"]
mod tests;
