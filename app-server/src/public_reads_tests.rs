//! Tests of `public_reads.rs`.

use super::*;

#[test]
fn templates_match_whole_segments() {
    assert!(fits("/api/stories/{id}", "/api/stories/12"));
    assert!(!fits("/api/stories/{id}", "/api/stories/12/revisions"));
    assert!(!fits("/api/stories/{id}", "/api/stories/abc"));
    assert!(fits(
        "/api/stories/author/{userId}",
        "/api/stories/author/u-1"
    ));
    assert!(!fits("/api/stories", "/api/stories/"));
    assert!(find("/api/stories/7/pending-edit").is_none());
    assert!(find("/media/a.jpg").is_some_and(|r| r.cross_site && !r.cached));
}

/// The GETs `openapi.json` documents without a "Not signed in" 401: what visitors may read.
fn documented_public_gets() -> Vec<String> {
    let doc = serde_json::to_value(crate::routes::openapi_document()).unwrap_or_default();
    let mut paths = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        if let Some(get) = item.get("get")
            && get["responses"].get("401").is_none()
        {
            paths.push(path.clone());
        }
    }
    paths
}

#[test]
fn every_get_documented_without_401_is_a_public_read() {
    let documented = documented_public_gets();
    let missing: Vec<&String> = documented
        .iter()
        .filter(|p| !PUBLIC_READS.iter().any(|r| r.path == p.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "GETs documented without a 401 but missing from PUBLIC_READS (public_reads.rs): {missing:?}"
    );
    assert!(documented.len() >= 6, "{documented:?}");
}

#[test]
fn every_public_api_read_is_documented_without_401() {
    let documented = documented_public_gets();
    for read in PUBLIC_READS.iter().filter(|r| r.path.starts_with("/api/")) {
        assert!(
            documented.iter().any(|p| p == read.path),
            "{} is in PUBLIC_READS but openapi.json documents it with a 401, or not at all",
            read.path
        );
    }
}

/// The query parameters `openapi.json` documents for a GET.
fn documented_params(path: &str) -> Vec<String> {
    let doc = serde_json::to_value(crate::routes::openapi_document()).unwrap_or_default();
    let mut names: Vec<String> = doc["paths"][path]["get"]["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["in"] == "query")
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    names
}

#[test]
fn every_cached_api_read_keys_its_answers_by_the_documented_parameters() {
    // A parameter missing here would be left out of the cache key: two different answers
    // would share one.
    for read in PUBLIC_READS
        .iter()
        .filter(|r| r.cached && r.path.starts_with("/api/"))
    {
        let mut params: Vec<String> = read.params.iter().map(|p| (*p).to_owned()).collect();
        params.sort();
        assert_eq!(
            params,
            documented_params(read.path),
            "the params of {} in PUBLIC_READS",
            read.path
        );
    }
    assert_eq!(
        story_comments_path(domain::story::StoryId(7)),
        "/api/stories/7/comments"
    );
    assert!(find(&story_comments_path(domain::story::StoryId(7))).is_some_and(|r| r.cached));
}
