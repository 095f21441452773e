//! Where uploaded pictures live and how much each person may upload.

use super::{var, var_or};

/// Uploaded pictures (`MEDIA_DIR` or `MEDIA_S3_*`, `UPLOAD_MAX_MB`, `UPLOAD_DAILY_LIMIT`,
/// `UPLOAD_QUOTA_MB`).
#[derive(Clone, Debug)]
pub struct MediaConfig {
    pub dir: std::path::PathBuf,
    /// S3-compatible storage instead of `dir` (`MEDIA_S3_URL` set).
    pub s3: Option<adapters::S3Settings>,
    pub limits: domain::media::UploadLimits,
}

impl Default for MediaConfig {
    fn default() -> Self {
        Self {
            dir: "data/media".into(),
            s3: None,
            limits: domain::media::UploadLimits::default(),
        }
    }
}

/// `MEDIA_S3_URL` with its bucket and credentials; `None` when it is not set.
fn s3_from_env() -> anyhow::Result<Option<adapters::S3Settings>> {
    let Some(endpoint) = var("MEDIA_S3_URL") else {
        return Ok(None);
    };
    let required = |name: &str| {
        var(name).ok_or_else(|| anyhow::anyhow!("MEDIA_S3_URL is set, so {name} must be too"))
    };
    Ok(Some(adapters::S3Settings {
        endpoint,
        bucket: required("MEDIA_S3_BUCKET")?,
        access_key_id: required("MEDIA_S3_ACCESS_KEY_ID")?,
        secret_access_key: required("MEDIA_S3_SECRET_ACCESS_KEY")?,
        region: var_or("MEDIA_S3_REGION", "us-east-1"),
    }))
}

impl MediaConfig {
    pub(super) fn from_env() -> anyhow::Result<Self> {
        let defaults = domain::media::UploadLimits::default();
        let number = |name: &str, default: u64| -> anyhow::Result<u64> {
            match var(name) {
                Some(v) => v.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    anyhow::anyhow!("{name} must be a whole number above 0, got {v:?}")
                }),
                None => Ok(default),
            }
        };
        const MB: u64 = 1024 * 1024;
        Ok(Self {
            dir: var_or("MEDIA_DIR", "data/media").into(),
            s3: s3_from_env()?,
            limits: domain::media::UploadLimits {
                max_bytes: number("UPLOAD_MAX_MB", defaults.max_bytes / MB)? * MB,
                per_day: number("UPLOAD_DAILY_LIMIT", defaults.per_day)?,
                total_bytes: number("UPLOAD_QUOTA_MB", defaults.total_bytes / MB)? * MB,
            },
        })
    }
}

impl MediaConfig {
    /// Where pictures live: S3-compatible storage when `MEDIA_S3_URL` is set, else `MEDIA_DIR`.
    ///
    /// # Errors
    /// An unusable `MEDIA_S3_URL`, or a `MEDIA_DIR` that cannot be created.
    pub fn store(&self) -> anyhow::Result<std::sync::Arc<dyn domain::media::MediaStore>> {
        Ok(match &self.s3 {
            Some(s3) => std::sync::Arc::new(
                adapters::S3MediaStore::new(s3)
                    .map_err(|e| anyhow::anyhow!("MEDIA_S3_URL {}: {e}", s3.endpoint))?,
            ),
            None => std::sync::Arc::new(
                adapters::FsMediaStore::new(&self.dir)
                    .map_err(|e| anyhow::anyhow!("MEDIA_DIR {}: {e}", self.dir.display()))?,
            ),
        })
    }
}
