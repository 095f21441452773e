//! The signatures of the links in subscribers' mail (`domain/src/subscription/links.rs`):
//! HMAC-SHA-256 under the server's key, cut to 128 bits, in hex.

use domain::subscription::LinkSigner;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Signs with a key every server of the site shares (the session signing key).
pub struct HmacLinkSigner {
    key: Vec<u8>,
}

impl HmacLinkSigner {
    pub fn new(key: &[u8]) -> Self {
        Self { key: key.to_vec() }
    }
}

impl LinkSigner for HmacLinkSigner {
    fn sign(&self, message: &str) -> String {
        // HMAC takes a key of any length.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC accepts every key length"));
        mac.update(message.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_depends_on_the_key_and_the_message() {
        let a = HmacLinkSigner::new(b"first key");
        assert_eq!(a.sign("m"), a.sign("m"));
        assert_eq!(a.sign("m").len(), 32);
        assert_ne!(a.sign("m"), a.sign("n"));
        assert_ne!(a.sign("m"), HmacLinkSigner::new(b"second key").sign("m"));
    }
}
