//! Tests of video link parsing: each accepted form, each refusal.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

const ID: &str = "dQw4w9WgXcQ";
const EMBED: &str = "https://www.youtube.com/embed/dQw4w9WgXcQ";
const VIMEO_EMBED: &str = "https://player.vimeo.com/video/76979871";

fn embed_of(input: &str) -> String {
    VideoUrl::parse(input).unwrap().into_inner()
}

#[test]
fn a_youtube_watch_link_becomes_an_embed_link() {
    assert_eq!(
        embed_of(&format!("https://www.youtube.com/watch?v={ID}")),
        EMBED
    );
}

#[test]
fn a_youtube_watch_link_with_other_parameters_becomes_an_embed_link() {
    assert_eq!(
        embed_of(&format!(
            "https://youtube.com/watch?feature=share&v={ID}&list=PL1#c"
        )),
        EMBED
    );
}

#[test]
fn a_short_youtu_be_link_becomes_an_embed_link() {
    assert_eq!(embed_of(&format!("https://youtu.be/{ID}?si=abc")), EMBED);
}

#[test]
fn a_youtube_shorts_link_becomes_an_embed_link() {
    assert_eq!(
        embed_of(&format!("https://www.youtube.com/shorts/{ID}")),
        EMBED
    );
}

#[test]
fn a_mobile_youtube_link_becomes_an_embed_link() {
    assert_eq!(
        embed_of(&format!("https://m.youtube.com/watch?v={ID}")),
        EMBED
    );
}

#[test]
fn a_youtube_embed_link_is_kept() {
    assert_eq!(embed_of(EMBED), EMBED);
}

#[test]
fn a_youtube_nocookie_embed_link_becomes_a_youtube_embed_link() {
    assert_eq!(
        embed_of(&format!("https://www.youtube-nocookie.com/embed/{ID}")),
        EMBED
    );
    assert_eq!(
        embed_of(&format!("https://youtube-nocookie.com/embed/{ID}")),
        EMBED
    );
}

#[test]
fn a_youtube_live_link_becomes_an_embed_link() {
    assert_eq!(
        embed_of(&format!("https://www.youtube.com/live/{ID}")),
        EMBED
    );
}

#[test]
fn an_http_or_upper_case_youtube_link_becomes_an_https_embed_link() {
    assert_eq!(
        embed_of(&format!("HTTP://WWW.YOUTUBE.COM/watch?v={ID}")),
        EMBED
    );
}

#[test]
fn a_video_link_is_trimmed() {
    assert_eq!(embed_of(&format!("  https://youtu.be/{ID}\n")), EMBED);
}

#[test]
fn a_youtube_start_time_is_kept_as_seconds() {
    assert_eq!(
        embed_of(&format!("https://youtu.be/{ID}?t=90")),
        format!("{EMBED}?start=90")
    );
    assert_eq!(
        embed_of(&format!("https://www.youtube.com/watch?v={ID}&t=1m30s")),
        format!("{EMBED}?start=90")
    );
    assert_eq!(
        embed_of(&format!("https://www.youtube.com/watch?v={ID}&t=1h0m2s")),
        format!("{EMBED}?start=3602")
    );
    assert_eq!(
        embed_of(&format!("{EMBED}?start=42")),
        format!("{EMBED}?start=42")
    );
}

#[test]
fn a_malformed_or_zero_start_time_is_dropped() {
    for t in ["abc", "0", "1x", "5m3", "", "99999999999"] {
        assert_eq!(
            embed_of(&format!("https://youtu.be/{ID}?t={t}")),
            EMBED,
            "t={t}"
        );
    }
}

#[test]
fn a_vimeo_link_becomes_a_player_link() {
    assert_eq!(embed_of("https://vimeo.com/76979871"), VIMEO_EMBED);
    assert_eq!(embed_of("https://www.vimeo.com/76979871/"), VIMEO_EMBED);
}

#[test]
fn a_vimeo_player_link_is_kept_without_its_parameters() {
    assert_eq!(
        embed_of("https://player.vimeo.com/video/76979871?autoplay=1"),
        VIMEO_EMBED
    );
}

#[test]
fn a_parsed_link_knows_its_host() {
    assert_eq!(VideoUrl::parse(EMBED).unwrap().host(), VideoHost::YouTube);
    assert_eq!(
        VideoUrl::parse(VIMEO_EMBED).unwrap().host(),
        VideoHost::Vimeo
    );
}

