//! `app-server`: serves the site (default), prints the OpenAPI document (`openapi`), or
//! adds sample stories for a demo (`seed-demo`), or fills an empty database with a large
//! archive for benchmarks (`seed --stories N --comments M [--users U] [--subscribers S]`),
//! writes a backup (`backup [--out FILE]`) or restores one (`restore FILE [--replace]`).

use std::time::Duration;

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
    app_server::memory::configure();
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
            // Running servers drop their kept public reads.
            state
                .public_cache
                .changed(&app_server::public_cache::Visible::Everything)
                .await;
            tracing::info!(added, "demo stories seeded");
            Ok(())
        }
        Some("seed") => {
            init_tracing();
            let (plan, subscribers) = seed_plan(std::env::args().skip(2))?;
            let state = app_server::prepare(Config::from_env()?).await?;
            let started = std::time::Instant::now();
            let added = adapters::seed_archive(
                &state.db,
                plan,
                state.config.scripture.canon,
                state.clock.now(),
            )
            .await?;
            let covered_until = if subscribers > 0 {
                Some(adapters::seed_subscribers(&state.db, subscribers, state.clock.now()).await?)
            } else {
                None
            };
            state
                .public_cache
                .changed(&app_server::public_cache::Visible::Everything)
                .await;
            tracing::info!(
                stories = added.stories,
                comments = added.comments,
                users = added.users,
                subscribers,
                covered_until = ?covered_until,
                seconds = started.elapsed().as_secs_f64(),
                "archive seeded"
            );
            Ok(())
        }
        Some("backup") => {
            init_tracing();
            app_server::backups::cli::backup(std::env::args().skip(2)).await
        }
        Some("restore") => {
            init_tracing();
            app_server::backups::cli::restore(std::env::args().skip(2)).await
        }
        None | Some("serve") => {
            init_tracing();
            serve().await
        }
        Some(other) => anyhow::bail!(
            "unknown command {other:?}; use `serve` (default), `openapi`, `seed-demo`, `seed --stories N --comments M [--users U] [--subscribers S]`, `backup [--out FILE]` or `restore FILE [--replace]`"
        ),
    }
}

/// `--stories N --comments M --users U --subscribers S`, each optional (1,000 stories, 2,000
/// comments, 100 authors, no subscribers when left out). Subscribers are confirmed weekly
/// ones with a digest due (`adapters::seed_subscribers`), for the digest benchmark.
fn seed_plan(args: impl Iterator<Item = String>) -> anyhow::Result<(adapters::SeedPlan, u64)> {
    let mut plan = adapters::SeedPlan {
        stories: 1_000,
        comments: 2_000,
        users: 100,
    };
    let mut subscribers = 0;
    let mut args = args;
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a number"))?;
        let n: u64 = value
            .replace('_', "")
            .parse()
            .map_err(|_| anyhow::anyhow!("{flag} needs a number, not {value:?}"))?;
        match flag.as_str() {
            "--stories" => plan.stories = n,
            "--comments" => plan.comments = n,
            "--users" => plan.users = n.max(1),
            "--subscribers" => subscribers = n,
            _ => anyhow::bail!(
                "unknown option {flag:?}; use --stories, --comments, --users or --subscribers"
            ),
        }
    }
    Ok((plan, subscribers))
}

/// How long an idle connection stays open for its next request: longer than load balancers and
/// proxies keep theirs (60 s for most), so that none of them, and no client pooling its
/// connections, sends a request on a connection the server is closing at that moment
/// (docs/reliability.md, "Idle connections"). actix's default is 5 s.
const IDLE_CONNECTION: Duration = Duration::from_secs(75);

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let bind = config.bind_addr.clone();
    let state = app_server::prepare(config).await?;
    let openapi = app_server::routes::ApiDocument::build()?;
    app_server::jobs::spawn(&state);
    if let Some(addr) = &state.config.metrics_addr {
        app_server::metrics::install(addr, &state)?;
    }
    tracing::info!(%bind, public_url = %state.config.public_url, "listening");
    // actix stops accepting on SIGINT/SIGTERM, closes idle connections and lets requests in
    // flight finish (at most 20 s).
    HttpServer::new(move || app_server::app(state.clone(), openapi.clone()))
        .keep_alive(IDLE_CONNECTION)
        .shutdown_timeout(20)
        .bind(&bind)?
        .run()
        .await?;
    tracing::info!("stopped");
    Ok(())
}
