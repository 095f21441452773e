//! The limits the domain enforces are the ones `openapi.json` declares for request bodies,
//! so the generated zod schemas and other clients check the same
//! numbers. A limit changed on one side only fails here.

use domain::account::people::MAX_SUSPENSION_REASON_CHARS;
use domain::story::review::MAX_REASON_CHARS;
use domain::validation::{
    CommentAuthorName, CommentContent, Email, Excerpt, FirstName, HelpMessageBody, HelpSubject,
    LastName, Password, ProfileImageUrl, ScheduleDescription, ScheduleTitle, StoryContent,
    StoryTitle, ThumbnailUrl, TokenName, Username, VideoUrl,
};

fn property(doc: &serde_json::Value, schema: &str, field: &str) -> (Option<u64>, Option<u64>) {
    let p = &doc["components"]["schemas"][schema]["properties"][field];
    assert!(p.is_object(), "{schema}.{field} is in the document");
    (p["minLength"].as_u64(), p["maxLength"].as_u64())
}

fn n(chars: usize) -> Option<u64> {
    Some(u64::try_from(chars).unwrap())
}

#[test]
fn request_limits_in_the_document_are_the_domains() {
    let doc = serde_json::to_value(app_server::routes::openapi_document()).unwrap();
    let cases = [
        ("StoryInput", "title", n(1), n(StoryTitle::MAX_CHARS)),
        ("StoryInput", "content", n(1), n(StoryContent::MAX_CHARS)),
        ("StoryInput", "excerpt", None, n(Excerpt::MAX_CHARS)),
        ("StoryInput", "videoUrl", None, n(VideoUrl::MAX_CHARS)),
        (
            "StoryInput",
            "thumbnailUrl",
            None,
            n(ThumbnailUrl::MAX_CHARS),
        ),
        (
            "CreateCommentRequest",
            "authorName",
            n(1),
            n(CommentAuthorName::MAX_CHARS),
        ),
        (
            "CreateCommentRequest",
            "authorEmail",
            None,
            n(Email::MAX_CHARS),
        ),
        (
            "CreateCommentRequest",
            "content",
            n(1),
            n(CommentContent::MAX_CHARS),
        ),
        (
            "HelpContactRequest",
            "contactEmail",
            None,
            n(Email::MAX_CHARS),
        ),
        (
            "HelpContactRequest",
            "subject",
            n(1),
            n(HelpSubject::MAX_CHARS),
        ),
        (
            "HelpContactRequest",
            "message",
            n(1),
            n(HelpMessageBody::MAX_CHARS),
        ),
        ("RegisterRequest", "email", None, n(Email::MAX_CHARS)),
        ("RegisterRequest", "username", n(1), n(Username::MAX_CHARS)),
        (
            "RegisterRequest",
            "password",
            n(Password::MIN_CHARS),
            n(Password::MAX_CHARS),
        ),
        (
            "RegisterRequest",
            "firstName",
            n(1),
            n(FirstName::MAX_CHARS),
        ),
        ("RegisterRequest", "lastName", n(1), n(LastName::MAX_CHARS)),
        (
            "UpdateProfileRequest",
            "firstName",
            n(1),
            n(FirstName::MAX_CHARS),
        ),
        (
            "UpdateProfileRequest",
            "lastName",
            n(1),
            n(LastName::MAX_CHARS),
        ),
        (
            "UpdateProfileRequest",
            "username",
            n(1),
            n(Username::MAX_CHARS),
        ),
        (
            "UpdateProfileRequest",
            "profileImageUrl",
            None,
            n(ProfileImageUrl::MAX_CHARS),
        ),
        (
            "ChangeOwnPasswordRequest",
            "newPassword",
            n(Password::MIN_CHARS),
            n(Password::MAX_CHARS),
        ),
        (
            "PasswordResetConfirmRequest",
            "password",
            n(Password::MIN_CHARS),
            n(Password::MAX_CHARS),
        ),
        (
            "ChangePasswordRequest",
            "newPassword",
            n(domain::account::admin_password::MIN_SUPER_ADMIN_PASSWORD_CHARS),
            n(Password::MAX_CHARS),
        ),
        (
            "SuspendRequest",
            "reason",
            n(1),
            n(MAX_SUSPENSION_REASON_CHARS),
        ),
        ("UnpublishRequest", "reason", n(1), n(MAX_REASON_CHARS)),
        ("RejectRequest", "reason", None, n(MAX_REASON_CHARS)),
        (
            "CreateScheduleRequest",
            "title",
            n(1),
            n(ScheduleTitle::MAX_CHARS),
        ),
        (
            "CreateScheduleRequest",
            "description",
            None,
            n(ScheduleDescription::MAX_CHARS),
        ),
        (
            "CreateApiTokenRequest",
            "name",
            n(1),
            n(TokenName::MAX_CHARS),
        ),
    ];
    for (schema, field, min, max) in cases {
        assert_eq!(
            property(&doc, schema, field),
            (min, max),
            "{schema}.{field}"
        );
    }
}
