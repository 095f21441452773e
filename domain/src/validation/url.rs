//! Web addresses: a small hand-written http(s) URL splitter and the story thumbnail URL.

use std::fmt;

/// An absolute http(s) URL split into the parts the checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HttpUrl<'a> {
    /// Lowercased, without a trailing dot.
    pub host: String,
    pub port: Option<&'a str>,
    /// From the first `/` after the host up to `?` or `#`; may be empty.
    pub path: &'a str,
    /// After `?` up to `#`; may be empty.
    pub query: &'a str,
}

/// ASCII characters that never appear unencoded in a real link; a browser would have
/// percent-encoded them, so their presence means a hand-made or hostile string.
const FORBIDDEN: &str = " \"<>\\^`{|}";

/// Splits `url` when it is an absolute `http://` or `https://` URL with a host name
/// (letters, digits, `.`, `-`, `_`) and an optional numeric port. User info (`user@host`),
/// IP-v6 literals, whitespace and control characters are refused.
pub(crate) fn split_http_url(url: &str) -> Option<HttpUrl<'_>> {
    if url
        .chars()
        .any(|c| c.is_control() || c.is_whitespace() || FORBIDDEN.contains(c))
    {
        return None;
    }
    let scheme_end = url.find("://")?;
    if !matches!(
        url[..scheme_end].to_ascii_lowercase().as_str(),
        "http" | "https"
    ) {
        return None;
    }
    let rest = &url[scheme_end + 3..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, after) = rest.split_at(authority_end);
    let (host, port) = match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        && !host.starts_with(['.', '-'])
        && !host.contains("..");
    let port_ok =
        port.is_none_or(|p| (1..=5).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()));
    if !host_ok || !port_ok {
        return None;
    }
    let before_fragment = after.split('#').next().unwrap_or("");
    let (path, query) = before_fragment
        .split_once('?')
        .unwrap_or((before_fragment, ""));
    Some(HttpUrl {
        host: host.to_ascii_lowercase(),
        port,
        path,
        query,
    })
}

/// The value of the first `key=value` pair named `key` in a query string.
pub(crate) fn query_param<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == key).then_some(v)
    })
}

/// Whether `url` is an absolute address on the site's own host (`public_url`'s, whatever
/// the scheme or port: a browser sends the site's cookies to each of them) that is not
/// one of its stored pictures. Such an address in a picture makes every reader's browser
/// call the site with their cookies (`https://<site>/api/...`), so pictures refuse it
/// like the relative `/api/...`; `/media/...` pictures of the site stay allowed.
pub fn is_own_site_beyond_media(url: &str, public_url: &str) -> bool {
    let (Some(url), Some(site)) = (split_http_url(url.trim()), split_http_url(public_url)) else {
        return false;
    };
    url.host == site.host && !crate::media::is_media_path(url.path)
}

/// A story thumbnail: an absolute http(s) URL with a host, at most 2,048 characters, kept
/// as given (trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ThumbnailUrl(String);

/// Why a [`ThumbnailUrl`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ThumbnailUrlError {
    #[error("Thumbnail URL must be an http or https link")]
    NotHttp,
    #[error("Thumbnail URL must be at most 2,048 characters")]
    TooLong,
    #[error("Thumbnail URL may point at this site only for an uploaded picture")]
    OwnSite,
}

impl ThumbnailUrl {
    pub const MAX_CHARS: usize = 2_048;

    /// `None` for a missing or blank URL, else the checked, trimmed URL.
    ///
    /// # Errors
    /// [`ThumbnailUrlError::TooLong`] past 2,048 characters, [`ThumbnailUrlError::NotHttp`]
    /// for anything but an absolute http(s) URL with a host.
    pub fn parse(input: Option<&str>) -> Result<Option<Self>, ThumbnailUrlError> {
        let url = input.unwrap_or("").trim();
        if url.is_empty() {
            return Ok(None);
        }
        if url.chars().count() > Self::MAX_CHARS {
            return Err(ThumbnailUrlError::TooLong);
        }
        if split_http_url(url).is_some() || crate::media::is_media_path(url) {
            Ok(Some(Self(url.to_owned())))
        } else {
            Err(ThumbnailUrlError::NotHttp)
        }
    }

