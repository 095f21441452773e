//! Pure rules of the storytelling site: entities, roles and permissions, lifecycles, validation and the ports the adapters implement.
//!
//! Nothing here knows about HTTP, SQL or an async runtime. Services take their ports as
//! `Arc<dyn Port>` so the server can wire real adapters and the unit tests in-memory fakes.

pub mod account;
pub mod api_token;
pub mod audit;
pub mod backup;
pub mod category;
pub mod clock;
pub mod comment;
pub mod consent;
pub mod delivery;
pub mod error;
pub mod help;
pub mod mail;
pub mod media;
pub mod paging;
pub mod permissions;
pub mod queues;
pub mod rate_limit;
pub mod schedule;
pub mod scripture;
pub mod session;
pub mod social;
pub mod story;
pub mod subscription;
pub mod user;
pub mod validation;
pub mod work;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use error::StoreError;
pub use permissions::{Ability, Caller};
