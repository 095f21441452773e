//! Creating the first super admin at start (docs/product.md#runtime).

use crate::StoreError;
use crate::user::{
    AdminCredentialRepository, AuthProvider, NewUser, PasswordHasher, Role, UserRepository,
};

/// What the bootstrap is told by configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuperAdminSeed {
    pub username: String,
    pub email: String,
    /// `None`: generate one with `generate_password` and report it once.
    pub password: Option<String>,
}

/// What the bootstrap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BootstrapOutcome {
    /// A super admin already existed; nothing changed.
    AlreadyPresent,
    /// Created with the configured password.
    Created,
    /// Created with this generated password, to be shown once.
    CreatedWithGeneratedPassword(String),
}

/// Creates the super admin account and its credential when no super admin exists.
///
/// # Errors
/// The stores' errors.
pub async fn ensure_super_admin(
    users: &dyn UserRepository,
    credentials: &dyn AdminCredentialRepository,
    hasher: &dyn PasswordHasher,
    seed: &SuperAdminSeed,
    generate_password: impl FnOnce() -> String,
) -> Result<BootstrapOutcome, StoreError> {
    if users.count_with_role(Role::SuperAdmin).await? > 0 {
        return Ok(BootstrapOutcome::AlreadyPresent);
    }
    let (password, generated) = match &seed.password {
        Some(p) => (p.clone(), false),
        None => (generate_password(), true),
    };
    let hash = hasher.hash(&password).await.map_err(StoreError::from)?;
    let user = NewUser {
        email: seed.email.clone(),
        username: Some(seed.username.clone()),
        password_hash: None,
        first_name: Some("Super".to_owned()),
        last_name: Some("Administrator".to_owned()),
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role: Role::SuperAdmin,
        is_approved: true,
        email_verified: true,
    };
    match credentials
        .create_with_user(user, &seed.username, &hash)
        .await
    {
        Ok(_) => {}
        // Another instance starting at the same moment created it between our count and
        // our insert: it is there, which is all this asked.
        Err(StoreError::Conflict(_)) if users.count_with_role(Role::SuperAdmin).await? > 0 => {
            return Ok(BootstrapOutcome::AlreadyPresent);
        }
        Err(e) => return Err(e),
    }
    Ok(if generated {
        BootstrapOutcome::CreatedWithGeneratedPassword(password)
    } else {
        BootstrapOutcome::Created
    })
}

impl super::service::AccountService {
    /// [`ensure_super_admin`] over this service's stores and hasher, so start-up builds no
    /// adapters of its own.
    ///
    /// # Errors
    /// The stores' errors.
    pub async fn ensure_super_admin(
        &self,
        seed: &SuperAdminSeed,
        generate_password: impl FnOnce() -> String,
    ) -> Result<BootstrapOutcome, StoreError> {
        ensure_super_admin(
            &*self.p.users,
            &*self.p.credentials,
            &*self.p.hasher,
            seed,
            generate_password,
        )
        .await
    }
}

#[cfg(test)]
#[path = "bootstrap_tests.rs"]
mod tests;
