//! Tests of `store.rs`: how long a stored session lasts.

use super::*;
use crate::session::SESSION_TTL_DAYS;

fn state(signed_in: DateTime<Utc>) -> HashMap<String, String> {
    HashMap::from([
        (USER_ID_KEY.to_owned(), "\"u1\"".to_owned()),
        (HANDLE_KEY.to_owned(), "\"h1\"".to_owned()),
        (
            SIGNED_IN_AT_KEY.to_owned(),
            format!("\"{}\"", signed_in.to_rfc3339()),
        ),
    ])
}

#[test]
fn activity_keeps_a_session_for_two_weeks_but_never_past_thirty_days_from_sign_in() {
    let ttl = Duration::days(SESSION_TTL_DAYS);
    let now = DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::days(20_000);
    let fresh = record("s".into(), &state(now), "{}".into(), &ttl, now);
    assert!(
        (fresh.expire - (now + chrono::Duration::days(14)))
            .num_seconds()
            .abs()
            <= 2
    );
    assert_eq!(fresh.user_id.as_deref(), Some("u1"));
    assert_eq!(fresh.handle.as_deref(), Some("h1"));
    let old = now - chrono::Duration::days(25);
    let late = record("s".into(), &state(old), "{}".into(), &ttl, now);
    assert!(
        (late.expire - (old + chrono::Duration::days(30)))
            .num_seconds()
            .abs()
            <= 2
    );
}
