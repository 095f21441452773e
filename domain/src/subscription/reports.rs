//! Delivery-status reports (RFC 3464) as the domain reads them, and the bounces stored from
//! them (what `bounces.rs` does with them).

use chrono::{DateTime, Utc};

use super::lifecycle::Bounce;

/// One recipient block of a delivery-status report, as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedRecipient {
    /// The address of `Final-Recipient` (without its `rfc822;` type).
    pub final_recipient: String,
    /// `Action`: `failed`, `delayed`, `delivered`, `relayed` or `expanded`.
    pub action: String,
    /// `Status`: `5.1.1`, `4.4.7`...
    pub status: String,
    /// `Diagnostic-Code`, as given.
    pub diagnostic: Option<String>,
}

impl ReportedRecipient {
    /// What this block reports: a permanent failure (`Action: failed` with a 5.x.x status),
    /// a temporary one (a 4.x.x status, which counts for nothing), or no failure at all.
    pub fn bounce(&self) -> Option<Bounce> {
        let class = status_class(&self.status)?;
        let failed = self.action.trim().eq_ignore_ascii_case("failed");
        match class {
            '5' if failed => Some(Bounce::Reported { permanent: true }),
            '4' | '5' => Some(Bounce::Reported { permanent: false }),
            _ => None,
        }
    }
}

/// The class digit of an RFC 3464 status (`5` of `5.1.1`), when it has the `d.d.d` shape.
fn status_class(status: &str) -> Option<char> {
    let code = status.split_whitespace().next()?;
    let parts: Vec<&str> = code.split('.').collect();
    let digits = parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    let class = code.chars().next()?;
    (digits && matches!(class, '2' | '4' | '5')).then_some(class)
}

/// Reads raw delivery-status reports (a `multipart/report; report-type=delivery-status`
/// message).
pub trait DeliveryReportParser: Send + Sync {
    /// The recipient blocks of the report; `None` when `raw` is not a delivery-status report.
    fn parse(&self, raw: &[u8]) -> Option<Vec<ReportedRecipient>>;
}

/// A permanent failure to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBounce {
    pub subscription_id: i64,
    /// The address the report names (lower-cased).
    pub address: String,
    pub status: String,
    pub diagnostic: Option<String>,
    /// The whole report as received.
    pub report: String,
    pub received_at: DateTime<Utc>,
}

/// A stored permanent failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBounce {
    pub id: i64,
    pub bounce: NewBounce,
}

/// What a report did for one of its recipients.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BounceOutcome {
    pub address: String,
    pub status: String,
    /// Counted as a permanent failure of a stored subscription.
    pub counted: bool,
    /// The address was suspended by this report.
    pub suspended: bool,
}
