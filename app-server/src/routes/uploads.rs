//! Uploading a picture (multipart, field `file`), and serving the stored sizes.

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{HttpResponse, post, web};
use domain::media::{Media, UploadError};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;

use crate::caller::CurrentCaller;
use crate::error::{ApiError, ErrorBody};
use crate::public_change::{Declare, Declared, Visible};
use crate::state::AppState;

/// The form of an upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// A JPEG, PNG, WebP or GIF picture (the type is read from the bytes).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// One stored size of a picture.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaSizeDto {
    pub width: u32,
    pub url: String,
}

/// A stored picture.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadDto {
    pub id: i64,
    /// The largest stored size.
    pub url: String,
    pub width: u32,
    pub height: u32,
    /// Every stored size, smallest first.
    pub sizes: Vec<MediaSizeDto>,
    /// The sizes as an `<img srcset>` value (`/media/... 400w, ...`).
    pub srcset: String,
}

impl From<Media> for UploadDto {
    fn from(m: Media) -> Self {
        let sizes: Vec<MediaSizeDto> = m
            .widths
            .iter()
            .map(|w| MediaSizeDto {
                width: *w,
                url: m.url(*w),
            })
            .collect();
        let srcset = sizes
            .iter()
            .map(|s| format!("{} {}w", s.url, s.width))
            .collect::<Vec<_>>()
            .join(", ");
        Self {
            id: m.id,
            url: m.largest_url(),
            width: m.width,
            height: m.height,
            sizes,
            srcset,
        }
    }
}

/// Uploads a picture (approved people). It is decoded and re-encoded on the server in
/// widths of 400, 800 and 1600 pixels (never wider than itself), without its metadata.
#[utoipa::path(
    tag = "uploads",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored", body = UploadDto),
        (status = 400, description = "No file, an unreadable picture, or over 40 megapixels", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Pending approval", body = ErrorBody),
        (status = 413, description = "Over the size limit or the person's total", body = ErrorBody),
        (status = 415, description = "Not a JPEG, PNG, WebP or GIF picture", body = ErrorBody),
        (status = 429, description = "Over the person's uploads a day", body = ErrorBody),
    )
)]
#[post("/uploads")]
pub async fn upload_picture(
    state: web::Data<AppState>,
    caller: CurrentCaller,
    mut form: Multipart,
) -> Result<Declared<HttpResponse>, ApiError> {
    state.media.check_may_upload(&caller.0)?;
    let max = state.media.max_bytes();
    let mut file: Option<Vec<u8>> = None;
    while let Some(field) = form.next().await {
        let mut field =
            field.map_err(|e| ApiError::bad_request(format!("Malformed upload: {e}")))?;
        let wanted = field.name() == Some("file") && file.is_none();
        let mut data = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| ApiError::bad_request(format!("Malformed upload: {e}")))?;
            if !wanted {
                continue;
            }
            if (data.len() + chunk.len()) as u64 > max {
                return Err(UploadError::TooLarge(max / (1024 * 1024)).into());
            }
            data.extend_from_slice(&chunk);
        }
        if wanted {
            file = Some(data);
        }
    }
    let file = file.ok_or_else(|| ApiError::bad_request("Choose a picture to upload"))?;
    let media = state.media.upload(&caller.0, file).await?;
    Ok(HttpResponse::Created()
        .json(UploadDto::from(media))
        .visible(Visible::Nothing))
}

/// `/media/{name}`: a stored size, with the server's own content type, no scripts, and
/// cached for good (a new upload gets a new name).
pub async fn media_file(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let Some((content_type, data)) = state.media.file(&name).await? else {
        return Err(ApiError::not_found("Picture not found"));
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; img-src 'self'; sandbox",
        ))
        .body(data))
}
