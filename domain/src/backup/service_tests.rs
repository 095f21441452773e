#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use futures_executor::block_on;

use super::*;
use crate::backup::RunState;
use crate::testing::{FixedClock, RecordingMailer};
use crate::user::{AuthProvider, Role, User, UserId};

/// The shared record: slot -> run.
#[derive(Default)]
struct Log(Mutex<BTreeMap<String, BackupRun>>);

#[async_trait]
impl BackupLog for Log {
    async fn claim(&self, slot: &str, name: &str, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let mut runs = self.0.lock().unwrap();
        if runs.contains_key(slot) {
            return Ok(false);
        }
        let run = BackupRun {
            name: name.into(),
            state: RunState::Running,
            started_at: now,
            finished_at: None,
            written: None,
            error: None,
        };
        runs.insert(slot.into(), run);
        Ok(true)
    }
    async fn finish(
        &self,
        slot: &str,
        outcome: Result<&Written, &str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut runs = self.0.lock().unwrap();
        let run = runs.get_mut(slot).unwrap();
        run.finished_at = Some(now);
        match outcome {
            Ok(w) => {
                run.state = RunState::Verified;
                run.written = Some(w.clone());
            }
            Err(e) => {
                run.state = RunState::Failed;
                run.error = Some(e.into());
            }
        }
        Ok(())
    }
    async fn recent(&self, limit: u64) -> Result<Vec<BackupRun>, StoreError> {
        let mut runs: Vec<BackupRun> = self
            .0
            .lock()
            .unwrap()
            .values()
            .filter(|r| !r.name.is_empty())
            .cloned()
            .collect();
        runs.sort_by_key(|r| std::cmp::Reverse(r.started_at));
        runs.truncate(limit as usize);
        Ok(runs)
    }
    async fn newest_good(&self) -> Result<Option<BackupRun>, StoreError> {
        Ok(self
            .recent(1000)
            .await?
            .into_iter()
            .find(|r| r.state == RunState::Verified))
    }
}

/// Files by name; can be told to fail.
#[derive(Default)]
struct Files {
    names: Mutex<Vec<String>>,
    failing: Mutex<bool>,
}

#[async_trait]
impl Archiver for Files {
    async fn write(&self, name: &str) -> Result<Written, String> {
        if *self.failing.lock().unwrap() {
            return Err("disk full".into());
        }
        self.names.lock().unwrap().push(name.into());
        Ok(Written {
            bytes: 10,
            people: 1,
            stories: 2,
            comments: 3,
            pictures: 0,
        })
    }
    async fn list(&self) -> Result<Vec<String>, StoreError> {
        let mut names = self.names.lock().unwrap().clone();
        names.sort();
        names.reverse();
        Ok(names)
    }
    async fn delete(&self, name: &str) -> Result<(), StoreError> {
        self.names.lock().unwrap().retain(|n| n != name);
        Ok(())
    }
}

struct World {
    audit: Arc<crate::testing::InMemoryAuditLog>,
    log: Arc<Log>,
    files: Arc<Files>,
    mailer: Arc<RecordingMailer>,
    clock: Arc<FixedClock>,
}

impl World {
    fn new() -> Self {
        Self {
            audit: Arc::default(),
            log: Arc::default(),
            files: Arc::default(),
            mailer: Arc::default(),
            clock: Arc::default(),
        }
    }
    /// An instance of the service (several share the log and the files).
    fn service(&self, keep: usize) -> BackupService {
        BackupService::new(
            BackupPorts {
                log: self.log.clone(),
                files: self.files.clone(),
                mailer: self.mailer.clone(),
                audit: self.audit.clone(),
                clock: self.clock.clone(),
            },
            BackupSettings {
                every: Duration::hours(24),
                keep,
                notify: "admin@example.org".into(),
                site_name: "St. Test".into(),
            },
        )
    }
}

fn person(role: Role) -> Caller {
    Caller::User(User {
        id: UserId::new("00000000-0000-4000-8000-000000000001"),
        email: "ruth@example.org".into(),
        username: Some("ruth".into()),
        first_name: None,
        last_name: None,
        profile_image_url: None,
        google_id: None,
        auth_provider: AuthProvider::Local,
        role,
        is_approved: true,
        email_verified: true,
        email_verified_at: Some(crate::clock::SystemClock.now()),
        suspended_reason: None,
        created_at: crate::clock::SystemClock.now(),
        updated_at: crate::clock::SystemClock.now(),
    })
}

