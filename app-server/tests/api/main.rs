//! HTTP tests of the API through `actix_web::test`, each on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod helpers;

mod abilities;
mod accounts;
mod activity_log;
mod api_tokens;
mod backup_admin;
mod backups;
mod comments;
mod consent;
mod contract;
mod cors;
mod crash;
mod error_codes;
mod faults;
mod first_hour;
mod foundation;
mod help;
mod hostile;
mod limits;
mod mail;
mod many_servers;
mod metrics;
mod moderation;
mod moderation_queues;
mod pages;
mod pictures;
mod privacy;
mod privacy_servers;
mod processes;
mod public_cache;
mod query_shapes;
mod rate_limits;
mod safety;
mod safety_holes;
mod schedules;
mod scripture;
mod self_service;
mod sensitive;
mod social;
mod stories;
mod two_servers;
mod upgrades;
mod uploads;
