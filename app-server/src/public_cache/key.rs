//! Cache keys: one per answer, whatever order the parameters come in. Parameters the read
//! does not take are left out of the key (its handler ignores them too), so
//! `?offset=10&limit=5`, `?limit=5&offset=10` and `?limit=5&offset=10&_=123` share one kept
//! answer, and made-up parameters cannot fill the cache with copies of it.

use url::form_urlencoded;

/// The key of `path` asked with `query`, keeping only `params` (decoded names, as the
/// handlers read them), sorted by name (a name given twice keeps its values' order). `None`
/// when the query holds a control character: such a request is refused before any handler,
/// so it is never answered from the cache either.
pub(super) fn normalised(path: &str, query: &str, params: &[&str]) -> Option<String> {
    let mut pairs = Vec::new();
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if name.chars().chain(value.chars()).any(char::is_control) {
            return None;
        }
        if params.contains(&name.as_ref()) {
            pairs.push((name, value));
        }
    }
    if pairs.is_empty() {
        return Some(path.to_owned());
    }
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(pairs);
    Some(format!("{path}?{}", query.finish()))
}

/// The path part of a key.
pub(super) fn path_of(key: &str) -> &str {
    key.split_once('?').map_or(key, |(path, _)| path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &[&str] = &["q", "category", "limit", "offset"];

    #[test]
    fn the_order_of_parameters_does_not_matter() {
        let a = normalised("/api/stories", "limit=5&offset=10&category=Worship", LIST);
        let b = normalised("/api/stories", "category=Worship&offset=10&limit=5", LIST);
        assert_eq!(a, b);
        assert_eq!(
            a.as_deref(),
            Some("/api/stories?category=Worship&limit=5&offset=10")
        );
    }

    #[test]
    fn unknown_parameters_are_left_out() {
        assert_eq!(
            normalised("/api/stories", "_=123&limit=5&utm_source=x", LIST).as_deref(),
            Some("/api/stories?limit=5")
        );
        assert_eq!(
            normalised("/api/categories", "anything=1", &[]).as_deref(),
            Some("/api/categories")
        );
        assert_eq!(
            normalised("/api/site", "", &[]).as_deref(),
            Some("/api/site")
        );
    }

    #[test]
    fn names_and_values_are_read_as_the_handlers_read_them() {
        // An escaped name is the parameter it decodes to, not an unknown one.
        assert_eq!(
            normalised("/api/stories", "%6Cimit=5", LIST).as_deref(),
            Some("/api/stories?limit=5")
        );
        // `+` and `%20` are the same space.
        assert_eq!(
            normalised("/api/stories", "q=good+news", LIST),
            normalised("/api/stories", "q=good%20news", LIST)
        );
        // Different values stay different answers.
        assert_ne!(
            normalised("/api/stories", "q=a", LIST),
            normalised("/api/stories", "q=b", LIST)
        );
        // A name given twice keeps both values in their order (the handler refuses it).
        assert_eq!(
            normalised("/api/stories", "limit=2&q=x&limit=1", LIST).as_deref(),
            Some("/api/stories?limit=2&limit=1&q=x")
        );
    }

    #[test]
    fn a_control_character_is_never_a_key() {
        assert_eq!(normalised("/api/stories", "q=%01", LIST), None);
        assert_eq!(normalised("/api/stories", "unknown=%00", LIST), None);
    }

    #[test]
    fn the_path_of_a_key() {
        assert_eq!(
            path_of("/api/stories/1/comments?limit=5"),
            "/api/stories/1/comments"
        );
        assert_eq!(path_of("/api/site"), "/api/site");
    }
}
