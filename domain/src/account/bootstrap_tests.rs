//! The first super admin on fakes: created once, with the configured or a generated
//! password kept only in its portal credential, and left alone once one exists.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use async_trait::async_trait;
use futures_executor::block_on;

use super::{BootstrapOutcome, SuperAdminSeed, ensure_super_admin};
use crate::StoreError;
use crate::testing::{
    FakePasswordHasher, InMemoryAdminCredentialRepository, InMemoryUserRepository, new_user,
};
use crate::user::{
    AdminCredential, AdminCredentialRepository, AuthProvider, NewUser, Role, User, UserRepository,
};

struct Stores {
    users: Arc<InMemoryUserRepository>,
    credentials: InMemoryAdminCredentialRepository,
    hasher: FakePasswordHasher,
}

fn stores() -> Stores {
    let users = Arc::new(InMemoryUserRepository::new());
    Stores {
        credentials: InMemoryAdminCredentialRepository::new(users.clone()),
        users,
        hasher: FakePasswordHasher::default(),
    }
}

fn seed(password: Option<&str>) -> SuperAdminSeed {
    SuperAdminSeed {
        username: "keeper".to_owned(),
        email: "keeper@example.org".to_owned(),
        password: password.map(str::to_owned),
    }
}

fn ensure(
    s: &Stores,
    seed: &SuperAdminSeed,
    generate: impl FnOnce() -> String,
) -> Result<BootstrapOutcome, StoreError> {
    block_on(ensure_super_admin(
        s.users.as_ref(),
        &s.credentials,
        &s.hasher,
        seed,
        generate,
    ))
}

fn no_generator() -> String {
    panic!("no password should be generated")
}

#[test]
fn with_no_super_admin_one_is_created_with_the_configured_password_in_its_credential() {
    let s = stores();
    let outcome = ensure(&s, &seed(Some("portal password")), no_generator).unwrap();
    assert_eq!(outcome, BootstrapOutcome::Created);

    let [keeper]: [User; 1] = s.users.all().try_into().unwrap();
    assert_eq!(keeper.email, "keeper@example.org");
    assert_eq!(keeper.username.as_deref(), Some("keeper"));
    assert_eq!(keeper.role, Role::SuperAdmin);
    assert!(keeper.is_approved && keeper.email_verified);
    assert_eq!(keeper.auth_provider, AuthProvider::Local);
    assert_eq!(
        keeper.display_name(),
        "Super Administrator",
        "a name for mail and the log"
    );
    assert_eq!(
        s.users.password_hash(&keeper.id),
        None,
        "the ordinary sign-in has no password for it"
    );

    let [credential]: [AdminCredential; 1] = s.credentials.all().try_into().unwrap();
    assert_eq!(credential.username, "keeper");
    assert_eq!(credential.user_id, keeper.id);
    assert_eq!(
        credential.password_hash,
        FakePasswordHasher::hash_of("portal password"),
        "hashed, never kept as typed"
    );
}

#[test]
fn without_a_configured_password_a_generated_one_is_used_and_reported() {
    let s = stores();
    let outcome = ensure(&s, &seed(None), || "generated secret".to_owned()).unwrap();
    assert_eq!(
        outcome,
        BootstrapOutcome::CreatedWithGeneratedPassword("generated secret".to_owned())
    );
    let [credential]: [AdminCredential; 1] = s.credentials.all().try_into().unwrap();
    assert_eq!(
        credential.password_hash,
        FakePasswordHasher::hash_of("generated secret")
    );
}

#[test]
fn an_existing_super_admin_leaves_everything_as_it_is() {
    let s = stores();
    ensure(&s, &seed(Some("portal password")), no_generator).unwrap();
    // A restart with another configuration changes nothing and generates nothing.
    let other = SuperAdminSeed {
        username: "another".to_owned(),
        email: "another@example.org".to_owned(),
        password: None,
    };
    assert_eq!(
        ensure(&s, &other, no_generator).unwrap(),
        BootstrapOutcome::AlreadyPresent
    );
    assert_eq!(s.users.all().len(), 1);
    let [credential]: [AdminCredential; 1] = s.credentials.all().try_into().unwrap();
    assert_eq!(
        credential.password_hash,
        FakePasswordHasher::hash_of("portal password")
    );
}

#[test]
fn any_super_admin_counts_even_one_made_without_a_portal_credential() {
    let s = stores();
    block_on(
        s.users
            .create(new_user("boss@example.org", Role::SuperAdmin, true)),
    )
    .unwrap();
    assert_eq!(
        ensure(&s, &seed(Some("portal password")), no_generator).unwrap(),
        BootstrapOutcome::AlreadyPresent
    );
    assert!(s.credentials.all().is_empty());
}

/// Credentials where another instance creates the super admin just before this one's
/// insert, which then conflicts.
struct AnotherInstanceFirst(InMemoryAdminCredentialRepository);

#[async_trait]
impl AdminCredentialRepository for AnotherInstanceFirst {
    async fn find_by_username(
        &self,
        username: &str,
    ) -> Result<Option<AdminCredential>, StoreError> {
        self.0.find_by_username(username).await
    }

    async fn create_with_user(
        &self,
        user: NewUser,
        username: &str,
        password_hash: &str,
    ) -> Result<User, StoreError> {
        self.0
            .create_with_user(user, username, password_hash)
            .await?;
        Err(StoreError::Conflict("username".to_owned()))
    }

    async fn set_password_hash(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, StoreError> {
        self.0.set_password_hash(username, password_hash).await
    }
}

#[test]
fn a_super_admin_created_meanwhile_by_another_instance_counts_as_present() {
    let users = Arc::new(InMemoryUserRepository::new());
    let racing = AnotherInstanceFirst(InMemoryAdminCredentialRepository::new(users.clone()));
    let outcome = block_on(ensure_super_admin(
        users.as_ref(),
        &racing,
        &FakePasswordHasher::default(),
        &seed(Some("portal password")),
        no_generator,
    ));
    assert_eq!(outcome.unwrap(), BootstrapOutcome::AlreadyPresent);
}

#[test]
fn a_conflict_with_no_super_admin_behind_it_is_an_error() {
    let s = stores();
    // The configured address belongs to an ordinary member.
    block_on(
        s.users
            .create(new_user("keeper@example.org", Role::Member, true)),
    )
    .unwrap();
    let outcome = ensure(&s, &seed(Some("portal password")), no_generator);
    assert!(
        matches!(&outcome, Err(StoreError::Conflict(field)) if field == "email"),
        "{outcome:?}"
    );
    assert!(s.credentials.all().is_empty());
    assert_eq!(
        block_on(s.users.count_with_role(Role::SuperAdmin)).unwrap(),
        0
    );
}
