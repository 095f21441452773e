//! Uploading pictures on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::media::UploadLimits;
use crate::testing::{
    FakeImageProcessor, FixedClock, InMemoryMediaRepository, InMemoryMediaStore, t0,
};
use crate::user::{AuthProvider, Role, User, UserId};

const JPEG: [u8; 4] = [0xFF, 0xD8, 0xFF, 0xE0];

struct World {
    service: MediaService,
    media: Arc<InMemoryMediaRepository>,
    store: Arc<InMemoryMediaStore>,
    clock: Arc<FixedClock>,
}

fn world_with(processor: FakeImageProcessor, limits: UploadLimits) -> World {
    let media = Arc::new(InMemoryMediaRepository::default());
    let store = Arc::new(InMemoryMediaStore::default());
    let clock = Arc::new(FixedClock::default());
    let counter = Arc::new(AtomicU64::new(0));
    let service = MediaService::new(MediaPorts {
        processor: Arc::new(processor),
        store: store.clone(),
        media: media.clone(),
        clock: clock.clone(),
        new_key: Arc::new(move || format!("key{}", counter.fetch_add(1, Ordering::Relaxed) + 1)),
        limits,
    });
    World {
        service,
        media,
        store,
        clock,
    }
}

fn world() -> World {
    world_with(FakeImageProcessor::default(), UploadLimits::default())
}

fn person(role: Role, approved: bool) -> Caller {
    Caller::User(User {
        id: UserId::new("u1"),
        email: "ruth@example.org".into(),
        username: None,
        first_name: None,
        last_name: None,
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role,
        is_approved: approved,
        email_verified: true,
        email_verified_at: Some(t0()),
        created_at: t0(),
        updated_at: t0(),
        suspended_reason: None,
    })
}

fn photo() -> Vec<u8> {
    let mut bytes = JPEG.to_vec();
    bytes.extend([0; 96]);
    bytes
}

#[test]
fn an_approved_person_uploads_a_picture_stored_in_every_size() {
    let w = world();
    let media = block_on(w.service.upload(&person(Role::Member, true), photo())).unwrap();
    assert_eq!(media.key, "key1");
    assert_eq!((media.width, media.height), (1000, 500));
    assert_eq!(media.widths, [400, 800, 1000]);
    assert_eq!(media.bytes, 300);
    assert_eq!(media.largest_url(), "/media/key1-1000.jpg");
    assert_eq!(
        w.store.names(),
        ["key1-1000.jpg", "key1-400.jpg", "key1-800.jpg"]
    );
    let (ctype, data) = block_on(w.service.file("key1-400.jpg")).unwrap().unwrap();
    assert_eq!(ctype, "image/jpeg");
    assert_eq!(data.len(), 100);
    for missing in [
        "key1-500.jpg",
        "key1-400.png",
        "key2-400.jpg",
        "key1.jpg",
        "x",
    ] {
        assert!(
            block_on(w.service.file(missing)).unwrap().is_none(),
            "{missing}"
        );
    }
}

#[test]
fn visitors_and_people_waiting_for_approval_are_refused() {
    let w = world();
    assert!(matches!(
        block_on(w.service.upload(&Caller::Visitor, photo())),
        Err(UploadError::Refused(Refusal::NotSignedIn))
    ));
    assert!(matches!(
        block_on(w.service.upload(&person(Role::Member, false), photo())),
        Err(UploadError::Refused(Refusal::PendingApproval))
    ));
    assert!(w.media.all().is_empty());
}

#[test]
fn anything_but_a_picture_is_refused_whatever_its_name() {
    let w = world();
    let me = person(Role::Member, true);
    for bytes in [
        b"<html><script>alert(1)</script></html>".to_vec(),
        b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>".to_vec(),
        Vec::new(),
    ] {
        let err = block_on(w.service.upload(&me, bytes)).unwrap_err();
        assert_eq!(err.to_string(), UNSUPPORTED_TYPE);
    }
    assert!(w.store.names().is_empty());
}

#[test]
fn a_file_over_the_size_limit_or_a_picture_over_40_megapixels_is_refused() {
    let limits = UploadLimits {
        max_bytes: 50,
        ..UploadLimits::default()
    };
    let w = world_with(FakeImageProcessor::default(), limits);
    let me = person(Role::Member, true);
    assert!(matches!(
        block_on(w.service.upload(&me, photo())),
        Err(UploadError::TooLarge(0))
    ));
    let w = world_with(
        FakeImageProcessor {
            width: 10_000,
            height: 5_000,
        },
        UploadLimits::default(),
    );
    let err = block_on(w.service.upload(&me, photo())).unwrap_err();
    assert!(matches!(err, UploadError::TooManyPixels));
    assert_eq!(err.to_string(), "Pictures can have at most 40 megapixels");
    assert!(w.store.names().is_empty());
}

#[test]
fn the_daily_count_and_the_total_size_per_person_hold() {
    let limits = UploadLimits {
        max_bytes: 1_000,
        per_day: 2,
        total_bytes: 650,
    };
    let w = world_with(FakeImageProcessor::default(), limits);
    let me = person(Role::Member, true);
    block_on(w.service.upload(&me, photo())).unwrap();
    block_on(w.service.upload(&me, photo())).unwrap();
    let err = block_on(w.service.upload(&me, photo())).unwrap_err();
    assert!(matches!(err, UploadError::TooMany(2)));
    assert_eq!(
        err.to_string(),
        "You can upload 2 pictures a day; please try again tomorrow"
    );
    // A day later the count starts again, but 600 of 650 bytes are used.
    w.clock.advance(Duration::hours(25));
    assert!(matches!(
        block_on(w.service.upload(&me, photo())),
        Err(UploadError::QuotaFull(0))
    ));
}

#[test]
fn pictures_no_story_uses_go_a_day_after_their_upload_with_every_file() {
    let w = world();
    let me = person(Role::Member, true);
    let used = block_on(w.service.upload(&me, photo())).unwrap();
    let unused = block_on(w.service.upload(&me, photo())).unwrap();
    w.media.use_key(&used.key);
    assert_eq!(w.store.names().len(), 6);

    // Within the day nothing goes: the story using it may still be being written.
    w.clock.advance(Duration::hours(23));
    assert_eq!(block_on(w.service.clean_up()).unwrap(), 0);
    assert_eq!(w.media.all().len(), 2);

    w.clock.advance(Duration::hours(2));
    assert_eq!(block_on(w.service.clean_up()).unwrap(), 1);
    let left: Vec<String> = w.media.all().into_iter().map(|m| m.key).collect();
    assert_eq!(left, std::slice::from_ref(&used.key));
    assert!(
        w.store.names().iter().all(|n| n.starts_with(&used.key)),
        "{:?}",
        w.store.names()
    );
    assert_eq!(w.store.names().len(), 3);
    assert!(
        block_on(w.service.file(&file_name(&unused.key, 400, unused.format)))
            .unwrap()
            .is_none()
    );
    assert!(
        block_on(w.service.file(&file_name(&used.key, 400, used.format)))
            .unwrap()
            .is_some()
    );
    // A second round finds nothing more.
    assert_eq!(block_on(w.service.clean_up()).unwrap(), 0);
}
