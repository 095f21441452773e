//! The subscription services: sign-ups and the links in mail, and the digest job, over one
//! repository and one link signer (keyed with the session signing key every server shares,
//! so a link a server mailed works on every other).

use std::sync::Arc;

use domain::category::CategoryRepository;
use domain::clock::Clock;
use domain::mail::Mailer;
use domain::mail::SiteIdentity;
use domain::subscription::{
    DigestPorts, DigestSchedule, DigestService, LinkSigner, SubscriberAdminPorts,
    SubscriberAdminService, SubscriptionPorts, SubscriptionService,
};
use domain::user::UserRepository;

/// What the subscription services are built from.
pub(super) struct SubscriptionParts {
    pub stamp: adapters::Db,
    pub stories: Arc<adapters::SeaOrmStoryRepository>,
    pub users: Arc<dyn UserRepository>,
    pub categories: Arc<dyn CategoryRepository>,
    pub mailer: Arc<dyn Mailer>,
    /// The delivery worker's wake-up, for the digest's batches.
    pub mail_wakeup: Arc<tokio::sync::Notify>,
    pub db: adapters::DatabaseConnection,
    pub clock: Arc<dyn Clock>,
    pub site: SiteIdentity,
    pub schedule: DigestSchedule,
    pub session_key: actix_web::cookie::Key,
}

/// The subscription services: sign-ups and links, the digest job, the super admin's side.
pub(super) struct SubscriptionServices {
    pub sign_ups: SubscriptionService,
    pub digests: DigestService,
    pub admin: SubscriberAdminService,
}

pub(super) fn services(p: SubscriptionParts) -> SubscriptionServices {
    let repository = Arc::new(adapters::SeaOrmSubscriptionRepository::new(p.stamp.clone()));
    let admin_store = Arc::new(adapters::SeaOrmSubscriberAdmin::new(p.stamp));
    let admin = SubscriberAdminService::new(SubscriberAdminPorts {
        subscriptions: repository.clone(),
        store: admin_store.clone(),
        reports: Arc::new(adapters::MailparseReportParser),
        clock: p.clock.clone(),
    });
    let signer: Arc<dyn LinkSigner> =
        Arc::new(adapters::HmacLinkSigner::new(p.session_key.signing()));
    let sign_ups = SubscriptionService::new(SubscriptionPorts {
        subscriptions: repository.clone(),
        categories: p.categories,
        mailer: p.mailer,
        minter: Arc::new(adapters::Sha256TokenMinter),
        signer: signer.clone(),
        clock: p.clock.clone(),
        site: p.site.clone(),
        settings: admin_store,
    });
    let digests = DigestService::new(DigestPorts {
        subscriptions: repository,
        stories: p.stories,
        users: p.users,
        batches: Arc::new(
            adapters::SeaOrmDigestBatches::new(p.db)
                .with_clock(p.clock)
                .with_wakeup(p.mail_wakeup),
        ),
        signer,
        site: p.site,
        schedule: p.schedule,
    });
    SubscriptionServices {
        sign_ups,
        digests,
        admin,
    }
}
