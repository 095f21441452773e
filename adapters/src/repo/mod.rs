//! SeaORM implementations of the domain's ports, one module per aggregate.

pub(crate) mod admin;
pub(crate) mod categories;
pub(crate) mod comments;
pub(crate) mod help;
pub(crate) mod mail;
pub(crate) mod rate_limits;
pub(crate) mod schedules;
pub(crate) mod sessions;
pub(crate) mod settings;
pub(crate) mod social;
pub(crate) mod stories;
pub(crate) mod users;