#[test]
fn each_scheduled_backup_is_taken_once_by_one_instance() {
    block_on(async {
        let world = World::new();
        let (one, two) = (world.service(14), world.service(14));
        assert!(one.run_scheduled().await.unwrap().unwrap().is_ok());
        assert!(two.run_scheduled().await.unwrap().is_none());
        assert!(one.run_scheduled().await.unwrap().is_none());
        world.clock.advance(Duration::hours(24));
        assert!(two.run_scheduled().await.unwrap().is_some());
        assert_eq!(world.files.list().await.unwrap().len(), 2);
    });
}

#[test]
fn only_the_newest_backups_are_kept() {
    block_on(async {
        let world = World::new();
        let service = world.service(3);
        for _ in 0..5 {
            service.run_scheduled().await.unwrap();
            world.clock.advance(Duration::hours(24));
        }
        let kept = world.files.list().await.unwrap();
        assert_eq!(kept.len(), 3);
        assert!(kept[0] > kept[2]);
    });
}

#[test]
fn a_failed_backup_is_recorded_and_never_counts_as_good() {
    block_on(async {
        let world = World::new();
        *world.files.failing.lock().unwrap() = true;
        let service = world.service(14);
        assert_eq!(
            service.run_scheduled().await.unwrap(),
            Some(Err("disk full".into()))
        );
        let view = service.overview(&person(Role::SuperAdmin)).await.unwrap();
        assert_eq!(view.runs[0].state, RunState::Failed);
        assert!(view.newest_good.is_none());
    });
}

#[test]
fn the_super_admin_is_mailed_once_a_day_when_backups_are_overdue() {
    block_on(async {
        let world = World::new();
        let service = world.service(14);
        service.run_scheduled().await.unwrap();
        *world.files.failing.lock().unwrap() = true;
        world.clock.advance(Duration::hours(47));
        assert!(!service.warn_if_overdue().await.unwrap());
        world.clock.advance(Duration::hours(2));
        assert!(service.warn_if_overdue().await.unwrap());
        assert!(
            !world.service(14).warn_if_overdue().await.unwrap(),
            "once a day, across instances"
        );
        assert!(
            service
                .overview(&person(Role::SuperAdmin))
                .await
                .unwrap()
                .overdue
        );
        let sent = world.mailer.sent();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, "admin@example.org");
        assert!(
            sent[0].body.contains("made 49 hours ago"),
            "{}",
            sent[0].body
        );
        world.clock.advance(Duration::hours(24));
        assert!(service.warn_if_overdue().await.unwrap());
    });
}

#[test]
fn only_the_super_admin_sees_starts_and_downloads_backups() {
    block_on(async {
        let world = World::new();
        let service = world.service(14);
        for role in [Role::Member, Role::Admin, Role::SubAdmin] {
            assert!(matches!(
                service.start(&person(role)).await,
                Err(StartError::Refused(_))
            ));
            assert!(matches!(
                service.overview(&person(role)).await,
                Err(StartError::Refused(_))
            ));
        }
        assert!(matches!(
            service.start(&Caller::Visitor).await,
            Err(StartError::Refused(Refusal::NotSignedIn))
        ));
        let boss = person(Role::SuperAdmin);
        let (name, slot) = service.start(&boss).await.unwrap();
        assert!(matches!(
            service.start(&boss).await,
            Err(StartError::AlreadyStarting)
        ));
        assert!(matches!(
            service.download(&boss, &name).await,
            Err(StartError::NotFound)
        ));
        service.take(&slot, &name).await.unwrap().unwrap();
        service.download(&boss, &name).await.unwrap();
        assert!(matches!(
            service.download(&boss, "../etc/passwd").await,
            Err(StartError::NotFound)
        ));
        assert!(matches!(
            service.download(&person(Role::Admin), &name).await,
            Err(StartError::Refused(_))
        ));
        let logged = world.audit.entries();
        assert_eq!(logged.len(), 1, "one download, one entry");
        assert_eq!(
            (logged[0].action, logged[0].target_id.as_str()),
            (crate::audit::AuditAction::BackupDownloaded, name.as_str())
        );
    });
}
