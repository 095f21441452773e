//! Story video links: YouTube and Vimeo only, stored in their embed form.

use std::fmt;

use super::url::{HttpUrl, query_param, split_http_url};

/// Where a video is hosted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VideoHost {
    YouTube,
    Vimeo,
}

/// A video link in embed form: `https://www.youtube.com/embed/ID[?start=SECONDS]` or
/// `https://player.vimeo.com/video/NUMBER`.
///
/// Accepted input: YouTube `watch?v=`, `youtu.be/`, `shorts/`, `live/`, `embed/` and `v/`
/// links on `youtube.com`, `www.`/`m.` and `youtube-nocookie.com`; Vimeo `vimeo.com/NUMBER`
/// and `player.vimeo.com/video/NUMBER`. A YouTube start time (`t` or `start`, as `90`,
/// `90s` or `1h2m3s`) is kept; everything else in the link is dropped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VideoUrl {
    embed: String,
    host: VideoHost,
}

/// Why a [`VideoUrl`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum VideoUrlError {
    #[error("Video URL is required")]
    Required,
    #[error("Video URL must be at most 2,048 characters")]
    TooLong,
    /// Not an http(s) link to YouTube or Vimeo.
    #[error("Video URL must be a YouTube or Vimeo link")]
    Unsupported,
    /// A YouTube or Vimeo link that names no single video.
    #[error("Video URL must link to a single YouTube or Vimeo video")]
    NoVideoId,
}

impl VideoUrl {
    pub const MAX_CHARS: usize = 2_048;

    /// Checks a link and turns it into its embed form.
    ///
    /// # Errors
    /// [`VideoUrlError::Required`] when blank, [`VideoUrlError::TooLong`] past 2,048
    /// characters, [`VideoUrlError::Unsupported`] for other sites and schemes,
    /// [`VideoUrlError::NoVideoId`] for a YouTube or Vimeo link without a valid video id.
    pub fn parse(input: &str) -> Result<Self, VideoUrlError> {
        let input = input.trim();
        if input.is_empty() {
            return Err(VideoUrlError::Required);
        }
        if input.chars().count() > Self::MAX_CHARS {
            return Err(VideoUrlError::TooLong);
        }
        let url = split_http_url(input).ok_or(VideoUrlError::Unsupported)?;
        if url.port.is_some() {
            return Err(VideoUrlError::Unsupported);
        }
        let segments = segments(url.path);
        let found = match url.host.as_str() {
            "youtube.com" | "www.youtube.com" | "m.youtube.com" => match segments.as_slice() {
                ["watch"] => query_param(url.query, "v").and_then(youtube_id),
                ["embed" | "shorts" | "live" | "v", id] => youtube_id(id),
                _ => None,
            },
            "youtu.be" | "www.youtu.be" => match segments.as_slice() {
                [id] => youtube_id(id),
                _ => None,
            },
            "youtube-nocookie.com" | "www.youtube-nocookie.com" => match segments.as_slice() {
                ["embed", id] => youtube_id(id),
                _ => None,
            },
            "vimeo.com" | "www.vimeo.com" => match segments.as_slice() {
                [number] => return vimeo(number),
                _ => None,
            },
            "player.vimeo.com" => match segments.as_slice() {
                ["video", number] => return vimeo(number),
                _ => None,
            },
            _ => return Err(VideoUrlError::Unsupported),
        };
        let id = found.ok_or(VideoUrlError::NoVideoId)?;
        let embed = match start_seconds(&url) {
            Some(start) => format!("https://www.youtube.com/embed/{id}?start={start}"),
            None => format!("https://www.youtube.com/embed/{id}"),
        };
        Ok(Self {
            embed,
            host: VideoHost::YouTube,
        })
    }

    /// `None` for a missing or blank link (a text story), else [`VideoUrl::parse`].
    ///
    /// # Errors
    /// As [`VideoUrl::parse`], except that blank is not an error.
    pub fn parse_optional(input: Option<&str>) -> Result<Option<Self>, VideoUrlError> {
        match input.map(str::trim) {
            None | Some("") => Ok(None),
            Some(link) => Self::parse(link).map(Some),
        }
    }

    /// The embed link.
    pub fn as_str(&self) -> &str {
        &self.embed
    }

    pub fn host(&self) -> VideoHost {
        self.host
    }

    pub fn into_inner(self) -> String {
        self.embed
    }
}

impl fmt::Display for VideoUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.embed)
    }
}

/// The path's segments, ignoring one leading and one trailing slash.
fn segments(path: &str) -> Vec<&str> {
    let path = path.strip_prefix('/').unwrap_or(path);
    path.strip_suffix('/').unwrap_or(path).split('/').collect()
}

fn youtube_id(id: &str) -> Option<&str> {
    let ok = id.len() == 11
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    ok.then_some(id)
}

fn vimeo(number: &str) -> Result<VideoUrl, VideoUrlError> {
    if !(1..=15).contains(&number.len()) || !number.chars().all(|c| c.is_ascii_digit()) {
        return Err(VideoUrlError::NoVideoId);
    }
    Ok(VideoUrl {
        embed: format!("https://player.vimeo.com/video/{number}"),
        host: VideoHost::Vimeo,
    })
}

/// A positive start time from `t` or `start`; malformed times are dropped, not refused.
fn start_seconds(url: &HttpUrl<'_>) -> Option<u32> {
    let value = query_param(url.query, "t").or_else(|| query_param(url.query, "start"))?;
    let seconds = if value.chars().all(|c| c.is_ascii_digit()) {
        value.parse().ok()?
    } else {
        // `1h2m3s`, `2m`, `90s`: numbers each followed by a unit.
        let (mut total, mut number) = (0u32, String::new());
        for c in value.chars() {
            let unit = match c {
                '0'..='9' => {
                    number.push(c);
                    continue;
                }
                'h' => 3_600,
                'm' => 60,
                's' => 1,
                _ => return None,
            };
            let n: u32 = number.parse().ok()?;
            total = total.checked_add(n.checked_mul(unit)?)?;
            number.clear();
        }
        if !number.is_empty() {
            return None;
        }
        total
    };
    (seconds > 0).then_some(seconds)
}

#[cfg(test)]
#[path = "video_tests.rs"]
mod tests;
