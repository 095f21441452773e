//! Sensitive content: the author says whether a story names another person, mentions a
//! child, or describes health, addiction or abuse; a reviewer approving such a story must
//! confirm a short checklist, which the activity log keeps.

use std::str::FromStr;

use crate::validation::FieldErrors;

/// What the author says a story touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SensitiveTopic {
    NamesPerson,
    MentionsChild,
    HealthAddictionAbuse,
}

impl SensitiveTopic {
    pub const ALL: [SensitiveTopic; 3] = [
        SensitiveTopic::NamesPerson,
        SensitiveTopic::MentionsChild,
        SensitiveTopic::HealthAddictionAbuse,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SensitiveTopic::NamesPerson => "namesPerson",
            SensitiveTopic::MentionsChild => "mentionsChild",
            SensitiveTopic::HealthAddictionAbuse => "healthAddictionAbuse",
        }
    }

    fn says(self) -> &'static str {
        match self {
            SensitiveTopic::NamesPerson => "names another person",
            SensitiveTopic::MentionsChild => "mentions a child",
            SensitiveTopic::HealthAddictionAbuse => "describes health, addiction or abuse",
        }
    }
}

impl FromStr for SensitiveTopic {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Self::ALL.into_iter().find(|t| t.as_str() == s).ok_or(())
    }
}

/// Topics as stored (comma-separated, in order, without repeats).
pub fn join_topics(topics: &[SensitiveTopic]) -> String {
    let mut t = topics.to_vec();
    t.sort_unstable();
    t.dedup();
    t.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(",")
}

/// Topics from their stored form (unknown names are dropped).
pub fn split_topics(stored: &str) -> Vec<SensitiveTopic> {
    stored.split(',').filter_map(|s| s.parse().ok()).collect()
}

/// What the reviewer confirms before approving a sensitive story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Checklist {
    /// "Other people named have agreed, or are not identifiable."
    pub others_agreed_or_unidentifiable: bool,
    /// "No child is identifiable."
    pub no_child_identifiable: bool,
}

/// Checks the approval of a story with these topics: none, nothing to confirm; any, both
/// items confirmed (naming `checklist`). Answers the note the activity log keeps.
///
/// # Errors
/// The field error naming `checklist`.
pub fn check_checklist(
    topics: &[SensitiveTopic],
    checklist: Option<Checklist>,
) -> Result<Option<String>, FieldErrors> {
    if topics.is_empty() {
        return Ok(None);
    }
    let confirmed =
        checklist.is_some_and(|c| c.others_agreed_or_unidentifiable && c.no_child_identifiable);
    if !confirmed {
        let mut errors = FieldErrors::new();
        errors.push(
            "checklist",
            "This story is marked sensitive: confirm that other people named have agreed or are not identifiable, and that no child is identifiable",
        );
        return Err(errors);
    }
    let says: Vec<&str> = topics.iter().map(|t| t.says()).collect();
    Ok(Some(format!(
        "Sensitive ({}). Checklist confirmed: other people named have agreed or are not identifiable; no child is identifiable",
        says.join(", ")
    )))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn a_story_without_topics_needs_no_checklist() {
        assert_eq!(check_checklist(&[], None).unwrap(), None);
    }

    #[test]
    fn a_sensitive_story_needs_both_items() {
        let topics = [SensitiveTopic::MentionsChild];
        let err = check_checklist(&topics, None).unwrap_err();
        assert_eq!(err.as_slice()[0].field, "checklist");
        let half = Checklist {
            others_agreed_or_unidentifiable: true,
            no_child_identifiable: false,
        };
        assert!(check_checklist(&topics, Some(half)).is_err());
        let both = Checklist {
            others_agreed_or_unidentifiable: true,
            no_child_identifiable: true,
        };
        let note = check_checklist(&topics, Some(both)).unwrap().unwrap();
        assert!(note.contains("mentions a child") && note.contains("Checklist confirmed"));
    }

    #[test]
    fn topics_are_stored_in_order_without_repeats() {
        use SensitiveTopic::*;
        let stored = join_topics(&[HealthAddictionAbuse, NamesPerson, HealthAddictionAbuse]);
        assert_eq!(stored, "namesPerson,healthAddictionAbuse");
        assert_eq!(
            split_topics(&stored),
            vec![NamesPerson, HealthAddictionAbuse]
        );
        assert_eq!(split_topics(""), vec![]);
    }
}
