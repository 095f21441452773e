//! The reset-mail limit on fakes: counted per address (whatever its case), whether or not
//! an account has it, in windows of a quarter hour.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Duration;
use futures_executor::block_on;

use super::{RESET_MAIL_WINDOW_SECONDS, RESET_MAILS_PER_WINDOW, RequestResetError};
use crate::testing::account_service;

#[test]
fn a_few_reset_requests_per_address_pass_in_a_quarter_hour() {
    let (service, fakes) = account_service();
    for _ in 0..RESET_MAILS_PER_WINDOW {
        let address = block_on(service.accept_reset_request("Ruth@Example.org")).unwrap();
        assert_eq!(address, "ruth@example.org");
    }
    // The same address in other letters counts with it.
    match block_on(service.accept_reset_request("RUTH@example.org")) {
        Err(RequestResetError::Limited { retry_after_secs }) => {
            assert!((1..=RESET_MAIL_WINDOW_SECONDS as u64).contains(&retry_after_secs));
        }
        other => panic!("{other:?}"),
    }
    // Another address has its own count.
    assert!(block_on(service.accept_reset_request("naomi@example.org")).is_ok());
    // The next window starts afresh.
    fakes
        .clock
        .advance(Duration::seconds(RESET_MAIL_WINDOW_SECONDS));
    assert!(block_on(service.accept_reset_request("ruth@example.org")).is_ok());
}

#[test]
fn a_reset_request_needs_an_address() {
    let (service, _) = account_service();
    match block_on(service.accept_reset_request("not an address")) {
        Err(RequestResetError::Invalid(errors)) => {
            assert_eq!(errors.as_slice()[0].field, "email");
        }
        other => panic!("{other:?}"),
    }
}
