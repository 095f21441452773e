//! Backups for the super admin: the list with the newest good one and whether backups are
//! overdue, "Back up now", and downloading one (each download in the activity log).

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use domain::backup::{BackupRun, RunState};
use serde::Serialize;
use utoipa::ToSchema;

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// How a backup stands.
#[derive(Debug, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum BackupStateDto {
    /// Being written.
    Running,
    /// Written, read back and checked against its manifest.
    Verified,
    Failed,
}

/// One backup run.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupDto {
    /// The archive's file name (download it at `/api/admin/backups/{name}`).
    pub name: String,
    pub state: BackupStateDto,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// Size of the archive, once verified.
    pub bytes: Option<u64>,
    pub people: Option<u64>,
    pub stories: Option<u64>,
    pub comments: Option<u64>,
    pub pictures: Option<u64>,
    /// Why it failed.
    pub error: Option<String>,
    /// Whether its file is still kept on this server (older ones are deleted past `keep`).
    pub downloadable: bool,
}

/// The Backups tab.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupsDto {
    /// The newest verified backup.
    pub last_good: Option<BackupDto>,
    /// The newest good backup is older than twice the interval (or there has been none
    /// for that long): something is wrong.
    pub overdue: bool,
    /// Hours between scheduled backups; 0 when they are off.
    pub every_hours: i64,
    /// How many of the newest backups are kept.
    pub keep: usize,
    /// Recent runs, newest first.
    pub backups: Vec<BackupDto>,
}

/// A backup that was started.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupStartedDto {
    /// The file name it will have once verified.
    pub name: String,
}

fn dto(run: BackupRun, kept: &[String]) -> BackupDto {
    let w = run.written.as_ref();
    BackupDto {
        downloadable: kept.contains(&run.name),
        state: match run.state {
            RunState::Running => BackupStateDto::Running,
            RunState::Verified => BackupStateDto::Verified,
            RunState::Failed => BackupStateDto::Failed,
        },
        bytes: w.map(|w| w.bytes),
        people: w.map(|w| w.people),
        stories: w.map(|w| w.stories),
        comments: w.map(|w| w.comments),
        pictures: w.map(|w| w.pictures),
        name: run.name,
        started_at: run.started_at,
        finished_at: run.finished_at,
        error: run.error,
    }
}

/// The newest good backup, whether backups are overdue, and the recent runs (super admin).
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The backups", body = BackupsDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
    )
)]
#[get("/admin/backups")]
pub async fn list_backups(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<web::Json<BackupsDto>, ApiError> {
    let view = state.backups.service.overview(&caller.0).await?;
    let kept = domain::backup::Archiver::list(state.backups.files.as_ref()).await?;
    Ok(web::Json(BackupsDto {
        last_good: view.newest_good.map(|r| dto(r, &kept)),
        overdue: view.overdue,
        every_hours: view.every.num_hours(),
        keep: view.keep,
        backups: view.runs.into_iter().map(|r| dto(r, &kept)).collect(),
    }))
}

/// Starts a backup now (super admin); it is written, read back and checked in the
/// background and shows in the list as `running`, then `verified` (or `failed`).
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 202, description = "Started", body = BackupStartedDto),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 409, description = "A backup was started this same second", body = ErrorBody),
    )
)]
#[post("/admin/backups")]
pub async fn start_backup(
    state: web::Data<AppState>,
    caller: CurrentCaller,
) -> Result<Declared<HttpResponse>, ApiError> {
    let service = state.backups.service.clone();
    let (name, slot) = service.start(&caller.0).await?;
    let started = BackupStartedDto { name: name.clone() };
    actix_web::rt::spawn(async move {
        match service.take(&slot, &name).await {
            Ok(Ok(_)) => tracing::info!(file = %name, "backup written and verified"),
            Ok(Err(e)) => tracing::error!(file = %name, error = %e, "backup failed"),
            Err(e) => tracing::error!(file = %name, error = %e, "backup could not be recorded"),
        }
    });
    Ok(HttpResponse::Accepted()
        .json(started)
        .visible(Visible::Nothing))
}

/// One backup archive, as a download (super admin; each download goes into the activity
/// log).
#[utoipa::path(
    tag = "admin",
    params(("name" = String, Path, description = "The backup's file name")),
    responses(
        (status = 200, description = "The archive", content_type = "application/zip"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a super admin", body = ErrorBody),
        (status = 404, description = "No such backup", body = ErrorBody),
    )
)]
#[get("/admin/backups/{name}")]
pub async fn download_backup(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    name: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    state.backups.service.download(&caller.0, &name).await?;
    let path = state.backups.files.path(&name);
    let file = file_stream(path).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"{name}\""),
        ))
        .insert_header(("cache-control", "no-store"))
        .body(file))
}

/// The file's bytes, streamed in chunks.
async fn file_stream(
    path: std::path::PathBuf,
) -> Result<
    actix_web::body::SizedStream<
        impl futures_util::Stream<Item = Result<web::Bytes, std::io::Error>>,
    >,
    ApiError,
> {
    let file = tokio::fs::File::open(&path)
        .await
        .map_err(|_| ApiError::not_found("no such backup"))?;
    let size = file
        .metadata()
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .len();
    let stream = futures_util::stream::unfold(file, |mut file| async move {
        use tokio::io::AsyncReadExt;
        let mut buf = vec![0u8; 64 * 1024];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                Some((Ok(web::Bytes::from(buf)), file))
            }
            Err(e) => Some((Err(e), file)),
        }
    });
    Ok(actix_web::body::SizedStream::new(size, stream))
}
