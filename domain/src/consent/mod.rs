//! Consent use cases: reading a story's consent and its sensitive topics, and withdrawing
//! consent (`withdrawal.rs`), which takes the story down or changes who may see it and
//! deletes what was shared on social media.
//!
//! The records and the rules are part of the story (`crate::story::consent`); these use
//! cases sit above both the story and the social export.

mod ports;
mod service;
mod withdrawal;

pub use ports::{WithdrawalWork, Withdrawals};
pub use service::{ConsentError, ConsentService};
pub use withdrawal::{PostedCopy, WithdrawConsentError, Withdrawal, WithdrawnOutputs};

#[cfg(test)]
#[path = "service_tests.rs"]
mod service_tests;
