//! `app-server`: serves the site (default), prints the OpenAPI document (`openapi`), or
//! adds sample stories for a demo (`seed-demo`).

use std::sync::Arc;

use actix_web::HttpServer;
use app_server::config::Config;
use tracing_subscriber::EnvFilter;

fn init_tracing() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .init();
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let _ = dotenvy::dotenv();
    match std::env::args().nth(1).as_deref() {
        Some("openapi") => {
            println!(
                "{}",
                app_server::routes::openapi_document().to_pretty_json()?
            );
            Ok(())
        }
        Some("seed-demo") => {
            init_tracing();
            let state = app_server::prepare(Config::from_env()?).await?;
            let added = app_server::seed::seed_demo(&state).await?;
            tracing::info!(added, "demo stories seeded");
            Ok(())
        }
        None | Some("serve") => {
            init_tracing();
            serve().await
        }
        Some(other) => anyhow::bail!(
            "unknown command {other:?}; use `serve` (default), `openapi` or `seed-demo`"
        ),
    }
}

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let bind = config.bind_addr.clone();
    let state = app_server::prepare(config).await?;
    let openapi = Arc::new(app_server::routes::openapi_document());
    app_server::jobs::spawn(&state);
    tracing::info!(%bind, public_url = %state.config.public_url, "listening");
    // actix stops accepting on SIGINT/SIGTERM and lets requests in flight finish.
    HttpServer::new(move || app_server::app(state.clone(), openapi.clone()))
        .shutdown_timeout(20)
        .bind(&bind)?
        .run()
        .await?;
    tracing::info!("stopped");
    Ok(())
}
