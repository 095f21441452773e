//! API token rules on the in-memory fakes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use chrono::Duration;
use futures_executor::block_on;

use super::*;
use crate::Caller;
use crate::clock::Clock;
use crate::permissions::Refusal;
use crate::testing::{
    FixedClock, InMemoryApiTokenRepository, InMemoryUserRepository, SequentialTokenMinter, new_user,
};
use crate::user::confirmed::IdentityConfirmed;
use crate::user::{Role, User, UserId, UserRepository};

struct Fixture {
    mailer: Arc<crate::testing::RecordingMailer>,
    audit: Arc<crate::testing::InMemoryAuditLog>,
    service: ApiTokenService,
    users: Arc<InMemoryUserRepository>,
    tokens: Arc<InMemoryApiTokenRepository>,
    clock: Arc<FixedClock>,
}

fn fixture() -> Fixture {
    let users = Arc::new(InMemoryUserRepository::new());
    let tokens = Arc::new(InMemoryApiTokenRepository::new());
    let clock = Arc::new(FixedClock::default());
    let audit = Arc::new(crate::testing::InMemoryAuditLog::new());
    let mailer = Arc::new(crate::testing::RecordingMailer::default());
    let service = ApiTokenService::new(ApiTokenPorts {
        tokens: tokens.clone(),
        users: users.clone(),
        minter: Arc::new(SequentialTokenMinter::default()),
        clock: clock.clone(),
        work: Arc::new(crate::testing::FakeUnitOfWork::new(
            crate::testing::WorkParts {
                users: users.clone(),
                api_tokens: tokens.clone(),
                audit: audit.clone(),
                mailer: mailer.clone(),
                ..crate::testing::WorkParts::new()
            },
        )),
        creations: super::service::creation_limits(Arc::new(
            crate::testing::InMemoryHitCounter::default(),
        )),
        site: crate::mail::SiteIdentity {
            name: "Grace Stories".into(),
            public_url: "https://grace.example".into(),
        },
    });
    Fixture {
        mailer,
        audit,
        service,
        users,
        tokens,
        clock,
    }
}

impl Fixture {
    async fn person(&self, email: &str, role: Role, approved: bool) -> User {
        self.users
            .create(new_user(email, role, approved))
            .await
            .unwrap()
    }

    async fn token(&self, owner: &User, scope: TokenScope, days: Option<u16>) -> CreatedApiToken {
        self.service
            .create(
                &Caller::User(owner.clone()),
                &IdentityConfirmed::new(&owner.id),
                TokenForm {
                    name: "  Phone app ".into(),
                    scope,
                    expires_in_days: days,
                },
            )
            .await
            .unwrap()
    }
}

#[test]
fn a_token_is_shown_once_stored_as_a_hash_and_acts_for_its_holder() {
    block_on(async {
        let f = fixture();
        let ruth = f
            .person("ruth@example.org", Role::RegularContributor, true)
            .await;
        let made = f.token(&ruth, TokenScope::Read, Some(30)).await;
        assert!(made.secret.starts_with("gst_"), "{}", made.secret);
        assert_eq!(made.token.name, "Phone app");
        assert_eq!(made.token.hint, made.secret[made.secret.len() - 4..]);
        assert_eq!(
            made.token.expires_at,
            Some(crate::testing::t0() + Duration::days(30))
        );
        assert!(f.tokens.find_by_hash(&made.secret).await.unwrap().is_none());
        let holder = f.service.authenticate(&made.secret).await.unwrap().unwrap();
        assert_eq!(holder.user.id, ruth.id);
        assert_eq!(holder.scope, TokenScope::Read);
        assert_eq!(holder.token_id, made.token.id);
        let listed = f.service.list_own(&Caller::User(ruth)).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].last_used_at, Some(crate::testing::t0()));
    });
}

#[test]
fn unknown_revoked_and_expired_tokens_act_for_nobody() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        assert!(
            f.service
                .authenticate("gst_nothing")
                .await
                .unwrap()
                .is_none()
        );
        assert!(f.service.authenticate("token-1").await.unwrap().is_none());
        let revoked = f.token(&ruth, TokenScope::ReadWrite, None).await;
        f.service
            .revoke_own(&Caller::User(ruth.clone()), revoked.token.id)
            .await
            .unwrap();
        assert!(
            f.service
                .authenticate(&revoked.secret)
                .await
                .unwrap()
                .is_none()
        );
        let expiring = f.token(&ruth, TokenScope::Read, Some(30)).await;
        f.clock.advance(Duration::days(30) - Duration::seconds(1));
        assert!(
            f.service
                .authenticate(&expiring.secret)
                .await
                .unwrap()
                .is_some()
        );
        f.clock.advance(Duration::seconds(1));
        assert!(
            f.service
                .authenticate(&expiring.secret)
                .await
                .unwrap()
                .is_none()
        );
    });
}

