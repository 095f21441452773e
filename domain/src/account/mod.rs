//! What people do with accounts: sign up and verify the address, sign in (with a password,
//! with Google, as the super admin), confirm who they are, keep their profile, password and
//! sessions, reset a forgotten password, export their data and leave; and what the people
//! administration does (approve, change roles, suspend, delete).
//!
//! The accounts themselves, their roles and the ports that store them are `crate::user`;
//! this module sits above every aggregate a person's actions reach (their stories, tokens,
//! sessions, subscriptions and mail), so nothing below it imports it. The service and its
//! ports are in `service.rs`; each kind of action has its own file.

pub mod admin_password;
pub mod bootstrap;
pub mod checks;
pub mod external;
pub mod leaving;
pub mod password_reset;
pub mod people;
pub mod ports;
pub mod reauth;
pub mod registration;
pub mod self_service;
pub mod service;
pub mod sessions;
pub mod sign_in;
pub mod verification;

pub use ports::{AccountData, AccountDataSource};
pub use service::{
    AccountPorts, AccountService, AccountWork, WRONG_ADMIN_CREDENTIALS, WRONG_CREDENTIALS,
};
