# Grace Stories: `just run` serves the site, `just test` checks everything.
set shell := ["bash", "-euo", "pipefail", "-c"]

export RUST_LOG := env_var_or_default("RUST_LOG", "info,sqlx=warn,sea_orm=warn")

default:
    @just --list

# Build the site and the release server, then serve on http://localhost:8080 (SQLite under ./data).
run: build
    ./target/release/app-server

# Build the frontend and the release server (the site is embedded in target/release/app-server).
build: frontend-build
    cargo build --release -p app-server

# Install the frontend's node modules when missing or older than the lock file.
frontend-install:
    cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

# Build the site into frontend/web/dist.
frontend-build: frontend-install
    cd frontend && npm run build

# Regenerate openapi.json from the code and the TypeScript client from openapi.json.
openapi: frontend-install
    cargo run -q -p app-server -- openapi > openapi.json
    cd frontend && npm run generate

# Fail when openapi.json differs from what the code generates.
check-openapi:
    cargo build -q -p app-server
    just check-openapi-built

# Like check-openapi, with the debug server already built.
check-openapi-built:
    ./target/debug/app-server openapi | diff -u openapi.json - > /dev/null || { echo "openapi.json is stale: run 'just openapi' and commit"; exit 1; }

# Fail when the generated client differs from what openapi.json generates.
check-client: frontend-install
    cd frontend && npm run generate > /dev/null
    git diff --exit-code --stat -- frontend/sdk/src/generated || { echo "the generated client is stale: run 'just openapi' and commit"; exit 1; }
    test -z "$(git status --porcelain -- frontend/sdk/src/generated)" || { echo "the generated client has new files: run 'just openapi' and commit"; exit 1; }

# The domain crate may not depend on web, database or runtime crates.
check-domain:
    #!/usr/bin/env bash
    set -euo pipefail
    deps=$(cargo tree -p domain -e normal --prefix none --format '{p}' | awk '{print $1}' | sort -u)
    bad=$(echo "$deps" | grep -E '^(actix|sea-|sqlx|tokio|utoipa|reqwest|hyper|serde|axum|diesel|openidconnect)' || true)
    if [ -n "$bad" ]; then echo "domain depends on forbidden crates:"; echo "$bad"; exit 1; fi
    echo "domain is pure: $(echo "$deps" | tr '\n' ' ')"

# No two modules of one crate may import each other (cycles in the `use` graph).
check-modules:
    python3 scripts/module_cycles.py

# Format the code (rustfmt, and Prettier for the frontend).
fmt: frontend-install
    cargo fmt --all
    cd frontend && npm run format

# Static checks: formatting (rustfmt, Prettier), clippy (with clippy.toml's ban on reading the wall clock), unused crates, dependency licences and sources (cargo deny), domain purity, module cycles, TypeScript types and lint.
lint: frontend-install
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cargo machete
    cargo deny --log-level error check licenses bans sources
    just check-domain
    just check-modules
    cd frontend && npm run typecheck && npm run lint

# Known security advisories in the dependencies (cargo deny; needs GitHub for the RustSec database).
audit:
    cargo deny check advisories

# Four test threads on two cores: most of a test is waiting (for a database, a child process, a
# second server); with the other changes in docs/decisions/consistency.md ("just test near ten
# minutes") they took the HTTP suite from 380 s to 191 s. The HTTP tests build the
# debug server (target/debug/app-server) with the test-support modules of `adapters` and
# `domain`, which add code and change nothing the server does; the OpenAPI check and the
# browser run use that build instead of compiling it again without them (minutes on two cores).
# Everything: static checks, Rust tests on SQLite (and PostgreSQL when TEST_DATABASE_URL is set),
# staleness of openapi.json and the client, vitest, and the browser run against the real binary.
test: frontend-build lint
    cargo test --workspace --all-features -- --test-threads 4
    just check-openapi-built
    just check-client
    cd frontend && npm run test
    cd frontend && APP_SERVER_BIN="$PWD/../target/debug/app-server" npm run e2e

# The ignored HTTP tests (several processes, crashes, 100,000 stories), which build the debug binary (see `test`);
# the browser suites of frontend/e2e/slow (axe on every screen as every kind of person at 1280 and 390 px,
# keyboard-only journeys, 200% zoom, Lighthouse) against it; and schemathesis from openapi.json against it as a
# visitor, a member and the super admin on SQLite and PostgreSQL.
# The slow checks, not part of `just test` (about 20 minutes).
test-slow: frontend-install
    cargo test -p app-server --test api -- --ignored
    python3 app-server/tests/slow/schemathesis_run.py --no-build
    cd frontend && APP_SERVER_BIN="$PWD/../target/debug/app-server" npm run e2e:slow

# The backend with a Vite dev server for the frontend (hot reload on :5173, API proxied to :8080).
dev:
    (cargo run -p app-server &) ; cd frontend && npm run dev --workspace web

# Requests per second, latency and memory of the public reads and the comment write: the release server
# on 1,000 and 100,000 seeded stories, driven by wrk (installed when missing); then upload throughput and
# peak memory for a 12-megapixel photo; then a backup by the running server and a restore of 100,000 stories and
# 200,000 comments (times and peak memory); then a weekly digest to 10,000 subscribers queued by the running server
# (time, peak memory, and the comment write and story list beside it and quiet). `just bench postgres` runs all but
# the upload part on PostgreSQL.
bench engine="sqlite": frontend-build
    command -v wrk >/dev/null || (apt-get install -y -qq wrk || sudo apt-get install -y -qq wrk)
    cargo bench -p app-server --bench http -- {{engine}}
    cargo bench -p app-server --bench upload
    cargo bench -p app-server --bench backup -- {{engine}}
    cargo bench -p app-server --bench digest -- {{engine}}
