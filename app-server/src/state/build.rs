//! Building the state: every adapter behind the domain's services, built once.

use std::sync::Arc;

use adapters::DatabaseConnection;
use domain::account::{AccountPorts, AccountService};
use domain::api_token::{ApiTokenPorts, ApiTokenService};
use domain::audit::AuditService;
use domain::category::CategoryRepository;
use domain::category::CategoryService;
use domain::clock::Clock;
use domain::comment::{CommentRepository, CommentService};
use domain::help::{HelpMessageRepository, HelpPorts, HelpService};
use domain::mail::SiteIdentity;
use domain::mail::{MailOutbox, MailPorts, MailService, Mailer};
use domain::media::MediaService;
use domain::media::service::MediaPorts;
use domain::queues::{QueuePorts, QueueService};
use domain::schedule::{SchedulePorts, ScheduleService};
use domain::scripture::{ScriptureParser, ScriptureService};
use domain::session::SessionRepository;
use domain::story::service::StoryPorts;
use domain::story::{StoryRepository, StoryService};
use domain::user::UserRepository;

use crate::config::Config;
use crate::session::store::SqlSessionStore;

use super::{AppState, RequestLimits, configured, social, subscriptions};

impl AppState {
    /// Builds the services on an open (migrated) database.
    ///
    /// # Errors
    /// When the password hasher, the OpenID client, the SMTP transport (an unreadable
    /// `SMTP_URL` or sender address) or a social publisher cannot be set up (for example an
    /// unreadable `LINKEDIN_AUTHOR_URN`), or the session key cannot be read.
    pub async fn new(config: Config, db: DatabaseConnection) -> anyhow::Result<Self> {
        // One clock for the services and for the rows the adapters stamp.
        let clock: Arc<dyn Clock> = Arc::new(domain::clock::SystemClock);
        let stamp = adapters::Db::from(db.clone()).with_clock(clock.clone());
        // One adapter of each kind, shared by the services that need it.
        let story_adapter = Arc::new(adapters::SeaOrmStoryRepository::new(stamp.clone()));
        let scripture_parser = Arc::new(ScriptureParser::new(config.scripture.canon));
        let story_repo: Arc<dyn StoryRepository> = story_adapter.clone();
        let category_repo: Arc<dyn CategoryRepository> =
            Arc::new(adapters::SeaOrmCategoryRepository::new(stamp.clone()));
        let user_repo: Arc<dyn UserRepository> =
            Arc::new(adapters::SeaOrmUserRepository::new(stamp.clone()));
        let mail_wakeup = Arc::new(tokio::sync::Notify::new());
        let social_wakeup = Arc::new(tokio::sync::Notify::new());
        let mailer: Arc<dyn Mailer> =
            Arc::new(adapters::OutboxMailer::new(stamp.clone()).with_wakeup(mail_wakeup.clone()));
        // Multi-step writes run in one transaction; the workers wake once it commits.
        let work = Arc::new(
            adapters::SeaOrmUnitOfWork::new(db.clone())
                .with_clock(clock.clone())
                .waking(mail_wakeup.clone())
                .waking(social_wakeup.clone()),
        );
        let stories = StoryService::new(StoryPorts {
            stories: story_repo.clone(),
            archive: story_adapter.clone(),
            categories: category_repo.clone(),
            users: user_repo.clone(),
            sanitizer: Arc::new(adapters::AmmoniaSanitizer::new(&config.public_url)),
            work: work.clone(),
            clock: clock.clone(),
            public_url: config.public_url.clone(),
            site_name: config.site_name.clone(),
            scripture: scripture_parser.clone(),
        });
        let scripture = ScriptureService::new(
            scripture_parser,
            Arc::new(adapters::SeaOrmScriptureIndex::new(stamp.clone())),
        );
        let categories = CategoryService::new(category_repo.clone());
        let site = SiteIdentity {
            name: config.site_name.clone(),
            public_url: config.public_url.clone(),
        };
        let schedules = ScheduleService::new(SchedulePorts {
            schedules: Arc::new(adapters::SeaOrmScheduleRepository::new(stamp.clone())),
            users: user_repo.clone(),
            mailer: mailer.clone(),
            clock: clock.clone(),
            site: site.clone(),
        });
        let session_repo = Arc::new(adapters::SeaOrmSessionRepository::new(db.clone()));
        let hits = Arc::new(adapters::SeaOrmHitCounter::new(db.clone()).committing_in_groups());
        let api_tokens = ApiTokenService::new(ApiTokenPorts {
            tokens: Arc::new(adapters::SeaOrmApiTokenRepository::new(stamp.clone())),
            users: user_repo.clone(),
            minter: Arc::new(adapters::Sha256TokenMinter),
            clock: clock.clone(),
            work: work.clone(),
            creations: domain::api_token::service::creation_limits(hits.clone()),
            site: SiteIdentity {
                name: config.site_name.clone(),
                public_url: config.public_url.clone(),
            },
        });
        let accounts = AccountService::new(AccountPorts {
            users: user_repo.clone(),
            credentials: Arc::new(adapters::SeaOrmAdminCredentialRepository::new(
                stamp.clone(),
            )),
            hasher: Arc::new(adapters::Argon2PasswordHasher::at_once(
                config.password_hashes_at_once,
            )?),
            tokens: Arc::new(adapters::SeaOrmAccountTokenRepository::new(stamp.clone())),
            minter: Arc::new(adapters::Sha256TokenMinter),
            failures: Arc::new(adapters::SeaOrmSignInFailures::new(db.clone())),
            sessions: session_repo.clone() as Arc<dyn SessionRepository>,
            data: Arc::new(adapters::SeaOrmAccountData::new(db.clone())),
            clock: clock.clone(),
            site: site.clone(),
            work: work.clone(),
            reset_mails: domain::account::password_reset::reset_mail_limits(hits.clone()),
        });
        let identity = configured::identity_provider(&config)?;
        let access = Arc::new(crate::access_cache::AccessCache::default());
        let sessions = SqlSessionStore::new(session_repo, clock.clone(), access.clone());
        let session_key = crate::session::cookie::signing_key(
            &config,
            &adapters::SeaOrmSettingsRepository::new(db.clone()),
        )
        .await?;
        let comment_repo: Arc<dyn CommentRepository> =
            Arc::new(adapters::SeaOrmCommentRepository::new(stamp.clone()).committing_in_groups());
        let comments = CommentService::new(domain::comment::CommentPorts {
            comments: comment_repo.clone(),
            stories: story_repo.clone(),
            work: work.clone(),
            clock: clock.clone(),
        });
        let subscriptions::SubscriptionServices {
            sign_ups: subscriptions,
            digests,
            admin: subscriber_admin,
        } = subscriptions::services(subscriptions::SubscriptionParts {
            stamp: stamp.clone(),
            stories: story_adapter.clone(),
            users: user_repo.clone(),
            categories: category_repo,
            mailer: mailer.clone(),
            mail_wakeup: mail_wakeup.clone(),
            db: db.clone(),
            clock: clock.clone(),
            site,
            schedule: config.digests,
            session_key: session_key.clone(),
        });
        let help_messages: Arc<dyn HelpMessageRepository> =
            Arc::new(adapters::SeaOrmHelpMessageRepository::new(stamp.clone()));
        let help = HelpService::new(HelpPorts {
            messages: help_messages.clone(),
            mailer: mailer.clone(),
            work: work.clone(),
            support_email: config.support_email.clone(),
        });
        let social::SocialServices {
            posts: social_posts,
            delivery: social_delivery,
            consents,
            social,
        } = social::services(social::SocialParts {
            stamp: stamp.clone(),
            stories: story_repo.clone(),
            work: work.clone(),
            clock: clock.clone(),
            wakeup: social_wakeup.clone(),
            config: &config,
        })?;
        let outbox: Arc<dyn MailOutbox> = Arc::new(
            adapters::SeaOrmMailOutbox::new(stamp.clone()).with_wakeup(mail_wakeup.clone()),
        );
        let mail = MailService::new(MailPorts {
            outbox: outbox.clone(),
            work,
            clock: clock.clone(),
        });
        let queues = QueueService::new(QueuePorts {
            comments: comment_repo,
            stories: story_repo,
            users: user_repo,
            help: help_messages,
            outbox,
            posts: social_posts,
        });
        let audit = AuditService::new(Arc::new(adapters::SeaOrmAuditLog::new(stamp.clone())));
        let mail_delivery = configured::mail_delivery(&config, &stamp, &clock, &subscriptions)?;
        let media = MediaService::new(MediaPorts {
            processor: Arc::new(adapters::ImageCrateProcessor::default()),
            store: config.media.store()?,
            media: Arc::new(adapters::SeaOrmMediaRepository::new(stamp.clone())),
            clock: clock.clone(),
            new_key: Arc::new(adapters::new_media_key),
            limits: config.media.limits,
        });
        let limits = RequestLimits::new(
            hits.clone(),
            Arc::new(adapters::TalliedHits::start(hits)),
            config.rate_limit_per_minute,
        );
        let public_cache = Arc::new(crate::public_cache::PublicCache::new(
            config.public_cache_mb,
            adapters::SeaOrmCacheVersion::new(db.clone()),
        ));
        Ok(Self {
            public_cache,
            backups: crate::backups::Backups::new(&config, &db, &stamp, mailer, clock.clone())?,
            config: Arc::new(config),
            db,
            stories,
            consents,
            scripture,
            categories,
            accounts,
            api_tokens,
            comments,
            help,
            subscriptions,
            digests,
            subscriber_admin,
            social,
            social_delivery,
            social_wakeup,
            schedules,
            mail,
            mail_wakeup,
            queues,
            audit,
            mail_delivery,
            media,
            sessions,
            access,
            clock,
            identity,
            limits,
            session_key,
        })
    }
}