    /// [`Self::parse`] for a site served at `public_url`: an address of the site itself
    /// must be one of its uploaded pictures.
    ///
    /// # Errors
    /// As [`Self::parse`], and [`ThumbnailUrlError::OwnSite`] for any other address of
    /// the site ([`is_own_site_beyond_media`]).
    pub fn parse_on_site(
        input: Option<&str>,
        public_url: &str,
    ) -> Result<Option<Self>, ThumbnailUrlError> {
        let url = Self::parse(input)?;
        match url {
            Some(u) if is_own_site_beyond_media(&u.0, public_url) => {
                Err(ThumbnailUrlError::OwnSite)
            }
            other => Ok(other),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl fmt::Display for ThumbnailUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A profile picture: an absolute `https://` URL with a host, at most 2,048 characters
/// (the CSP allows https images only, so an http picture would never show).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProfileImageUrl(String);

/// Why a [`ProfileImageUrl`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ProfileImageUrlError {
    #[error("Profile image must be an https:// link")]
    NotHttps,
    #[error("Profile image URL must be at most 2,048 characters")]
    TooLong,
    #[error("Profile image may point at this site only for an uploaded picture")]
    OwnSite,
}

impl ProfileImageUrl {
    pub const MAX_CHARS: usize = 2_048;

    /// `None` for a missing or blank URL (no picture), else the checked, trimmed URL.
    ///
    /// # Errors
    /// [`ProfileImageUrlError::TooLong`] past 2,048 characters,
    /// [`ProfileImageUrlError::NotHttps`] for anything but an absolute https URL with a host.
    pub fn parse(input: Option<&str>) -> Result<Option<Self>, ProfileImageUrlError> {
        let url = input.unwrap_or("").trim();
        if url.is_empty() {
            return Ok(None);
        }
        if url.chars().count() > Self::MAX_CHARS {
            return Err(ProfileImageUrlError::TooLong);
        }
        let https = url
            .get(..8)
            .is_some_and(|s| s.eq_ignore_ascii_case("https://"));
        match split_http_url(url) {
            Some(_) if https => Ok(Some(Self(url.to_owned()))),
            _ => Err(ProfileImageUrlError::NotHttps),
        }
    }

    /// [`Self::parse`] for a site served at `public_url`: an address of the site itself
    /// must be one of its uploaded pictures.
    ///
    /// # Errors
    /// As [`Self::parse`], and [`ProfileImageUrlError::OwnSite`] for any other address of
    /// the site ([`is_own_site_beyond_media`]).
    pub fn parse_on_site(
        input: Option<&str>,
        public_url: &str,
    ) -> Result<Option<Self>, ProfileImageUrlError> {
        let url = Self::parse(input)?;
        match url {
            Some(u) if is_own_site_beyond_media(&u.0, public_url) => {
                Err(ProfileImageUrlError::OwnSite)
            }
            other => Ok(other),
        }
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    #[test]
    fn a_profile_image_must_be_https() {
        assert_eq!(
            ProfileImageUrl::parse(Some("http://example.org/me.png")),
            Err(ProfileImageUrlError::NotHttps)
        );
        assert_eq!(
            ProfileImageUrl::parse(Some("javascript:alert(1)")),
            Err(ProfileImageUrlError::NotHttps)
        );
        assert_eq!(ProfileImageUrl::parse(Some("  ")), Ok(None));
        assert_eq!(
            ProfileImageUrl::parse(Some(" https://example.org/me.png "))
                .unwrap()
                .unwrap()
                .into_inner(),
            "https://example.org/me.png"
        );
    }

    use super::*;

    #[test]
    fn a_url_is_split_into_host_port_path_and_query() {
        let url = split_http_url("HTTPS://Img.Example.ORG.:8443/a/b.jpg?w=400#top").unwrap();
        assert_eq!(url.host, "img.example.org");
        assert_eq!(
            (url.port, url.path, url.query),
            (Some("8443"), "/a/b.jpg", "w=400")
        );
    }

    #[test]
    fn a_query_parameter_is_found_by_name() {
        assert_eq!(query_param("a=1&v=xyz&v=2", "v"), Some("xyz"));
        assert_eq!(query_param("a=1", "v"), None);
    }

    #[test]
    fn a_missing_or_blank_thumbnail_is_none() {
        assert_eq!(ThumbnailUrl::parse(None), Ok(None));
        assert_eq!(ThumbnailUrl::parse(Some("  ")), Ok(None));
    }

    #[test]
    fn an_uploaded_picture_is_a_thumbnail_but_no_other_site_path() {
        let uploaded = "/media/0123456789abcdef0123456789abcdef-800.jpg";
        assert_eq!(
            ThumbnailUrl::parse(Some(uploaded))
                .unwrap()
                .unwrap()
                .as_str(),
            uploaded
        );
        for path in [
            "/api/logout",
            "/media/../app.db",
            "/media/x-800.jpg",
            "//evil.example/a.jpg",
        ] {
            assert_eq!(
                ThumbnailUrl::parse(Some(path)),
                Err(ThumbnailUrlError::NotHttp),
                "{path}"
            );
        }
    }

    #[test]
    fn an_http_or_https_thumbnail_is_kept_trimmed() {
        for ok in [
            "https://images.example.org/a.jpg",
            "http://example.org/x.png?size=400x300",
            "https://cdn.example.org",
        ] {
            let parsed = ThumbnailUrl::parse(Some(&format!(" {ok} ")))
                .unwrap()
                .unwrap();
            assert_eq!(parsed.as_str(), ok);
        }
    }

    #[test]
    fn a_thumbnail_that_is_not_an_http_link_with_a_host_is_rejected() {
        for bad in [
            "javascript:alert(1)",
            "data:image/png;base64,AAAA",
            "ftp://example.org/a.jpg",
            "//example.org/a.jpg",
            "example.org/a.jpg",
            "https://",
            "https:///a.jpg",
            "http://:80/a.jpg",
            "https://user:pw@example.org/a.jpg",
            "https://exa mple.org/a.jpg",
            "https://example.org/a\".jpg",
            "https://example.org:port/a.jpg",
            "https://[::1]/a.jpg",
        ] {
            assert_eq!(
                ThumbnailUrl::parse(Some(bad)),
                Err(ThumbnailUrlError::NotHttp),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_thumbnail_url_longer_than_2048_chars_is_rejected() {
        let base = "https://example.org/";
        let ok = format!("{base}{}", "a".repeat(2_048 - base.len()));
        assert!(ThumbnailUrl::parse(Some(&ok)).unwrap().is_some());
        let long = format!("{ok}a");
        assert_eq!(
            ThumbnailUrl::parse(Some(&long)),
            Err(ThumbnailUrlError::TooLong)
        );
    }

    #[test]
    fn addresses_of_the_site_itself_are_pictures_only() {
        let site = "https://stories.example.org";
        let picture = "https://stories.example.org/media/0123456789abcdef0123456789abcdef-640.jpg";
        for own in [
            "https://stories.example.org/api/logout",
            "https://STORIES.example.org./api/user",
            "http://stories.example.org:8080/api/admin/users",
            "https://stories.example.org",
            "https://stories.example.org/media/../api/logout",
        ] {
            assert!(is_own_site_beyond_media(own, site), "{own}");
            assert_eq!(
                ThumbnailUrl::parse_on_site(Some(own), site),
                Err(ThumbnailUrlError::OwnSite),
                "{own}"
            );
        }
        assert_eq!(
            ProfileImageUrl::parse_on_site(Some("https://stories.example.org/api/logout"), site),
            Err(ProfileImageUrlError::OwnSite)
        );
        for fine in [
            picture,
            "https://other.example.org/api/logout",
            "https://example.org/x.png",
        ] {
            assert!(!is_own_site_beyond_media(fine, site), "{fine}");
            assert!(
                ThumbnailUrl::parse_on_site(Some(fine), site)
                    .unwrap()
                    .is_some(),
                "{fine}"
            );
            assert!(
                ProfileImageUrl::parse_on_site(Some(fine), site)
                    .unwrap()
                    .is_some(),
                "{fine}"
            );
        }
    }
}
