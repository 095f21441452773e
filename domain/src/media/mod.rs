//! Pictures people upload: the formats accepted (decided from the bytes), the sizes each
//! is stored in, and the limits that keep one person from filling the disk.

pub mod ports;
pub mod service;
mod uses;

use chrono::{DateTime, Utc};

use crate::user::UserId;

pub use ports::{ImageError, ImageProcessor, MediaRepository, MediaStore};
pub use service::{MediaService, UploadError};
pub use uses::UNUSED_GRACE_HOURS;

/// The widths a picture is stored in (never wider than the upload itself).
pub const WIDTHS: [u32; 3] = [400, 800, 1600];
/// The most pixels a picture may have: more would take too much memory to decode.
pub const MAX_PIXELS: u64 = 40_000_000;

/// The picture formats accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    WebP,
    Gif,
}

impl ImageKind {
    /// The format the bytes really are, from their signature; `None` for anything else
    /// (whatever the file's name or the browser's content type said).
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::WebP)
        } else {
            None
        }
    }
}

/// How a stored size is encoded: JPEG for opaque pictures, PNG where transparency matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoredFormat {
    Jpeg,
    Png,
}

impl StoredFormat {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
        }
    }

    /// The format of a stored file from its extension (the server's own key, never the
    /// upload's name).
    pub fn from_extension(ext: &str) -> Option<Self> {
        match ext {
            "jpg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            _ => None,
        }
    }
}

/// The file name of one stored size: `{key}-{width}.{ext}`.
pub fn file_name(key: &str, width: u32, format: StoredFormat) -> String {
    format!("{key}-{width}.{}", format.extension())
}

/// Whether `url` is the site's own address of a stored picture size
/// (`/media/{32 hex digits}-{width}.{jpg|png}`), the only site path a story may point at.
pub fn is_media_path(url: &str) -> bool {
    let Some(name) = url.strip_prefix("/media/") else {
        return false;
    };
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    let Some((key, width)) = stem.split_once('-') else {
        return false;
    };
    StoredFormat::from_extension(ext).is_some()
        && key.len() == 32
        && key.chars().all(|c| c.is_ascii_hexdigit())
        && !width.is_empty()
        && width.len() <= 5
        && width.chars().all(|c| c.is_ascii_digit())
}

/// The widths to store for a picture `width` pixels wide: every standard width below it,
/// and the picture's own width when it is under the largest one.
pub fn widths_for(width: u32) -> Vec<u32> {
    let largest = WIDTHS[WIDTHS.len() - 1];
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|w| *w < width).collect();
    widths.push(width.min(largest));
    widths.dedup();
    widths
}

/// A stored picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Media {
    pub id: i64,
    pub owner: UserId,
    /// Random; part of every file name, so a new upload never reuses a cached address.
    pub key: String,
    pub format: StoredFormat,
    /// Of the largest stored size.
    pub width: u32,
    pub height: u32,
    /// The stored widths, smallest first.
    pub widths: Vec<u32>,
    /// Bytes of every stored size together.
    pub bytes: u64,
    pub created_at: DateTime<Utc>,
}

impl Media {
    /// The address of one stored size.
    pub fn url(&self, width: u32) -> String {
        format!("/media/{}", file_name(&self.key, width, self.format))
    }

    /// The address of the largest size.
    pub fn largest_url(&self) -> String {
        self.url(self.width)
    }
}

/// What the adapter is asked to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMedia {
    pub owner: UserId,
    pub key: String,
    pub format: StoredFormat,
    pub width: u32,
    pub height: u32,
    pub widths: Vec<u32>,
    pub bytes: u64,
    pub created_at: DateTime<Utc>,
}

/// The per-person limits (configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UploadLimits {
    /// Largest file accepted, in bytes.
    pub max_bytes: u64,
    /// Uploads per person in 24 hours.
    pub per_day: u64,
    /// All of a person's stored pictures together, in bytes.
    pub total_bytes: u64,
}

impl Default for UploadLimits {
    fn default() -> Self {
        Self {
            max_bytes: 10 * 1024 * 1024,
            per_day: 50,
            total_bytes: 500 * 1024 * 1024,
        }
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
