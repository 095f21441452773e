//! The mail transport over SMTP (lettre).

use std::time::Duration;

use async_trait::async_trait;
use domain::mail::{MailTransport, OutgoingMail, TransportError};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
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

impl SmtpTransport {
    /// The headers of RFC 8058 for mail somebody subscribed to: an HTTPS address that
    /// unsubscribes on a POST, and a `mailto:` to the site's sender for mail programs that
    /// only write mail; and the mark that the HTTPS address takes a one-click POST.
    fn unsubscribe_headers(&self, one_click: &str) -> [HeaderValue; 2] {
        let mailto = format!("mailto:{}?subject=unsubscribe", self.from.email);
        [
            HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{one_click}>, <{mailto}>"),
            ),
            HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ),
        ]
    }
}

#[async_trait]
impl MailTransport for SmtpTransport {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), TransportError> {
        let to = mail
            .to
            .parse::<Mailbox>()
            .map_err(|e| TransportError::Refused(format!("bad recipient address: {e}")))?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone());
        if let Some(one_click) = &mail.unsubscribe {
            for header in self.unsubscribe_headers(one_click) {
                builder = builder.raw_header(header);
            }
        }
        let message = match &mail.html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(
                mail.body.clone(),
                html.clone(),
            )),
            None => builder
                .header(ContentType::TEXT_PLAIN)
                .body(mail.body.clone()),
        }
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
