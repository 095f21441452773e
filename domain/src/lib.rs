//! Pure rules of the storytelling site: entities, roles and permissions, lifecycles, validation and the ports the adapters implement.
//!
//! Nothing here knows about HTTP, SQL or an async runtime. Services take their ports as
//! `Arc<dyn Port>` so the server can wire real adapters and the unit tests in-memory fakes.

pub mod account;
pub mod api_token;
pub mod audit;
pub mod backup;
pub mod category;
pub mod clock;
pub mod comment;
pub mod consent;
pub mod delivery;
pub mod error;
pub mod help;
pub mod mail;
pub mod media;
pub mod paging;
pub mod permissions;
pub mod queues;
pub mod rate_limit;
pub mod schedule;
pub mod scripture;
pub mod session;
pub mod social;
pub mod story;
pub mod subscription;
pub mod user;
pub mod validation;
pub mod work;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use error::StoreError;
pub use permissions::{Ability, Caller};

/// Calls the macro `$begin` with every work trait a service begins (`StoryWork`,
/// `CommentWork`, ...), so the adapters' unit of work and the fake implement
/// `UnitOfWork<dyn W>` for the same list: `domain::every_work!(begins);` where `begins!`
/// writes one `impl UnitOfWork<dyn $view>` per path. A new aggregate's work trait goes here.
/// (It names every aggregate, so it sits at the crate's root, above them all.)
#[macro_export]
macro_rules! every_work {
    ($begin:ident) => {
        $begin!(
            $crate::story::StoryWork,
            $crate::comment::CommentWork,
            $crate::help::HelpWork,
            $crate::mail::MailWork,
            $crate::social::SocialWork,
            $crate::api_token::ApiTokenWork,
            $crate::consent::WithdrawalWork,
            $crate::account::AccountWork,
        );
    };
}
