//! The app-server crate: configuration, wiring, HTTP API, OpenAPI and the embedded site.

pub mod access_cache;
pub mod backups;
pub mod bearer;
pub mod caller;
pub mod client_ip;
pub mod conditional;
pub mod config;
pub mod cors;
pub mod device;
pub mod error;
pub mod frontend;
pub mod jobs;
pub mod json_body;
pub mod memory;
pub mod metrics;
pub mod middleware;
pub mod outage;
pub mod pages;
pub mod public_cache;
pub mod public_change;
pub mod public_reads;
pub mod routes;
pub mod security;
pub mod seed;
pub mod session;
pub mod startup;
pub mod state;
pub mod user_agent;
pub mod writes;

pub use startup::{app, prepare};
