//! `just bench` (second part): uploading a 12-megapixel photo (4000×3000 JPEG, as a phone
//! takes it) through the real upload use case: the type sniffed, the photo decoded,
//! re-encoded in three widths by the `image` crate, written to a media folder and recorded
//! in a SQLite database. Prints uploads per second and megabytes of photo per second, one
//! at a time and with 8 at once (the processor decodes at most two at a time), and the
//! process's peak resident memory. First it sends a 50-megapixel PNG (a decompression
//! bomb: a valid header, almost no pixel data) and reports the peak after its refusal.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Cursor;
use std::sync::Arc;
use std::time::Instant;

use domain::media::MediaService;
use domain::media::service::MediaPorts;
use domain::permissions::Caller;
use domain::user::{NewUser, Role, UserRepository};

const SEQUENTIAL: usize = 6;
const CONCURRENT: usize = 8;

/// `VmRSS` or `VmHWM` (the peak) of this process, in MiB.
fn memory_mib(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(field)).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// A PNG whose header claims `width`×`height` pixels, with almost no pixel data.
fn png_bomb(width: u32, height: u32) -> Vec<u8> {
    fn crc(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFF_u32;
        for byte in data {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut header = b"IHDR".to_vec();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for chunk in [&header[..], b"IDAT\x78\x9c", b"IEND"] {
        png.extend_from_slice(&u32::try_from(chunk.len() - 4).unwrap().to_be_bytes());
        png.extend_from_slice(chunk);
        png.extend_from_slice(&crc(chunk).to_be_bytes());
    }
    png
}

/// A 4000×3000 photo with detail everywhere (gradients and noise compress like a photo).
fn photo() -> Vec<u8> {
    let mut seed = 7_u32;
    let image = image::RgbImage::from_fn(4000, 3000, |x, y| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let noise = (seed >> 24) as u8 / 8;
        image::Rgb([
            ((x / 16) % 256) as u8 ^ noise,
            ((y / 12) % 256) as u8,
            (((x + y) / 20) % 256) as u8 ^ noise,
        ])
    });
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image)
        .write_to(&mut out, image::ImageFormat::Jpeg)
        .unwrap();
    out.into_inner()
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/bench.db?mode=rwc", dir.path().display());
        let db = adapters::connect(&url).await.unwrap();
        let users = adapters::SeaOrmUserRepository::new(db.clone());
        let me = users
            .create(NewUser {
                email_verified: true,
                ..domain::testing::new_user("photographer@example.org", Role::Member, true)
            })
            .await
            .unwrap();
        let service = MediaService::new(MediaPorts {
            processor: Arc::new(adapters::ImageCrateProcessor::default()),
            store: Arc::new(adapters::FsMediaStore::new(dir.path().join("media")).unwrap()),
            media: Arc::new(adapters::SeaOrmMediaRepository::new(db.clone())),
            clock: Arc::new(domain::clock::SystemClock),
            new_key: Arc::new(adapters::new_media_key),
            limits: domain::media::UploadLimits {
                max_bytes: 64 * 1024 * 1024,
                per_day: 1_000,
                total_bytes: 1 << 40,
            },
        });
        let caller = Caller::User(me);
        let refused = service.upload(&caller, png_bomb(10_000, 5_000)).await;
        println!(
            "50-megapixel PNG: {}; peak so far {:.0} MiB resident",
            match refused {
                Err(e) => e.to_string(),
                Ok(_) => "ACCEPTED (a bug)".into(),
            },
            memory_mib("VmHWM:")
        );
        let photo = photo();
        let mb = photo.len() as f64 / 1_048_576.0;
        println!(
            "12-megapixel photo: {:.1} MB JPEG; memory before: {:.0} MiB resident",
            mb,
            memory_mib("VmRSS:")
        );

        let started = Instant::now();
        for _ in 0..SEQUENTIAL {
            service.upload(&caller, photo.clone()).await.unwrap();
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "one at a time: {:.2} uploads/s, {:.1} MB/s, {:.0} ms each",
            SEQUENTIAL as f64 / secs,
            SEQUENTIAL as f64 * mb / secs,
            secs * 1000.0 / SEQUENTIAL as f64
        );

        let started = Instant::now();
        let tasks: Vec<_> = (0..CONCURRENT)
            .map(|_| {
                let (service, caller, photo) = (service.clone(), caller.clone(), photo.clone());
                tokio::spawn(async move { service.upload(&caller, photo).await.map(|_| ()) })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{CONCURRENT} at once: {:.2} uploads/s, {:.1} MB/s",
            CONCURRENT as f64 / secs,
            CONCURRENT as f64 * mb / secs
        );
        println!(
            "memory: peak {:.0} MiB resident, now {:.0} MiB",
            memory_mib("VmHWM:"),
            memory_mib("VmRSS:")
        );
    });
}