#[test]
fn a_token_stops_when_its_holder_loses_approval_is_suspended_or_leaves() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        let made = f.token(&ruth, TokenScope::Read, None).await;
        f.users
            .set_role(&ruth.id, Role::Member, false)
            .await
            .unwrap();
        assert!(
            f.service
                .authenticate(&made.secret)
                .await
                .unwrap()
                .is_none()
        );
        f.users
            .set_role(&ruth.id, Role::Member, true)
            .await
            .unwrap();
        assert!(
            f.service
                .authenticate(&made.secret)
                .await
                .unwrap()
                .is_some()
        );
        f.users
            .set_suspension(&ruth.id, Some("Spam".into()))
            .await
            .unwrap();
        assert!(
            f.service
                .authenticate(&made.secret)
                .await
                .unwrap()
                .is_none()
        );
        f.users.set_suspension(&ruth.id, None).await.unwrap();
        f.users.delete(&ruth.id).await.unwrap();
        assert!(
            f.service
                .authenticate(&made.secret)
                .await
                .unwrap()
                .is_none()
        );
    });
}

#[test]
fn only_approved_people_make_tokens_and_the_form_is_checked() {
    block_on(async {
        let f = fixture();
        let pending = f.person("new@example.org", Role::Member, false).await;
        let form = || TokenForm {
            name: "Script".into(),
            scope: TokenScope::Read,
            expires_in_days: Some(90),
        };
        assert!(matches!(
            f.service
                .create(
                    &Caller::Visitor,
                    &IdentityConfirmed::new(&UserId::new("nobody")),
                    form()
                )
                .await,
            Err(ApiTokenError::Refused(Refusal::NotSignedIn))
        ));
        assert!(matches!(
            f.service
                .create(
                    &Caller::User(pending.clone()),
                    &IdentityConfirmed::new(&pending.id),
                    form()
                )
                .await,
            Err(ApiTokenError::Refused(Refusal::PendingApproval))
        ));
        // A person waiting for approval still sees and revokes what they hold.
        assert!(f.service.list_own(&Caller::User(pending)).await.is_ok());
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        let bad = TokenForm {
            name: " ".into(),
            scope: TokenScope::Read,
            expires_in_days: Some(7),
        };
        let Err(ApiTokenError::Invalid(errors)) = f
            .service
            .create(
                &Caller::User(ruth.clone()),
                &IdentityConfirmed::new(&ruth.id),
                bad,
            )
            .await
        else {
            panic!("a blank name and 7 days are refused");
        };
        let fields: Vec<&str> = errors.as_slice().iter().map(|e| e.field).collect();
        assert_eq!(fields, ["name", "expiresInDays"]);
    });
}

#[test]
fn one_person_holds_at_most_the_limit() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        // Ten a day at most: the twenty are made over two days.
        for i in 0..MAX_TOKENS_PER_PERSON {
            if i == u64::from(service::MAX_TOKENS_CREATED_PER_DAY) {
                f.clock.advance(Duration::days(1));
            }
            f.token(&ruth, TokenScope::Read, None).await;
        }
        let more = f
            .service
            .create(
                &Caller::User(ruth.clone()),
                &IdentityConfirmed::new(&ruth.id),
                TokenForm {
                    name: "One more".into(),
                    scope: TokenScope::Read,
                    expires_in_days: None,
                },
            )
            .await;
        assert!(matches!(more, Err(ApiTokenError::TooMany)));
    });
}

#[test]
fn people_revoke_only_their_own_and_the_super_admin_any() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        let boaz = f.person("boaz@example.org", Role::Member, true).await;
        let admin = f.person("admin@example.org", Role::SuperAdmin, true).await;
        let sub = f.person("sub@example.org", Role::SubAdmin, true).await;
        let ruths = f.token(&ruth, TokenScope::Read, None).await;
        let boazs = f.token(&boaz, TokenScope::Read, None).await;
        assert!(matches!(
            f.service
                .revoke_own(&Caller::User(boaz.clone()), ruths.token.id)
                .await,
            Err(ApiTokenError::NotFound)
        ));
        assert!(matches!(
            f.service
                .list_all(&Caller::User(sub.clone()), None, None)
                .await,
            Err(ApiTokenError::Refused(Refusal::Forbidden))
        ));
        assert!(matches!(
            f.service
                .revoke_any(&Caller::User(sub), boazs.token.id)
                .await,
            Err(ApiTokenError::Refused(Refusal::Forbidden))
        ));
        let admin = Caller::User(admin);
        let all = f.service.list_all(&admin, None, None).await.unwrap();
        assert_eq!(all.total, 2);
        assert!(matches!(
            f.service.list_all(&admin, Some(0), None).await,
            Err(ApiTokenError::InvalidPage(_))
        ));
        f.service.revoke_any(&admin, boazs.token.id).await.unwrap();
        assert!(
            f.service
                .authenticate(&boazs.secret)
                .await
                .unwrap()
                .is_none()
        );
        assert!(matches!(
            f.service.revoke_any(&admin, boazs.token.id).await,
            Err(ApiTokenError::NotFound)
        ));
    });
}

