//! Who a signed-in request is, kept in memory for a moment: a session's state, a person's
//! record and an API token's holder, each read from the database at most once every
//! [`FRESH_FOR`] per instance instead of on every request. A member's page asks several
//! questions at once (the story, its comments, their account) and a busy member's
//! requests follow each other closely, so most of them find the answer here.
//!
//! Safe because it is short and because writes empty it:
//! - On the instance that made it, every successful write (`POST`, `PUT`, `PATCH`,
//!   `DELETE`: signing out, revoking a session or a token, suspending, changing a role,
//!   deleting an account, editing a profile) empties the whole cache before its answer
//!   leaves, so a revoked session or token, or a suspended person, is refused by the next
//!   request there. A read that started before the write does not keep what it read (the
//!   generation it started under is gone).
//! - On every other instance, what is kept is at most [`FRESH_FOR`] old: the change is
//!   refused there within that time, well inside the second `docs/decisions/account-safety.md`
//!   promises.
//!
//! Only signed-in sessions are kept (a visitor's cookie without a person is asked for each
//! time, as before), and the maps are bounded: past [`MAX_KEPT`] entries the stale ones go,
//! and if all are fresh, everything.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use domain::api_token::TokenHolder;
use domain::user::User;

/// How long an answer read from the database is used before it is read again.
pub const FRESH_FOR: Duration = Duration::from_millis(500);

/// How many entries each map holds at most.
pub const MAX_KEPT: usize = 10_000;

/// A session's state as actix-session keeps it.
pub type SessionState = HashMap<String, String>;

#[derive(Default)]
pub struct AccessCache {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Moved by every write: answers read under an older generation are not kept.
    generation: u64,
    sessions: Recent<SessionState>,
    users: Recent<Option<User>>,
    tokens: Recent<Option<TokenHolder>>,
}

/// Answers by key, each with the moment it was read.
struct Recent<V> {
    map: HashMap<String, (Instant, V)>,
}

impl<V> Default for Recent<V> {
    fn default() -> Self {
        Self {
            map: HashMap::new(),
        }
    }
}

impl<V: Clone> Recent<V> {
    fn get(&self, key: &str, now: Instant) -> Option<V> {
        self.map
            .get(key)
            .filter(|(at, _)| now.duration_since(*at) < FRESH_FOR)
            .map(|(_, v)| v.clone())
    }

    fn put(&mut self, key: &str, value: V, now: Instant) {
        if self.map.len() >= MAX_KEPT && !self.map.contains_key(key) {
            self.map
                .retain(|_, (at, _)| now.duration_since(*at) < FRESH_FOR);
            if self.map.len() >= MAX_KEPT {
                self.map.clear();
            }
        }
        self.map.insert(key.to_owned(), (now, value));
    }
}

/// Where an answer was read: the generation to hand back to `keep_*` with it.
#[derive(Clone, Copy)]
pub struct Reading(u64);

impl AccessCache {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        // Plain data behind the lock: a panic elsewhere leaves it usable.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Starts a reading from the database: what it reads is kept only if no write
    /// happens meanwhile.
    pub fn reading(&self) -> Reading {
        Reading(self.inner().generation)
    }

    /// Forgets everything (a write succeeded on this instance).
    pub fn forget_all(&self) {
        let mut inner = self.inner();
        inner.generation += 1;
        inner.sessions.map.clear();
        inner.users.map.clear();
        inner.tokens.map.clear();
    }

    /// Forgets one session (its state was written or it was deleted).
    pub fn forget_session(&self, sid: &str) {
        let mut inner = self.inner();
        inner.generation += 1;
        inner.sessions.map.remove(sid);
    }

    pub fn session(&self, sid: &str) -> Option<SessionState> {
        self.inner().sessions.get(sid, Instant::now())
    }

    pub fn keep_session(&self, sid: &str, reading: Reading, state: SessionState) {
        self.keep(reading, |inner| &mut inner.sessions, sid, state);
    }

    /// Keeps `value` under `key` in the map `of` picks, unless a write happened since `reading`.
    fn keep<V: Clone>(
        &self,
        reading: Reading,
        of: impl FnOnce(&mut Inner) -> &mut Recent<V>,
        key: &str,
        value: V,
    ) {
        let mut inner = self.inner();
        if inner.generation == reading.0 {
            of(&mut inner).put(key, value, Instant::now());
        }
    }

    /// The person of `id` as read less than [`FRESH_FOR`] ago (`Some(None)`: no such person).
    pub fn user(&self, id: &str) -> Option<Option<User>> {
        self.inner().users.get(id, Instant::now())
    }

    pub fn keep_user(&self, id: &str, reading: Reading, user: Option<User>) {
        self.keep(reading, |inner| &mut inner.users, id, user);
    }

    /// The holder of the token with this secret (`Some(None)`: refused) as found less than
    /// [`FRESH_FOR`] ago.
    pub fn token(&self, secret: &str) -> Option<Option<TokenHolder>> {
        self.inner().tokens.get(secret, Instant::now())
    }

    pub fn keep_token(&self, secret: &str, reading: Reading, holder: Option<TokenHolder>) {
        self.keep(reading, |inner| &mut inner.tokens, secret, holder);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(user: &str) -> SessionState {
        HashMap::from([("user_id".to_owned(), format!("\"{user}\""))])
    }

    #[test]
    fn an_answer_is_used_for_a_moment_then_read_again() {
        let cache = AccessCache::default();
        let reading = cache.reading();
        cache.keep_session("sid", reading, state("u1"));
        assert_eq!(cache.session("sid"), Some(state("u1")));
        std::thread::sleep(FRESH_FOR);
        assert_eq!(cache.session("sid"), None, "stale: read again");
    }

    #[test]
    fn a_write_forgets_everything_and_what_was_read_before_it() {
        let cache = AccessCache::default();
        let before = cache.reading();
        cache.keep_session("sid", before, state("u1"));
        cache.keep_user("u1", before, None);
        cache.keep_token("gst_x", before, None);
        let during = cache.reading();
        cache.forget_all();
        assert_eq!(cache.session("sid"), None);
        assert!(cache.user("u1").is_none());
        assert!(cache.token("gst_x").is_none());
        // A reading that started before the write read what may be gone now.
        cache.keep_user("u1", during, None);
        assert!(cache.user("u1").is_none(), "not kept");
        let after = cache.reading();
        cache.keep_user("u1", after, None);
        assert_eq!(cache.user("u1"), Some(None), "kept: read after the write");
    }

    #[test]
    fn forgetting_a_session_leaves_the_others() {
        let cache = AccessCache::default();
        let reading = cache.reading();
        cache.keep_session("a", reading, state("u1"));
        cache.keep_session("b", reading, state("u2"));
        cache.forget_session("a");
        assert_eq!(cache.session("a"), None);
        assert_eq!(cache.session("b"), Some(state("u2")));
    }

    #[test]
    fn a_full_map_makes_room() {
        let mut recent = Recent::default();
        let start = Instant::now();
        for i in 0..MAX_KEPT {
            recent.put(&i.to_string(), i, start);
        }
        // All fresh: everything goes to make room for one more.
        recent.put("one more", 0, start);
        assert_eq!(recent.map.len(), 1);
        for i in 0..MAX_KEPT - 1 {
            recent.put(&i.to_string(), i, start);
        }
        // Stale by now: only the stale ones go.
        let later = start + FRESH_FOR;
        recent.put("fresh", 1, later);
        recent.put("another", 2, later);
        assert_eq!(recent.map.len(), 2);
        assert_eq!(recent.get("fresh", later), Some(1));
    }
}
