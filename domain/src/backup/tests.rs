#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, TimeZone, Utc};

use super::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn schema_fit_tells_same_older_and_newer() {
    let ours = names(&["m1", "m2", "m3"]);
    assert_eq!(
        schema_fit(&names(&["m1", "m2", "m3"]), &ours),
        SchemaFit::Same
    );
    assert_eq!(schema_fit(&names(&["m1"]), &ours), SchemaFit::Older);
    assert_eq!(
        schema_fit(&names(&["m1", "m2", "m3", "m4"]), &ours),
        SchemaFit::Newer {
            theirs: "m4".into(),
            ours: "m3".into()
        }
    );
}

#[test]
fn a_site_is_only_overwritten_when_asked() {
    assert_eq!(
        may_restore(&SchemaFit::Same, true, false),
        Err(RestoreRefusal::HoldsSite)
    );
    assert_eq!(
        RestoreRefusal::HoldsSite.to_string(),
        "This database already holds a site; use --replace to overwrite it"
    );
    assert_eq!(may_restore(&SchemaFit::Same, true, true), Ok(()));
    assert_eq!(may_restore(&SchemaFit::Older, false, false), Ok(()));
}

#[test]
fn a_newer_archive_is_refused_even_with_replace() {
    let fit = SchemaFit::Newer {
        theirs: "m9".into(),
        ours: "m3".into(),
    };
    let refusal = may_restore(&fit, false, true).unwrap_err();
    assert!(refusal.to_string().contains("newer version (schema m9)"));
    assert!(refusal.to_string().contains("up to m3"));
}

#[test]
fn a_newer_database_is_refused_naming_both_versions() {
    let ours = names(&["m1", "m2"]);
    let err = may_open(&names(&["m1", "m2", "m3"]), &ours).unwrap_err();
    assert_eq!(err.theirs, "m3");
    assert!(
        err.to_string()
            .starts_with("this database was last used by a newer version (schema m3)")
    );
    assert_eq!(may_open(&names(&["m1"]), &ours), Ok(SchemaFit::Older));
    assert_eq!(may_open(&names(&[]), &ours), Ok(SchemaFit::Older));
}

#[test]
fn retention_keeps_the_newest() {
    let list = [5, 4, 3, 2, 1];
    assert_eq!(to_prune(&list, 2), vec![3, 2, 1]);
    assert_eq!(to_prune(&list, 9), Vec::<i32>::new());
    assert_eq!(to_prune(&list, 0), vec![4, 3, 2, 1]);
}

#[test]
fn a_backup_is_overdue_after_twice_the_interval() {
    let now = Utc.with_ymd_and_hms(2026, 1, 10, 12, 0, 0).unwrap();
    let every = Duration::hours(24);
    assert!(!is_overdue(Some(now - Duration::hours(47)), now, every));
    assert!(is_overdue(Some(now - Duration::hours(49)), now, every));
    assert!(is_overdue(None, now, every));
    assert!(!is_overdue(None, now, Duration::zero()));
}