#[test]
fn use_is_noted_at_most_once_a_minute() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        let made = f.token(&ruth, TokenScope::Read, None).await;
        let last_used =
            || async { f.tokens.list_for_user(&ruth.id).await.unwrap()[0].last_used_at };
        f.service.authenticate(&made.secret).await.unwrap();
        let first = last_used().await;
        f.clock.advance(Duration::seconds(30));
        f.service.authenticate(&made.secret).await.unwrap();
        assert_eq!(last_used().await, first);
        f.clock.advance(Duration::seconds(30));
        f.service.authenticate(&made.secret).await.unwrap();
        assert_eq!(last_used().await, Some(f.clock.now()));
    });
}

#[test]
fn scopes_and_lifetimes_parse_from_their_names() {
    assert_eq!("read".parse(), Ok(TokenScope::Read));
    assert_eq!("read_write".parse(), Ok(TokenScope::ReadWrite));
    assert!("write".parse::<TokenScope>().is_err());
    assert!(TokenScope::Read.permits(false));
    assert!(!TokenScope::Read.permits(true));
    assert!(TokenScope::ReadWrite.permits(true));
    assert!(TokenLifetime::parse(None).is_ok());
    assert!(TokenLifetime::parse(Some(365)).is_ok());
    assert!(TokenLifetime::parse(Some(0)).is_err());
}

#[test]
fn ten_tokens_a_day_whatever_is_revoked_and_each_is_in_the_activity_log() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        for _ in 0..service::MAX_TOKENS_CREATED_PER_DAY {
            let made = f.token(&ruth, TokenScope::Read, None).await;
            f.service
                .revoke_own(&Caller::User(ruth.clone()), made.token.id)
                .await
                .unwrap();
        }
        let form = || TokenForm {
            name: "Eleventh".into(),
            scope: TokenScope::Read,
            expires_in_days: None,
        };
        let more = f
            .service
            .create(
                &Caller::User(ruth.clone()),
                &IdentityConfirmed::new(&ruth.id),
                form(),
            )
            .await;
        assert!(
            matches!(more, Err(ApiTokenError::TooManyToday { retry_after_secs }) if retry_after_secs > 0),
            "{more:?}"
        );
        let logged = f.audit.entries();
        assert_eq!(logged.len(), 10);
        assert!(
            logged
                .iter()
                .all(|e| e.action == crate::audit::AuditAction::ApiTokenCreated
                    && e.actor_id == ruth.id
                    && e.target_label.as_deref() == Some("Phone app"))
        );
        f.clock.advance(Duration::days(1));
        assert!(
            f.service
                .create(
                    &Caller::User(ruth.clone()),
                    &IdentityConfirmed::new(&ruth.id),
                    form()
                )
                .await
                .is_ok()
        );
    });
}

#[test]
fn a_new_token_is_mailed_to_its_owner_and_needs_their_own_confirmation() {
    block_on(async {
        let f = fixture();
        let ruth = f.person("ruth@example.org", Role::Member, true).await;
        let boaz = f.person("boaz@example.org", Role::Member, true).await;
        let form = TokenForm {
            name: "Phone app".into(),
            scope: TokenScope::Read,
            expires_in_days: Some(30),
        };
        let theirs = f
            .service
            .create(
                &Caller::User(ruth.clone()),
                &IdentityConfirmed::new(&boaz.id),
                form.clone(),
            )
            .await;
        assert!(
            matches!(theirs, Err(ApiTokenError::Refused(_))),
            "{theirs:?}"
        );
        f.token(&ruth, TokenScope::Read, Some(30)).await;
        let sent = f.mailer.sent();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, "ruth@example.org");
        assert!(sent[0].body.contains("\"Phone app\""), "{}", sent[0].body);
        assert!(sent[0].body.contains("https://grace.example/dashboard"));
    });
}
