//! The default mailer: every message goes to the `mail_outbox` table and the log.

use async_trait::async_trait;
use chrono::Utc;
use domain::StoreError;
use domain::mail::{Mailer, OutgoingMail};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};

use crate::db::store_err;
use crate::entity::mail_outbox;

pub struct OutboxMailer {
    db: DatabaseConnection,
}

impl OutboxMailer {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: OutgoingMail) -> Result<(), StoreError> {
        tracing::info!(to = %mail.to, subject = %mail.subject, "mail recorded in the outbox");
        mail_outbox::ActiveModel {
            recipient: Set(mail.to),
            subject: Set(mail.subject),
            body: Set(mail.body),
            created_at: Set(Utc::now()),
            sent_at: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(store_err)?;
        Ok(())
    }
}
