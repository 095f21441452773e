//! HTTP routes under `/api`: thin handlers, DTOs and the OpenAPI document.

use actix_web::web;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::{ErrorBody, FieldErrorDto};

pub mod abilities;
pub mod account;
pub mod admin;
pub mod api_tokens;
pub mod audit;
pub mod auth;
pub mod backups;
pub mod categories;
pub mod comment_queue;
pub mod comments;
pub mod consent;
pub mod consent_dto;
pub mod delivery_reports;
pub mod dto;
pub mod fallback;
pub mod google;
pub mod help;
pub mod leaving;
pub mod mail;
pub mod my_subscription;
pub mod queues;
mod request_rules;
pub mod review;
pub mod schedules;
pub mod scripture;
pub mod sensitive;
pub mod sessions;
pub mod site;
pub mod social;
pub mod social_posts;
pub mod stories;
mod story_input;
pub mod story_reads;
pub mod subscriber_admin;
pub mod subscriptions;
pub mod takedown;
pub mod uploads;
pub mod versions;

/// The document's fixed parts; paths and schemas are collected from the handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Grace Stories API",
        description = "The HTTP API of the community storytelling site: stories, comments, people and help messages. Every error answers with `{\"code\": ..., \"message\": ..., \"errors\"?: [{\"field\", \"message\"}]}`: programs decide by `code` (ErrorCode) and the status, people read `message`.",
        license(name = "MIT", identifier = "MIT")
    ),
    components(schemas(ErrorBody, FieldErrorDto)),
    tags(
        (name = "site", description = "Site information"),
        (name = "stories", description = "Reading and writing stories"),
        (name = "categories", description = "Story categories"),
        (name = "review", description = "The story review queue"),
        (name = "accounts", description = "Signing up, in and out; one's own account: e-mail verification, password reset, profile, password, sessions, export and deletion"),
        (name = "admin", description = "Super admin: sign-in, password and people"),
        (name = "comments", description = "Comments under stories and their moderation"),
        (name = "help", description = "Help centre messages to the administrator"),
        (name = "subscriptions", description = "New stories by e-mail: signing up, confirming, changing the frequency and one-click unsubscribing, and a member's own subscription"),
        (name = "schedules", description = "A contributor's schedule of tasks"),
        (name = "scripture", description = "Scripture references in stories: found in a text, and stories browsed by book and chapter"),
        (name = "uploads", description = "Pictures: upload one, re-encoded in several widths and served from /media"),
    )
)]
pub struct ApiDoc;

/// Registers every `/api` handler. Used by the server and by `app-server openapi`.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(site::get_site_info)
        .service(auth::register)
        .service(auth::login)
        .service(auth::logout)
        .service(auth::get_user)
        .service(auth::login_page)
        .service(account::verify_email)
        .service(account::resend_verification)
        .service(account::request_password_reset)
        .service(account::confirm_password_reset)
        .service(account::update_profile)
        .service(account::change_own_password)
        .service(sessions::list_sessions)
        .service(sessions::revoke_session)
        .service(sessions::revoke_other_sessions)
        .service(api_tokens::list_api_tokens)
        .service(api_tokens::create_api_token)
        .service(api_tokens::revoke_api_token)
        .service(api_tokens::list_all_api_tokens)
        .service(api_tokens::revoke_any_api_token)
        .service(leaving::export_account)
        .service(leaving::delete_account)
        .service(google::google_start)
        .service(google::google_callback)
        .service(admin::admin_login)
        .service(admin::change_password)
        .service(admin::list_pending_users)
        .service(admin::list_users)
        .service(admin::set_user_role)
        .service(admin::delete_user)
        .service(admin::suspend_user)
        .service(admin::reinstate_user)
        .service(comments::list_comments)
        .service(comments::create_comment)
        .service(comments::approve_comment)
        .service(comments::delete_comment)
        .service(comment_queue::list_pending_comments)
        .service(comment_queue::moderate_comments)
        .service(help::send_help_message)
        .service(help::list_help_messages)
        .service(help::mark_help_message_handled)
        .service(help::delete_help_message)
        .service(subscriptions::subscribe)
        .service(subscriptions::confirm_subscription)
        .service(subscriptions::unsubscribe)
        .service(subscriptions::change_frequency)
        .service(my_subscription::my_subscription)
        .service(my_subscription::change_my_subscription)
        .service(my_subscription::leave_my_subscription)
        .service(subscriber_admin::subscriber_summary)
        .service(subscriber_admin::set_default_frequency)
        .service(subscriber_admin::export_subscriptions)
        .service(delivery_reports::list_subscription_bounces)
        .service(delivery_reports::post_delivery_report)
        .service(subscriber_admin::list_subscriptions)
        .service(subscriber_admin::remove_subscription)
        .service(mail::list_mail_outbox)
        .service(mail::retry_mail)
        .service(audit::list_audit_log)
        .service(backups::list_backups)
        .service(backups::start_backup)
        .service(backups::download_backup)
        .service(queues::queue_counts)
        .service(social_posts::list_social_posts)
        .service(social_posts::retry_social_post)
        .service(social_posts::cancel_social_post)
        .service(categories::list_categories)
        .service(story_reads::list_stories)
        .service(story_reads::get_story)
        .service(stories::create_story)
        .service(stories::update_story)
        .service(stories::publish_story)
        .service(stories::delete_story)
        .service(story_reads::list_author_stories)
        .service(scripture::find_references)
        .service(scripture::list_books)
        .service(scripture::book_chapters)
        .service(social::export_story)
        .service(consent::story_consent)
        .service(consent::my_consents)
        .service(consent::consent_statement)
        .service(consent::consent_statements)
        .service(consent::change_consent_statement)
        .service(consent::withdraw_consent)
        .service(uploads::upload_picture)
        .service(review::list_pending_stories)
        .service(review::approve_story)
        .service(review::reject_story)
        .service(takedown::unpublish_story)
        .service(versions::list_story_revisions)
        .service(versions::get_pending_edit)
        .service(versions::withdraw_pending_edit)
        .service(takedown::admin_delete_story)
        .service(schedules::list_schedules)
        .service(schedules::create_schedule)
        .service(schedules::update_schedule)
        .service(schedules::delete_schedule);
}

