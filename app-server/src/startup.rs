//! Start-up: open and migrate the database, seed, bootstrap the super admin, build the app.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::ContentType;
use actix_web::middleware::{Compress, NormalizePath, TrailingSlash, from_fn};
use actix_web::{App, HttpResponse, web};
use domain::account::bootstrap::{BootstrapOutcome, SuperAdminSeed};
use rand::distr::{Alphanumeric, SampleString};
use utoipa_swagger_ui::SwaggerUi;

use crate::config::Config;
use crate::error::ApiError;
use crate::state::AppState;
use crate::{frontend, middleware, routes, security, session};

/// Opens the database, runs migrations, seeds the categories and makes sure a super admin
/// exists. A generated super admin password is logged once, here.
///
/// # Errors
/// When the database cannot be opened or migrated, or seeding fails.
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    if let Some(dir) = config.sqlite_dir() {
        std::fs::create_dir_all(&dir)?;
    }
    let db = crate::backups::upgrade::open_for_serving(&config).await?;
    let state = AppState::new(config, db).await?;
    state.categories.seed_defaults().await?;
    let scripture = &state.config.scripture;
    let parser = domain::scripture::ScriptureParser::new(scripture.canon);
    let read =
        adapters::reindex_passages(state.db.clone(), &parser, scripture.canon_name()).await?;
    if read > 0 {
        tracing::info!(
            stories = read,
            canon = scripture.canon_name(),
            "scripture references read"
        );
    }

    let seed = SuperAdminSeed {
        username: state.config.super_admin_username.clone(),
        email: state.config.super_admin_email.clone(),
        password: state.config.super_admin_password.clone(),
    };
    let outcome = state
        .accounts
        .ensure_super_admin(&seed, || Alphanumeric.sample_string(&mut rand::rng(), 20))
        .await?;
    match outcome {
        BootstrapOutcome::AlreadyPresent => {}
        BootstrapOutcome::Created => {
            tracing::info!(username = %seed.username, "super admin created with the configured password")
        }
        BootstrapOutcome::CreatedWithGeneratedPassword(password) => tracing::warn!(
            username = %seed.username,
            "super admin created; its generated password is shown this once: {password}  (sign in at /admin-login and change it)"
        ),
    }
    Ok(state)
}

async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "status": "ok" }))
}

/// Metrics are only ever on `METRICS_ADDR`'s own listener; here they do not exist.
async fn no_metrics() -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found("Not found"))
}

async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    adapters::ping(&state.db).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "ready" })))
}

/// The whole application: health probes, API, API explorer and the site.
pub fn app(
    state: AppState,
    openapi: routes::ApiDocument,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (sessions, key, secure) = (
        state.sessions.clone(),
        state.session_key.clone(),
        state.config.is_https(),
    );
    let cors = crate::cors::middleware(&state.config.allowed_origins);
    // The visitors' cache and the access cache are the middleware's own (it reads nothing
    // else of the state); the handlers reach them through the state.
    let (public_cache, access) = (
        web::Data::from(state.public_cache.clone()),
        web::Data::from(state.access.clone()),
    );
    App::new()
        .app_data(public_cache)
        .app_data(access)
        .app_data(web::Data::new(state))
        .app_data(middleware::json_config())
        .app_data(middleware::query_config())
        .app_data(middleware::path_config())
        .wrap(from_fn(middleware::refuse_control_characters))
        .wrap(from_fn(security::same_origin))
        .wrap(from_fn(crate::bearer::authenticate))
        .wrap(session::cookie::middleware(sessions, key, secure))
        .wrap(from_fn(session::answer_503))
        .wrap(from_fn(security::private_answers))
        // Visitors' public reads from memory (outside the session: a hit needs no lookup).
        .wrap(from_fn(crate::public_cache::serve))
        .wrap(cors)
        .wrap(from_fn(crate::cors::public_reads))
        .wrap(security::headers())
        .wrap(from_fn(middleware::request_log))
        // gzip/brotli/zstd when the browser asks: scripts, JSON and HTML shrink to about a third.
        .wrap(Compress::default())
        .wrap(NormalizePath::new(TrailingSlash::MergeOnly))
        .wrap(from_fn(crate::metrics::record))
        .route("/healthz", web::get().to(healthz))
        .route("/readyz", web::get().to(readyz))
        .route("/metrics", web::to(no_metrics))
        .route("/widget.js", web::get().to(frontend::widget))
        .service(web::redirect("/api/docs", "/api/docs/"))
        .route(
            "/api/openapi.json",
            web::get().to(move || {
                let json = openapi.json();
                async move {
                    HttpResponse::Ok()
                        .content_type(ContentType::json())
                        .body(json)
                }
            }),
        )
        .service(
            SwaggerUi::new("/api/docs/{_:.*}")
                .config(utoipa_swagger_ui::Config::from("/api/openapi.json")),
        )
        .service(routes::api_scope())
        .configure(crate::pages::configure)
        .default_service(web::to(crate::pages::fallback::serve))
}
