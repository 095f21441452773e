//! A short, human description of a browser's `User-Agent` for the sessions list
//! ("Firefox 133 on Windows"): enough for a person to recognise their devices, no more.

/// A browser and operating system, as the sessions list shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub browser: String,
    pub os: String,
}

/// The major version after `token` (`Firefox/133.0` → `133`).
fn version(agent: &str, token: &str) -> Option<String> {
    let after = &agent[agent.find(token)? + token.len()..];
    let major: String = after.chars().take_while(char::is_ascii_digit).collect();
    (!major.is_empty()).then_some(major)
}

/// Describes `agent`; unknown parts read "Unknown browser" and "Unknown OS".
pub fn describe(agent: &str) -> Described {
    // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
    let browsers = [
        ("Edge", "Edg/"),
        ("Opera", "OPR/"),
        ("Firefox", "Firefox/"),
        ("Chrome", "Chrome/"),
        ("Safari", "Version/"),
    ];
    let browser = browsers
        .iter()
        .find(|(_, token)| agent.contains(token))
        .map_or_else(
            || "Unknown browser".to_owned(),
            |(name, token)| match version(agent, token) {
                Some(v) => format!("{name} {v}"),
                None => (*name).to_owned(),
            },
        );
    let systems = [
        ("iOS", "iPhone"),
        ("iOS", "iPad"),
        ("Android", "Android"),
        ("ChromeOS", "CrOS"),
        ("Windows", "Windows"),
        ("macOS", "Mac OS X"),
        ("Linux", "Linux"),
    ];
    let os = systems
        .iter()
        .find(|(_, token)| agent.contains(token))
        .map_or("Unknown OS", |(name, _)| name)
        .to_owned();
    Described { browser, os }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(agent: &str) -> (String, String) {
        let x = describe(agent);
        (x.browser, x.os)
    }

    #[test]
    fn common_browsers_are_named_with_their_major_version() {
        assert_eq!(
            d(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
            ),
            ("Chrome 131".into(), "Windows".into())
        );
        assert_eq!(
            d(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86"
            ),
            ("Edge 131".into(), "Windows".into())
        );
        assert_eq!(
            d("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
            ("Firefox 133".into(), "Linux".into())
        );
        assert_eq!(
            d(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
            ),
            ("Safari 17".into(), "iOS".into())
        );
        assert_eq!(
            d(
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
            ),
            ("Chrome 131".into(), "Android".into())
        );
    }

    #[test]
    fn anything_else_is_unknown() {
        assert_eq!(
            d("curl/8.5.0"),
            ("Unknown browser".into(), "Unknown OS".into())
        );
        assert_eq!(d(""), ("Unknown browser".into(), "Unknown OS".into()));
    }
}
