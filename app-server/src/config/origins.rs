//! `ALLOWED_ORIGINS`: other sites whose pages may call the API with the visitor's cookie
//! (CORS with credentials), and whose writes pass the `Origin` check.

/// Parses the comma-separated list: each entry an `http(s)://host[:port]` origin, nothing
/// after it (a trailing `/` is forgiven). `null` and `*` are refused: a sandboxed or local
/// file page sends `null`, and a wildcard with credentials would let every site in.
///
/// # Errors
/// The first entry that is not an origin, and why.
pub fn parse_allowed_origins(list: &str) -> anyhow::Result<Vec<String>> {
    let mut origins = Vec::new();
    for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        anyhow::ensure!(
            entry != "null" && entry != "*",
            "ALLOWED_ORIGINS may not hold {entry:?}: name each site, such as https://app.example.org"
        );
        let url = url::Url::parse(entry)
            .map_err(|e| anyhow::anyhow!("ALLOWED_ORIGINS: {entry:?} is not an address ({e})"))?;
        let origin = url.origin().ascii_serialization();
        anyhow::ensure!(
            matches!(url.scheme(), "http" | "https") && origin == entry.trim_end_matches('/'),
            "ALLOWED_ORIGINS: {entry:?} is not an origin; write scheme, host and port only, such as https://app.example.org"
        );
        if !origins.contains(&origin) {
            origins.push(origin);
        }
    }
    Ok(origins)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn origins_are_listed_once_each_in_their_browser_form() {
        assert_eq!(
            parse_allowed_origins(
                " https://app.example.org/, http://localhost:5173,https://app.example.org "
            )
            .unwrap(),
            ["https://app.example.org", "http://localhost:5173"]
        );
        assert!(parse_allowed_origins("").unwrap().is_empty());
    }

    #[test]
    fn anything_but_an_origin_is_refused() {
        for bad in [
            "null",
            "*",
            "app.example.org",
            "https://app.example.org/path",
            "ftp://files.example.org",
            "https://app.example.org?x=1",
        ] {
            assert!(parse_allowed_origins(bad).is_err(), "{bad}");
        }
    }
}
