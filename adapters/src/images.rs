//! Pictures decoded and re-encoded with the `image` crate: the header is read first and
//! a picture over the pixel limit is refused before any decoding; the camera's rotation
//! is applied, then every size is encoded afresh, so nothing of the upload but its pixels
//! (no EXIF, no location) is ever stored. A GIF keeps its first frame. Pictures with
//! transparent pixels are stored as PNG, all others as JPEG.

use std::io::Cursor;

use async_trait::async_trait;
use domain::media::ports::{EncodedSize, Processed};
use domain::media::{ImageError, ImageKind, ImageProcessor, StoredFormat, widths_for};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// JPEG quality of stored sizes: small files, no visible loss on screens.
const JPEG_QUALITY: u8 = 82;

/// Pictures decoded at once, at most: a 12-megapixel photo takes about 36 MB while it is
/// decoded and resized, so a burst of uploads waits here instead of taking hundreds of MB.
pub const PARALLEL_PICTURES: usize = 2;

/// The `image`-crate processor; CPU work runs on tokio's blocking threads, at most
/// [`PARALLEL_PICTURES`] at a time.
#[derive(Debug, Clone)]
pub struct ImageCrateProcessor {
    permits: std::sync::Arc<tokio::sync::Semaphore>,
}

impl Default for ImageCrateProcessor {
    fn default() -> Self {
        Self {
            permits: std::sync::Arc::new(tokio::sync::Semaphore::new(PARALLEL_PICTURES)),
        }
    }
}

#[async_trait]
impl ImageProcessor for ImageCrateProcessor {
    async fn process(
        &self,
        bytes: Vec<u8>,
        kind: ImageKind,
        max_pixels: u64,
    ) -> Result<Processed, ImageError> {
        let _permit = self.permits.acquire().await.map_err(unreadable)?;
        tokio::task::spawn_blocking(move || process(&bytes, kind, max_pixels))
            .await
            .map_err(|e| ImageError::Unreadable(e.to_string()))?
    }
}

fn unreadable(e: impl std::fmt::Display) -> ImageError {
    ImageError::Unreadable(e.to_string())
}

fn reader(bytes: &[u8], kind: ImageKind) -> ImageReader<Cursor<&[u8]>> {
    let format = match kind {
        ImageKind::Jpeg => ImageFormat::Jpeg,
        ImageKind::Png => ImageFormat::Png,
        ImageKind::WebP => ImageFormat::WebP,
        ImageKind::Gif => ImageFormat::Gif,
    };
    ImageReader::with_format(Cursor::new(bytes), format)
}

/// Decodes, orients and encodes every size.
///
/// # Errors
/// [`ImageError::TooManyPixels`] from the header alone; [`ImageError::Unreadable`].
pub fn process(bytes: &[u8], kind: ImageKind, max_pixels: u64) -> Result<Processed, ImageError> {
    let (width, height) = reader(bytes, kind).into_dimensions().map_err(unreadable)?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > max_pixels {
        return Err(ImageError::TooManyPixels(pixels));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    // Room for the decoded picture (at most 4 bytes a pixel for 8-bit RGBA) and the decoder.
    limits.max_alloc = Some(pixels * 4 + 16 * 1024 * 1024);
    let mut reader = reader(bytes, kind);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(unreadable)?;
    let orientation = decoder.orientation().map_err(unreadable)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    image.apply_orientation(orientation);
    let transparent = match &image {
        DynamicImage::ImageRgba8(pixels) => pixels.pixels().any(|p| p.0[3] < 255),
        other => other.color().has_alpha() && other.to_rgba8().pixels().any(|p| p.0[3] < 255),
    };
    let format = if transparent {
        StoredFormat::Png
    } else {
        StoredFormat::Jpeg
    };
    let (width, height) = (image.width(), image.height());
    // Largest first, each smaller size made from the one before it with the image crate's
    // area-averaging thumbnail (no floating-point copy of the whole picture), so a
    // 12-megapixel photo needs little more memory than its decoded pixels.
    let mut sizes = Vec::new();
    let mut previous: Option<DynamicImage> = None;
    for w in widths_for(width).into_iter().rev() {
        let h = (u64::from(height) * u64::from(w) / u64::from(width)).max(1);
        let h = u32::try_from(h).unwrap_or(u32::MAX);
        let sized = (w != width).then(|| previous.as_ref().unwrap_or(&image).thumbnail_exact(w, h));
        let current = sized.as_ref().unwrap_or(&image);
        sizes.push(EncodedSize {
            width: current.width(),
            height: current.height(),
            data: encode(current, format)?,
        });
        if sized.is_some() {
            previous = sized;
        }
    }
    sizes.reverse();
    Ok(Processed {
        format,
        width,
        height,
        sizes,
    })
}

fn encode(image: &DynamicImage, format: StoredFormat) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    match format {
        StoredFormat::Jpeg => {
            let encoder = JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
            match image.as_rgb8() {
                Some(rgb) => rgb.write_with_encoder(encoder),
                None => image.to_rgb8().write_with_encoder(encoder),
            }
            .map_err(unreadable)?
        }
        StoredFormat::Png => image
            .to_rgba8()
            .write_with_encoder(PngEncoder::new(&mut out))
            .map_err(unreadable)?,
    }
    Ok(out)
}
