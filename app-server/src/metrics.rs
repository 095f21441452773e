//! Prometheus metrics on their own listener (`METRICS_ADDR`, off when unset), never on the
//! public port: HTTP requests by route template, method and status with a latency
//! histogram, the database pool, visitors' cache hits and misses, the seconds since the
//! last good backup, and what waits in the delivery and moderation queues (docs/backups.md
//! lists every series). The exporter is `metrics-exporter-prometheus`; the series are recorded
//! with the `metrics` macros (no-ops when no exporter is installed).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder};

use crate::state::AppState;

/// Request latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// How often the gauges read from the database are refreshed.
const GAUGES_EVERY: Duration = Duration::from_secs(15);

/// Serves `/metrics` on `addr` and starts refreshing the gauges.
///
/// # Errors
/// An unreadable address, or a listener that cannot start.
pub fn install(addr: &str, state: &AppState) -> anyhow::Result<()> {
    let at: SocketAddr = addr
        .parse()
        .map_err(|e| anyhow::anyhow!("METRICS_ADDR {addr:?}: {e}"))?;
    PrometheusBuilder::new()
        .with_http_listener(at)
        .set_buckets_for_metric(
            Matcher::Full("http_request_duration_seconds".into()),
            &BUCKETS,
        )?
        .install()
        .map_err(|e| anyhow::anyhow!("METRICS_ADDR {addr}: {e}"))?;
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            refresh(&state).await;
            tokio::time::sleep(GAUGES_EVERY).await;
        }
    });
    tracing::info!(%at, "metrics served at /metrics");
    Ok(())
}

async fn refresh(state: &AppState) {
    let (size, idle) = if adapters::is_postgres(&state.db) {
        let pool = state.db.get_postgres_connection_pool();
        (pool.size(), pool.num_idle())
    } else {
        let pool = state.db.get_sqlite_connection_pool();
        (pool.size(), pool.num_idle())
    };
    let idle = u32::try_from(idle).unwrap_or(u32::MAX);
    let in_use = size.saturating_sub(idle);
    metrics::gauge!("db_pool_connections", "state" => "in_use").set(f64::from(in_use));
    metrics::gauge!("db_pool_connections", "state" => "idle").set(f64::from(idle));
    // sqlx's pool does not count its waiters: the repositories count the calls that want a
    // connection, and those beyond the connections in use are certainly waiting (a lower
    // bound: connections held by open transactions hide as many waiters).
    let wanted = adapters::connections_wanted();
    let waiting = wanted.saturating_sub(usize::try_from(in_use).unwrap_or(usize::MAX));
    metrics::gauge!("db_pool_connections", "state" => "waiting").set(waiting as f64);
    metrics::gauge!("db_pool_connections_wanted").set(wanted as f64);
    queues(state).await;
    match state.backups.service.newest_good_at().await {
        Ok(Some(at)) => {
            let age = (domain::clock::Clock::now(&domain::clock::SystemClock) - at)
                .num_milliseconds() as f64
                / 1000.0;
            metrics::gauge!("backup_last_good_age_seconds").set(age);
        }
        Ok(None) => metrics::gauge!("backup_last_good_age_seconds").set(f64::NAN),
        Err(e) => tracing::debug!(error = %e, "metrics: the last backup could not be read"),
    }
}

/// The delivery and moderation queues: how many wait, and the age of the oldest (0 when
/// none does). Six queries, one per queue.
async fn queues(state: &AppState) {
    let waiting = match adapters::waiting(state.db.clone()).await {
        Ok(w) => w,
        Err(e) => {
            tracing::debug!(error = %e, "metrics: the queues could not be read");
            return;
        }
    };
    let now = domain::clock::Clock::now(&domain::clock::SystemClock);
    let age = |q: &adapters::Queue| {
        q.oldest.map_or(0.0, |at| {
            (now - at).num_milliseconds().max(0) as f64 / 1000.0
        })
    };
    for (name, outbox) in [("mail", &waiting.mail), ("social", &waiting.social)] {
        metrics::gauge!("outbox_queued", "outbox" => name).set(outbox.queued.count as f64);
        metrics::gauge!("outbox_failed", "outbox" => name).set(outbox.failed as f64);
        metrics::gauge!("outbox_oldest_queued_age_seconds", "outbox" => name)
            .set(age(&outbox.queued));
    }
    for (name, queue) in [
        ("stories", &waiting.stories),
        ("edits", &waiting.edits),
        ("comments", &waiting.comments),
        ("people", &waiting.people),
    ] {
        metrics::gauge!("moderation_pending", "queue" => name).set(queue.count as f64);
        metrics::gauge!("moderation_oldest_pending_age_seconds", "queue" => name).set(age(queue));
    }
}

/// Counts each answer by route template (`/api/stories/{id}`), method and status, and
/// records how long it took.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().as_str().to_owned();
    let res = next.call(req).await?;
    let route = res
        .request()
        .match_pattern()
        .unwrap_or_else(|| "other".to_owned());
    let status = res.status().as_u16().to_string();
    metrics::counter!("http_requests_total", "route" => route.clone(), "method" => method.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("http_request_duration_seconds", "route" => route, "method" => method)
        .record(started.elapsed().as_secs_f64());
    Ok(res)
}
