//! argon2id password hashing, run on the blocking pool so it never stalls the async workers,
//! a fixed number at a time ([`DEFAULT_AT_ONCE`] unless configured): each takes 7 MiB, so a
//! burst of sign-ins waits instead of taking hundreds of MB. One at a time keeps a small
//! server under 60 MB during sign-ins and leaves the other cores to the requests; hashing is
//! all processor work, so more at once than there are cores to spare only adds memory
//! (`docs/decisions/account-safety.md`, "Password hashing").

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use domain::user::{HashError, PasswordHasher};
use tokio::sync::Semaphore;

/// Hashes or verifications running at once unless configured otherwise (7 MiB each).
pub const DEFAULT_AT_ONCE: usize = 1;
/// How long a check waits for a slot before it gives up with [`HashError::Busy`] (a 503):
/// a burst of checks never queues without end, and a person hears to try again.
pub const SLOT_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// argon2id with explicit parameters: 7 MiB, 5 passes, 1 lane, one of OWASP's equivalent
/// minimums (19 MiB with 2 passes is another: the same work, more memory). A stored hash is
/// verified with the parameters written in it, so hashes made with 19 MiB still verify.
pub struct Argon2PasswordHasher {
    dummy_hash: String,
    permits: Semaphore,
}

fn failed(what: &str, e: impl std::fmt::Display) -> HashError {
    HashError::Failed(anyhow::anyhow!("{what}: {e}"))
}

/// Memory of one hash, in KiB.
const MEMORY_KIB: u32 = 7 * 1024;
/// Passes over that memory.
const PASSES: u32 = 5;

fn argon2() -> Result<Argon2<'static>, HashError> {
    let params =
        Params::new(MEMORY_KIB, PASSES, 1, None).map_err(|e| failed("argon2 params", e))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

fn hash_blocking(password: &str) -> Result<String, HashError> {
    argon2()?
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| failed("argon2 hash", e))
}

impl Argon2PasswordHasher {
    /// A hasher running [`DEFAULT_AT_ONCE`] hash at a time.
    ///
    /// # Errors
    /// When argon2 cannot hash.
    pub fn new() -> Result<Self, HashError> {
        Self::at_once(DEFAULT_AT_ONCE)
    }

    /// A hasher running up to `at_once` hashes at a time (at least one), after preparing the
    /// dummy hash that unknown accounts are verified against.
    ///
    /// # Errors
    /// When argon2 cannot hash.
    pub fn at_once(at_once: usize) -> Result<Self, HashError> {
        Ok(Self {
            dummy_hash: hash_blocking("not-a-real-password")?,
            permits: Semaphore::new(at_once.max(1)),
        })
    }
}

impl Argon2PasswordHasher {
    /// A hashing slot, waited for at most [`SLOT_WAIT`].
    async fn slot(&self) -> Result<tokio::sync::SemaphorePermit<'_>, HashError> {
        match tokio::time::timeout(SLOT_WAIT, self.permits.acquire()).await {
            Ok(permit) => permit.map_err(|e| failed("permit", e)),
            Err(_) => {
                tracing::warn!("every password hashing slot stayed taken; answered 503");
                Err(HashError::Busy)
            }
        }
    }
}

#[async_trait]
impl PasswordHasher for Argon2PasswordHasher {
    async fn hash(&self, password: &str) -> Result<String, HashError> {
        let _permit = self.slot().await?;
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || hash_blocking(&password))
            .await
            .map_err(|e| failed("hashing thread", e))?
    }

    async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, HashError> {
        let _permit = self.slot().await?;
        let known = hash.is_some();
        let hash = hash.unwrap_or(&self.dummy_hash).to_owned();
        let password = password.to_owned();
        let matched = tokio::task::spawn_blocking(move || -> Result<bool, HashError> {
            let parsed = PasswordHash::new(&hash).map_err(|e| failed("stored hash", e))?;
            Ok(argon2()?
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
        })
        .await
        .map_err(|e| failed("hashing thread", e))??;
        Ok(known && matched)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[tokio::test]
    async fn a_check_gives_up_when_every_slot_stays_taken() {
        let hasher = Argon2PasswordHasher::at_once(3).unwrap();
        let held = hasher.permits.acquire_many(3).await.unwrap();
        let started = std::time::Instant::now();
        let refused = hasher.verify("secret", None).await;
        assert!(matches!(refused, Err(HashError::Busy)), "{refused:?}");
        let waited = started.elapsed();
        assert!(SLOT_WAIT <= waited && waited < SLOT_WAIT * 2, "{waited:?}");
        drop(held);
        assert!(!hasher.verify("secret", None).await.unwrap());
    }

    #[tokio::test]
    async fn new_hashes_take_7_mib_and_hashes_made_with_19_mib_still_verify() {
        let hasher = Argon2PasswordHasher::new().unwrap();
        let new = hasher.hash("a long passphrase").await.unwrap();
        assert!(new.starts_with("$argon2id$v=19$m=7168,t=5,p=1$"), "{new}");
        assert!(
            hasher
                .verify("a long passphrase", Some(&new))
                .await
                .unwrap()
        );
        let params = Params::new(19 * 1024, 2, 1, None).unwrap();
        let old = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(b"an older passphrase")
            .unwrap()
            .to_string();
        assert!(old.contains("$m=19456,t=2,p=1$"), "{old}");
        assert!(
            hasher
                .verify("an older passphrase", Some(&old))
                .await
                .unwrap()
        );
        assert!(!hasher.verify("a wrong one", Some(&old)).await.unwrap());
    }
}