#[test]
fn an_embed_link_parses_to_itself() {
    for embed in [
        EMBED.to_owned(),
        format!("{EMBED}?start=7"),
        VIMEO_EMBED.to_owned(),
    ] {
        assert_eq!(embed_of(&embed), embed);
    }
}

#[test]
fn a_javascript_video_url_is_rejected() {
    for bad in [
        "javascript:alert(1)",
        "JavaScript://www.youtube.com/%0Aalert(1)",
    ] {
        assert_eq!(
            VideoUrl::parse(bad),
            Err(VideoUrlError::Unsupported),
            "{bad}"
        );
    }
}

#[test]
fn a_video_url_from_another_site_is_rejected() {
    for bad in [
        format!("https://example.org/watch?v={ID}"),
        format!("https://www.youtube.com.evil.example/embed/{ID}"),
        format!("https://notyoutube.com/embed/{ID}"),
        format!("https://evil.example/?u=https://www.youtube.com/embed/{ID}"),
        "https://dailymotion.com/video/x7tgad0".to_owned(),
    ] {
        assert_eq!(
            VideoUrl::parse(&bad),
            Err(VideoUrlError::Unsupported),
            "{bad}"
        );
    }
    assert_eq!(
        VideoUrlError::Unsupported.to_string(),
        "Video URL must be a YouTube or Vimeo link"
    );
}

#[test]
fn a_video_url_without_a_scheme_or_host_is_rejected() {
    for bad in [
        format!("www.youtube.com/watch?v={ID}"),
        format!("//www.youtube.com/embed/{ID}"),
        format!("https:///embed/{ID}"),
        format!("http:/www.youtube.com/embed/{ID}"),
        format!("ftp://www.youtube.com/embed/{ID}"),
        format!("data:text/html,https://youtu.be/{ID}"),
    ] {
        assert_eq!(
            VideoUrl::parse(&bad),
            Err(VideoUrlError::Unsupported),
            "{bad}"
        );
    }
}

#[test]
fn a_video_url_with_user_info_or_a_port_is_rejected() {
    for bad in [
        format!("https://www.youtube.com@evil.example/embed/{ID}"),
        format!("https://evil.example\\@www.youtube.com/embed/{ID}"),
        format!("https://www.youtube.com:8080/embed/{ID}"),
    ] {
        assert_eq!(
            VideoUrl::parse(&bad),
            Err(VideoUrlError::Unsupported),
            "{bad}"
        );
    }
}

#[test]
fn a_youtube_link_with_a_bad_id_is_rejected() {
    for bad in [
        "https://www.youtube.com/watch?v=short".to_owned(),
        format!("https://www.youtube.com/watch?v={ID}x"),
        "https://www.youtube.com/watch?v=dQw4w9WgX%3C".to_owned(),
        "https://www.youtube.com/watch".to_owned(),
        "https://www.youtube.com/".to_owned(),
        format!("https://www.youtube.com/channel/{ID}"),
        format!("https://www.youtube.com/embed/{ID}/extra"),
        format!("https://youtu.be/{ID}/x"),
        format!("https://www.youtube-nocookie.com/watch?v={ID}"),
    ] {
        assert_eq!(
            VideoUrl::parse(&bad),
            Err(VideoUrlError::NoVideoId),
            "{bad}"
        );
    }
}

#[test]
fn a_vimeo_link_with_a_non_numeric_id_is_rejected() {
    for bad in [
        "https://vimeo.com/channels/staffpicks",
        "https://vimeo.com/abc",
        "https://vimeo.com/",
        "https://player.vimeo.com/video/12a",
        "https://player.vimeo.com/76979871",
        "https://vimeo.com/1234567890123456",
    ] {
        assert_eq!(VideoUrl::parse(bad), Err(VideoUrlError::NoVideoId), "{bad}");
    }
}

#[test]
fn a_blank_video_url_is_required_unless_optional() {
    assert_eq!(VideoUrl::parse("  "), Err(VideoUrlError::Required));
    assert_eq!(VideoUrl::parse_optional(None), Ok(None));
    assert_eq!(VideoUrl::parse_optional(Some(" ")), Ok(None));
    assert_eq!(
        VideoUrl::parse_optional(Some(EMBED))
            .unwrap()
            .unwrap()
            .as_str(),
        EMBED
    );
}

#[test]
fn a_video_url_longer_than_2048_chars_is_rejected() {
    let long = format!(
        "https://www.youtube.com/watch?v={ID}&x={}",
        "a".repeat(2_048)
    );
    assert_eq!(VideoUrl::parse(&long), Err(VideoUrlError::TooLong));
}