/// The OpenAPI document, built from the handlers without a database or environment.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    use utoipa_actix_web::AppExt;
    let (_, api) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(utoipa_actix_web::scope("/api").configure(configure))
        .split_for_parts();
    let mut api = api;
    declare_security(&mut api);
    request_rules::declare(&mut api);
    api
}

/// The OpenAPI document as `/api/openapi.json` serves it: written to JSON once and shared
/// by every worker. The document as structs is several megabytes, and each worker kept a
/// copy of its own (the API explorer's) and wrote it out again for every request.
#[derive(Clone)]
pub struct ApiDocument(web::Bytes);

impl ApiDocument {
    /// Builds [`openapi_document`] and keeps only its JSON.
    ///
    /// # Errors
    /// When the document does not serialize (a map key that is not a string).
    pub fn build() -> serde_json::Result<Self> {
        serde_json::to_vec(&openapi_document()).map(|json| Self(json.into()))
    }

    /// The JSON, for `GET /api/openapi.json`.
    pub fn json(&self) -> web::Bytes {
        self.0.clone()
    }
}

/// Declares both ways to authenticate (the site's session cookie and an API token) on
/// every operation, so the explorer's "Authorize" works with either. An operation that
/// answers visitors too also lists the empty requirement: a GET when it is one of
/// `public_reads::PUBLIC_READS`, any other method when it documents no "Not signed in" 401.
fn declare_security(api: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::security::{
        ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme,
    };
    let components = api.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "session",
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            crate::session::COOKIE_NAME,
            "The site's session cookie, set by signing in (`POST /api/login`).",
        ))),
    );
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("gst_...")
                .description(Some(
                    "A personal API token (`POST /api/user/tokens`, or the API tokens tab of the \
                     account page): `Authorization: Bearer gst_...`. A `read` token may only \
                     send GET and HEAD.",
                ))
                .build(),
        ),
    );
    for (path, item) in api.paths.paths.iter_mut() {
        let public_read = crate::public_reads::PUBLIC_READS
            .iter()
            .any(|r| r.path == path.as_str());
        if let Some(get) = item.get.as_mut() {
            get.security = Some(requirements(public_read));
        }
        let operations = [
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
        ];
        for operation in operations.into_iter().flatten() {
            let signed_in_only = operation.responses.responses.get("401").is_some_and(
                |r| matches!(r, utoipa::openapi::RefOr::T(r) if r.description == "Not signed in"),
            );
            operation.security = Some(requirements(!signed_in_only));
        }
    }
}

/// The session cookie and a token, and no credentials at all when `visitors` may call it.
fn requirements(visitors: bool) -> Vec<utoipa::openapi::security::SecurityRequirement> {
    use utoipa::openapi::security::SecurityRequirement;
    let mut requirements = vec![
        SecurityRequirement::new("session", Vec::<String>::new()),
        SecurityRequirement::new("bearer", Vec::<String>::new()),
    ];
    if visitors {
        requirements.insert(0, SecurityRequirement::default());
    }
    requirements
}

/// Registers the `/api` scope on a plain actix config (the running server).
pub fn api_scope() -> actix_web::Scope {
    web::scope("/api")
        .configure(|c| configure(&mut ServiceConfig::new(c)))
        .default_service(web::to(fallback::api_not_found))
}
