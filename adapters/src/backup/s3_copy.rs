//! A copy of each backup in the S3-compatible store (`BACKUP_S3_PREFIX`, with the media
//! store's `MEDIA_S3_*` settings), so a lost server or disk does not take every backup
//! with it. The objects under the prefix are pruned to the newest `keep`, like the folder.

use std::path::Path;
use std::sync::Arc;

use domain::backup::{is_backup_name, to_prune};
use futures_util::TryStreamExt;
use object_store::ObjectStore;
use object_store::path::Path as ObjectPath;
use tokio::io::AsyncWriteExt;

use crate::S3Settings;

/// Where the copies go: the bucket, the prefix, how many are kept.
pub struct S3Copy {
    store: Arc<dyn ObjectStore>,
    prefix: String,
    keep: usize,
}

impl S3Copy {
    /// Copies into `settings.bucket` under `prefix` (slashes around it do not matter),
    /// keeping the newest `keep` backups there.
    ///
    /// # Errors
    /// When the settings are not usable (a malformed address).
    pub fn new(
        settings: &S3Settings,
        prefix: &str,
        keep: usize,
    ) -> Result<Self, object_store::Error> {
        Ok(Self {
            store: Arc::new(crate::media_store::s3_client(settings)?),
            prefix: prefix.trim_matches('/').to_owned(),
            keep,
        })
    }

    fn location(&self, name: &str) -> anyhow::Result<ObjectPath> {
        let key = if self.prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{}/{name}", self.prefix)
        };
        ObjectPath::parse(&key).map_err(|e| anyhow::anyhow!("BACKUP_S3_PREFIX {key:?}: {e}"))
    }

    /// Uploads the finished backup at `file` as `name` (in parts, never whole in memory),
    /// then deletes the oldest copies beyond the number kept.
    ///
    /// # Errors
    /// When the upload, the listing or a deletion fails.
    pub async fn copy(&self, file: &Path, name: &str) -> anyhow::Result<()> {
        let mut from = tokio::fs::File::open(file).await?;
        let mut to =
            object_store::buffered::BufWriter::new(self.store.clone(), self.location(name)?);
        if let Err(e) = tokio::io::copy(&mut from, &mut to).await {
            let _ = to.abort().await;
            return Err(anyhow::anyhow!("uploading {name}: {e}"));
        }
        to.shutdown()
            .await
            .map_err(|e| anyhow::anyhow!("uploading {name}: {e}"))?;
        let names = self.list().await?;
        for old in to_prune(&names, self.keep) {
            use object_store::ObjectStoreExt;
            match self.store.delete(&self.location(&old)?).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(anyhow::anyhow!("deleting the old copy {old}: {e}")),
            }
        }
        Ok(())
    }

    /// The names of the backups under the prefix, newest first.
    ///
    /// # Errors
    /// When the bucket cannot be listed.
    pub async fn list(&self) -> anyhow::Result<Vec<String>> {
        let prefix = (!self.prefix.is_empty()).then(|| ObjectPath::from(self.prefix.as_str()));
        let found: Vec<_> = self
            .store
            .list(prefix.as_ref())
            .try_collect()
            .await
            .map_err(|e| anyhow::anyhow!("listing {:?}: {e}", self.prefix))?;
        let mut names: Vec<String> = found
            .into_iter()
            .filter_map(|o| {
                let name = o.location.filename()?.to_owned();
                // Only the prefix's own backups, not those of a deeper "folder".
                let parent = o
                    .location
                    .as_ref()
                    .strip_suffix(name.as_str())?
                    .trim_end_matches('/');
                (parent == self.prefix && is_backup_name(&name)).then_some(name)
            })
            .collect();
        names.sort();
        names.reverse();
        Ok(names)
    }
}
