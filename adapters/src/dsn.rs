//! Delivery-status reports (RFC 3464) read with `mailparse`: a `multipart/report;
//! report-type=delivery-status` message (at its top, or forwarded inside another), whose
//! `message/delivery-status` part holds one block of per-message fields and then one block
//! per recipient.

use domain::subscription::{DeliveryReportParser, ReportedRecipient};
use mailparse::{MailHeaderMap, ParsedMail};

/// How deep a report may sit inside forwarded messages.
const MAX_DEPTH: usize = 4;

/// Reads reports with the `mailparse` crate.
#[derive(Debug, Clone, Copy, Default)]
pub struct MailparseReportParser;

fn is_report(part: &ParsedMail<'_>) -> bool {
    part.ctype.mimetype.eq_ignore_ascii_case("multipart/report")
        && part
            .ctype
            .params
            .get("report-type")
            .is_some_and(|t| t.trim_matches('"').eq_ignore_ascii_case("delivery-status"))
}

/// The delivery-status report in `mail`, itself or one it carries.
fn find_report<'a, 'b>(mail: &'b ParsedMail<'a>, depth: usize) -> Option<&'b ParsedMail<'a>> {
    if is_report(mail) {
        return Some(mail);
    }
    if depth >= MAX_DEPTH {
        return None;
    }
    mail.subparts.iter().find_map(|p| find_report(p, depth + 1))
}

/// `rfc822; ruth@example.org` as `ruth@example.org`.
fn address(value: &str) -> String {
    let address = value.split_once(';').map_or(value, |(_, a)| a);
    address
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim()
        .to_owned()
}

/// The recipient blocks of a `message/delivery-status` body.
fn recipients(body: &str) -> Vec<ReportedRecipient> {
    let text = body.replace("\r\n", "\n");
    let mut blocks: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
        .iter()
        .filter_map(|block| {
            let (headers, _) = mailparse::parse_headers(block.as_bytes()).ok()?;
            let recipient = headers
                .get_first_value("Final-Recipient")
                .or_else(|| headers.get_first_value("Original-Recipient"))?;
            Some(ReportedRecipient {
                final_recipient: address(&recipient),
                action: headers
                    .get_first_value("Action")
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
                status: headers
                    .get_first_value("Status")
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
                diagnostic: headers
                    .get_first_value("Diagnostic-Code")
                    .map(|d| d.trim().to_owned())
                    .filter(|d| !d.is_empty()),
            })
        })
        .collect()
}

impl DeliveryReportParser for MailparseReportParser {
    fn parse(&self, raw: &[u8]) -> Option<Vec<ReportedRecipient>> {
        let mail = mailparse::parse_mail(raw).ok()?;
        let report = find_report(&mail, 0)?;
        let status = report.subparts.iter().find(|p| {
            let t = p.ctype.mimetype.to_ascii_lowercase();
            t == "message/delivery-status" || t == "message/global-delivery-status"
        });
        // A report without its status part names no recipient.
        let Some(status) = status else {
            return Some(Vec::new());
        };
        let body = status.get_body().ok()?;
        Some(recipients(&body))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const REPORT: &str = "From: MAILER-DAEMON@mx.example.net (Mail Delivery System)\r
To: stories@grace.example\r
Subject: Undelivered Mail Returned to Sender\r
MIME-Version: 1.0\r
Content-Type: multipart/report; report-type=delivery-status;\r
\tboundary=\"B1\"\r
\r
This is a MIME-encapsulated message.\r
\r
--B1\r
Content-Type: text/plain; charset=us-ascii\r
\r
I'm sorry to have to inform you that your message could not be delivered.\r
\r
--B1\r
Content-Type: message/delivery-status\r
\r
Reporting-MTA: dns; mx.example.net\r
Arrival-Date: Thu, 26 Nov 2026 10:00:00 +0000 (UTC)\r
\r
Final-Recipient: rfc822; Ruth@Example.org\r
Original-Recipient: rfc822;ruth@example.org\r
Action: failed\r
Status: 5.1.1\r
Diagnostic-Code: smtp; 550 5.1.1 <ruth@example.org>: Recipient address\r
    rejected: User unknown\r
\r
Final-Recipient: rfc822; <naomi@example.org>\r
Action: delayed\r
Status: 4.4.7\r
\r
--B1\r
Content-Type: text/rfc822-headers\r
\r
Subject: Grace Stories this week\r
\r
--B1--\r
";

    #[test]
    fn a_postfix_report_gives_each_recipient_block() {
        let found = MailparseReportParser.parse(REPORT.as_bytes()).unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].final_recipient, "Ruth@Example.org");
        assert_eq!(found[0].action, "failed");
        assert_eq!(found[0].status, "5.1.1");
        let diagnostic = found[0].diagnostic.as_deref().unwrap();
        assert!(diagnostic.starts_with("smtp; 550 5.1.1"), "{diagnostic}");
        assert!(
            diagnostic.contains("User unknown"),
            "folded lines joined: {diagnostic}"
        );
        assert_eq!(found[1].final_recipient, "naomi@example.org");
        assert_eq!(found[1].status, "4.4.7");
    }

    #[test]
    fn a_report_forwarded_inside_another_message_is_found() {
        let outer = format!(
            "Subject: Fwd\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"O\"\r\n\r\n--O\r\nContent-Type: text/plain\r\n\r\nsee below\r\n--O\r\n{}\r\n--O--\r\n",
            REPORT
                .split_once("\r\n\r\n")
                .map_or(REPORT.to_owned(), |(head, body)| {
                    let ctype: String = head
                        .split("\r\n")
                        .skip_while(|l| !l.starts_with("Content-Type"))
                        .take(2)
                        .collect::<Vec<_>>()
                        .join("\r\n");
                    format!("{ctype}\r\n\r\n{body}")
                })
        );
        let found = MailparseReportParser.parse(outer.as_bytes()).unwrap();
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn plain_mail_is_not_a_report_and_a_report_without_status_names_nobody() {
        assert_eq!(
            MailparseReportParser.parse(b"Subject: hello\r\n\r\nJust a note.\r\n"),
            None
        );
        let bare = "Content-Type: multipart/report; report-type=delivery-status; boundary=\"X\"\r\n\r\n--X\r\nContent-Type: text/plain\r\n\r\nsorry\r\n--X--\r\n";
        assert_eq!(
            MailparseReportParser.parse(bare.as_bytes()),
            Some(Vec::new())
        );
        let other = "Content-Type: multipart/report; report-type=disposition-notification; boundary=\"X\"\r\n\r\n--X\r\nContent-Type: text/plain\r\n\r\nread\r\n--X--\r\n";
        assert_eq!(MailparseReportParser.parse(other.as_bytes()), None);
    }
}
