//! Outgoing mail, split by job. Every message is first recorded in the `mail_outbox` table
//! (and the log) by [`writing::OutboxMailer`], so nothing is lost when the mail server is
//! away. With `SMTP_URL` set, the domain's `MailDelivery` sends what the outbox holds
//! through [`queue::SeaOrmMailQueue`] (a batch claimed in one statement, `FOR UPDATE SKIP
//! LOCKED` on PostgreSQL, so several server instances never send the same message) and
//! `SmtpTransport`. The super admin reads the outbox through [`outbox::SeaOrmMailOutbox`].

pub mod outbox;
pub mod queue;
pub mod writing;
