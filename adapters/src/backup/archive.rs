//! The archive file: a zip with `manifest.json`, one JSON-lines file per table
//! (`tables/<name>.jsonl`, each line one row as a JSON array in the manifest's column
//! order) and the pictures (`media/<file>`). The manifest names the format and schema
//! versions and, for every entry, its size and SHA-256 (and rows for a table). See
//! docs/backups.md.
//!
//! Zip is written and read on a blocking thread of its own; the database side sends it
//! chunks through a bounded channel, so memory stays at a few chunks whatever the size.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use zip::write::SimpleFileOptions;

use super::BackupError;
use super::schema::Column;

/// What the first bytes of `manifest.json` say the file is.
pub const FORMAT: &str = "grace-stories-backup";
/// The archive layout this binary writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;
pub const MANIFEST: &str = "manifest.json";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub format_version: u32,
    /// The version of the program that wrote it.
    pub app_version: String,
    /// `sqlite` or `postgres`: where it was taken (any engine restores it).
    pub engine: String,
    pub site_name: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The migrations applied to the database, in order: the schema version.
    pub schema: Vec<String>,
    pub tables: Vec<TableEntry>,
    pub media: Vec<FileEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableEntry {
    pub name: String,
    pub file: String,
    pub columns: Vec<Column>,
    pub rows: u64,
    pub bytes: u64,
    pub sha256: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FileEntry {
    pub file: String,
    pub bytes: u64,
    pub sha256: String,
}

impl Manifest {
    /// Rows per table, for people and monitoring.
    pub fn counts(&self) -> Vec<(String, u64)> {
        self.tables
            .iter()
            .map(|t| (t.name.clone(), t.rows))
            .collect()
    }
}

/// A message to the writing thread.
pub enum Chunk {
    Start(String),
    Data(Vec<u8>),
    Finish(Vec<u8>),
}

/// Computes an entry's size and SHA-256 as its chunks go by.
#[derive(Default)]
pub struct Digesting {
    hasher: Sha256,
    pub bytes: u64,
}

impl Digesting {
    pub fn add(&mut self, data: &[u8]) {
        self.hasher.update(data);
        self.bytes += data.len() as u64;
    }
    pub fn finish(self) -> String {
        hex::encode(self.hasher.finalize())
    }
}

/// Starts the thread that writes `path`: entries as they come, `manifest.json` at the end,
/// then `fsync`. Its answer comes once the channel closes.
pub fn spawn_writer(
    path: PathBuf,
) -> (
    mpsc::Sender<Chunk>,
    tokio::task::JoinHandle<Result<(), BackupError>>,
) {
    let (tx, mut rx) = mpsc::channel::<Chunk>(16);
    let handle = tokio::task::spawn_blocking(move || {
        let file = File::create(&path)?;
        let mut zip = zip::ZipWriter::new(file);
        let options = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        let mut finished = false;
        while let Some(chunk) = rx.blocking_recv() {
            match chunk {
                Chunk::Start(name) => zip.start_file(name, options)?,
                Chunk::Data(data) => zip.write_all(&data)?,
                Chunk::Finish(manifest) => {
                    zip.start_file(MANIFEST, options)?;
                    zip.write_all(&manifest)?;
                    finished = true;
                }
            }
        }
        if !finished {
            return Err(BackupError::Failed(
                "the backup stopped before its end".into(),
            ));
        }
        let file = zip.finish()?;
        file.sync_all()?;
        Ok(())
    });
    (tx, handle)
}

/// An archive opened for reading.
pub struct Reader {
    zip: zip::ZipArchive<BufReader<File>>,
}

impl Reader {
    /// Opens `path` and reads its manifest, refusing what is not an archive of ours or is
    /// of a newer format.
    ///
    /// # Errors
    /// [`BackupError::Invalid`] with the reason.
    pub fn open(path: &Path) -> Result<(Self, Manifest), BackupError> {
        let file = File::open(path)?;
        if file.metadata()?.len() == 0 {
            return Err(BackupError::Invalid("the file is empty".into()));
        }
        let mut zip = zip::ZipArchive::new(BufReader::new(file))
            .map_err(|e| BackupError::Invalid(format!("not a backup archive (or cut off): {e}")))?;
        let mut text = Vec::new();
        zip.by_name(MANIFEST)
            .map_err(|_| BackupError::Invalid("not a backup archive: no manifest.json".into()))?
            .read_to_end(&mut text)
            .map_err(|e| BackupError::Invalid(format!("manifest.json is damaged: {e}")))?;
        let head: serde_json::Value = serde_json::from_slice(&text)
            .map_err(|e| BackupError::Invalid(format!("manifest.json is damaged: {e}")))?;
        if head.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(BackupError::Invalid(
                "not a backup archive of this site's software".into(),
            ));
        }
        let version = head
            .get("format_version")
            .and_then(serde_json::Value::as_u64);
        match version {
            Some(v) if v <= u64::from(FORMAT_VERSION) => {}
            Some(v) => {
                return Err(BackupError::Invalid(format!(
                    "archive format {v} was written by a newer version; this one reads up to format {FORMAT_VERSION}"
                )));
            }
            None => {
                return Err(BackupError::Invalid(
                    "manifest.json has no format_version".into(),
                ));
            }
        }
        let manifest: Manifest = serde_json::from_value(head)
            .map_err(|e| BackupError::Invalid(format!("manifest.json is damaged: {e}")))?;
        Ok((Self { zip }, manifest))
    }

    /// Reads every entry the manifest lists and checks its size and SHA-256, and each
    /// table's row count and row shape.
    ///
    /// # Errors
    /// [`BackupError::Invalid`] naming the first entry that does not match.
    pub fn verify(&mut self, manifest: &Manifest) -> Result<(), BackupError> {
        for table in &manifest.tables {
            let rows = self.rows(&table.file, table.columns.len(), &mut |_| Ok(()))?;
            self.check(&table.file, table.bytes, &table.sha256, rows.0)?;
            if rows.1 != table.rows {
                return Err(BackupError::Invalid(format!(
                    "{} holds {} rows, the manifest says {}",
                    table.file, rows.1, table.rows
                )));
            }
        }
        for file in &manifest.media {
            let mut entry = self.entry(&file.file)?;
            let mut digest = Digesting::default();
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                let n = entry.read(&mut buf).map_err(|e| damaged(&file.file, &e))?;
                if n == 0 {
                    break;
                }
                digest.add(&buf[..n]);
            }
            drop(entry);
            self.check(&file.file, file.bytes, &file.sha256, digest)?;
        }
        Ok(())
    }

    fn check(&self, name: &str, bytes: u64, sha: &str, got: Digesting) -> Result<(), BackupError> {
        if got.bytes != bytes {
            return Err(BackupError::Invalid(format!(
                "{name} holds {} bytes, the manifest says {bytes}",
                got.bytes
            )));
        }
        if got.finish() != sha {
            return Err(BackupError::Invalid(format!(
                "{name} does not match its checksum: the archive was changed or damaged"
            )));
        }
        Ok(())
    }

    fn entry(
        &mut self,
        name: &str,
    ) -> Result<zip::read::ZipFile<'_, BufReader<File>>, BackupError> {
        self.zip
            .by_name(name)
            .map_err(|e| BackupError::Invalid(format!("{name} is missing or damaged: {e}")))
    }

    /// Reads the rows of table file `name`, each a JSON array of `width` values, giving
    /// each to `each`; answers the entry's digest and its number of rows.
    ///
    /// # Errors
    /// [`BackupError::Invalid`] for a damaged entry or a row of the wrong shape; what
    /// `each` answers.
    pub fn rows(
        &mut self,
        name: &str,
        width: usize,
        each: &mut dyn FnMut(Vec<serde_json::Value>) -> Result<(), BackupError>,
    ) -> Result<(Digesting, u64), BackupError> {
        let entry = self.entry(name)?;
        let mut lines = BufReader::with_capacity(64 * 1024, entry);
        let mut digest = Digesting::default();
        let mut count = 0u64;
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = lines
                .read_until(b'\n', &mut line)
                .map_err(|e| damaged(name, &e))?;
            if n == 0 {
                break;
            }
            digest.add(&line);
            count += 1;
            let row: Vec<serde_json::Value> = serde_json::from_slice(&line).map_err(|e| {
                BackupError::Invalid(format!("{name} line {count} is not a row: {e}"))
            })?;
            if row.len() != width {
                return Err(BackupError::Invalid(format!(
                    "{name} line {count} has {} values, the manifest names {width} columns",
                    row.len()
                )));
            }
            each(row)?;
        }
        Ok((digest, count))
    }

    /// The bytes of entry `name` (a picture).
    ///
    /// # Errors
    /// [`BackupError::Invalid`] when it is missing or damaged.
    pub fn read_all(&mut self, name: &str) -> Result<Vec<u8>, BackupError> {
        let mut data = Vec::new();
        self.entry(name)?
            .read_to_end(&mut data)
            .map_err(|e| damaged(name, &e))?;
        Ok(data)
    }
}

fn damaged(name: &str, e: &std::io::Error) -> BackupError {
    BackupError::Invalid(format!("{name} is damaged: {e}"))
}
