//! The mail transport over SMTP (lettre).

use std::time::Duration;

use async_trait::async_trait;
use domain::mail::{MailTransport, OutgoingMail, TransportError};
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Hands messages to the mail server of `SMTP_URL`.
pub struct SmtpTransport {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpTransport {
    /// `smtp_url` as lettre reads it: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host:465` (TLS) or `smtp://host:25` (plain, for a local relay).
    /// Mail goes out from `sender_name <sender_email>`.
    ///
    /// # Errors
    /// When the URL or the sender address cannot be read.
    pub fn new(smtp_url: &str, sender_name: &str, sender_email: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| anyhow::anyhow!("SMTP_URL cannot be read: {e}"))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        let address = sender_email
            .parse()
            .map_err(|e| anyhow::anyhow!("mail sender {sender_email:?}: {e}"))?;
        Ok(Self {
            transport,
            from: Mailbox::new(Some(sender_name.to_owned()), address),
        })
    }
}

#[async_trait]
impl MailTransport for SmtpTransport {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), TransportError> {
        let to = mail
            .to
            .parse::<Mailbox>()
            .map_err(|e| TransportError::Refused(format!("bad recipient address: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(|e| TransportError::Refused(format!("message cannot be built: {e}")))?;
        match self.transport.send(message).await {
            Ok(_) => Ok(()),
            Err(e) if e.is_permanent() => Err(TransportError::Refused(e.to_string())),
            Err(e) => {
                tracing::warn!(to = %mail.to, error = %e, "mail server did not take the message");
                Err(TransportError::Unavailable(e.to_string()))
            }
        }
    }
}
