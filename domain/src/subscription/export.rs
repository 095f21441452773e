//! The super admin's export of every subscription as CSV (RFC 4180): one header row, then
//! one row per subscription with the columns of the list. A cell that a spreadsheet would
//! run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is
//! prefixed with `'`, so an address or a page typed by a stranger never runs.

use super::Subscription;

/// The header row's cells.
pub const CSV_COLUMNS: [&str; 11] = [
    "id",
    "email",
    "status",
    "frequency",
    "categories",
    "created_at",
    "confirmed_at",
    "consent_wording",
    "consent_page",
    "consent_at",
    "hard_bounces",
];

/// One cell: made inert for spreadsheets, then quoted when it holds a comma, a quote or a
/// line break (quotes doubled).
pub fn csv_cell(value: &str) -> String {
    let inert = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if inert.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", inert.replace('"', "\"\""))
    } else {
        inert
    }
}

fn row(cells: &[String]) -> String {
    let mut line = cells
        .iter()
        .map(|c| csv_cell(c))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// Every subscription as CSV, lines ending in CRLF. Categories are joined with `; ` (empty
/// for all); times are RFC 3339 in UTC.
pub fn subscriptions_csv(all: &[Subscription]) -> String {
    let header: Vec<String> = CSV_COLUMNS.iter().map(|c| (*c).to_owned()).collect();
    let mut out = row(&header);
    for s in all {
        out.push_str(&row(&[
            s.id.to_string(),
            s.email.clone(),
            s.status.as_str().to_owned(),
            s.frequency.as_str().to_owned(),
            s.categories.join("; "),
            s.created_at.to_rfc3339(),
            s.confirmed_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
            s.consent.wording.clone(),
            s.consent.page.clone(),
            s.consent.at.to_rfc3339(),
            s.hard_bounces.to_string(),
        ]));
    }
    out
}
