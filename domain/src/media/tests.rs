//! The formats and sizes of pictures.

use super::*;

#[test]
fn the_type_comes_from_the_bytes() {
    assert_eq!(
        ImageKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]),
        Some(ImageKind::Jpeg)
    );
    assert_eq!(
        ImageKind::sniff(b"\x89PNG\r\n\x1a\nrest"),
        Some(ImageKind::Png)
    );
    assert_eq!(ImageKind::sniff(b"GIF89a...."), Some(ImageKind::Gif));
    assert_eq!(
        ImageKind::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
        Some(ImageKind::WebP)
    );
    assert_eq!(ImageKind::sniff(b"<html><script>alert(1)</script>"), None);
    assert_eq!(
        ImageKind::sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        None
    );
    assert_eq!(ImageKind::sniff(b""), None);
}

#[test]
fn a_picture_is_stored_in_the_standard_widths_below_its_own() {
    assert_eq!(widths_for(4000), [400, 800, 1600]);
    assert_eq!(widths_for(1000), [400, 800, 1000]);
    assert_eq!(widths_for(800), [400, 800]);
    assert_eq!(widths_for(300), [300]);
}

#[test]
fn file_names_carry_key_width_and_format() {
    assert_eq!(file_name("abc", 800, StoredFormat::Jpeg), "abc-800.jpg");
    assert_eq!(StoredFormat::from_extension("png"), Some(StoredFormat::Png));
    assert_eq!(StoredFormat::from_extension("svg"), None);
}
