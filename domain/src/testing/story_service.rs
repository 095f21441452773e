//! A fake HTML sanitiser and a [`StoryService`] wired to the in-memory fakes.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::work::{FakeUnitOfWork, WorkParts};
use super::{
    FixedClock, InMemoryCategoryRepository, InMemoryCommentRepository, InMemoryMediaRepository,
    InMemoryStoryRepository, InMemoryUserRepository, RecordingMailer,
};
use crate::category::DEFAULT_CATEGORIES;
use crate::scripture::{Canon, ScriptureParser};
use crate::story::HtmlSanitizer;
use crate::story::StoryService;
use crate::story::service::StoryPorts;

/// Removes every `<script ...>...</script>` element (tags matched case-insensitively; an
/// unclosed one is cut to the end) and counts its calls, enough to prove the service runs
/// story HTML through the port. Not a real allow-list.
#[derive(Debug, Default)]
pub struct StripScriptSanitizer {
    calls: AtomicU64,
}

impl StripScriptSanitizer {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many times `sanitize` ran.
    pub fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
}

impl HtmlSanitizer for StripScriptSanitizer {
    fn sanitize(&self, html: &str) -> String {
        self.calls.fetch_add(1, Ordering::Relaxed);
        // ASCII lowering keeps byte offsets identical to `html`'s.
        let lower = html.to_ascii_lowercase();
        let mut out = String::with_capacity(html.len());
        let mut at = 0;
        while let Some(start) = lower[at..].find("<script").map(|i| at + i) {
            out.push_str(&html[at..start]);
            at = lower[start..]
                .find("</script>")
                .map_or(html.len(), |i| start + i + "</script>".len());
        }
        out.push_str(&html[at..]);
        out
    }
}

/// The fakes behind a [`StoryService`], kept so tests can look inside them.
///
/// Categories are seeded with [`DEFAULT_CATEGORIES`]; deleting a story drops its comments
/// from `comments` and its picture uses from `media`; the clock stands at [`super::t0`].
#[derive(Debug, Clone)]
pub struct StoryFakes {
    pub users: Arc<InMemoryUserRepository>,
    pub stories: Arc<InMemoryStoryRepository>,
    pub comments: Arc<InMemoryCommentRepository>,
    pub categories: Arc<InMemoryCategoryRepository>,
    /// Pictures and which stories use them.
    pub media: Arc<InMemoryMediaRepository>,
    pub sanitizer: Arc<StripScriptSanitizer>,
    pub mailer: Arc<RecordingMailer>,
    pub clock: Arc<FixedClock>,
    /// Its works share the repositories above; its log is [`FakeUnitOfWork::audit`].
    pub work: Arc<FakeUnitOfWork>,
}

impl StoryFakes {
    /// `PUBLIC_URL` given to the service.
    pub const PUBLIC_URL: &str = "https://stories.example";
    /// Site name given to the service.
    pub const SITE_NAME: &str = "Story Site";

    pub fn new() -> Self {
        let users = Arc::new(InMemoryUserRepository::new());
        let comments = Arc::new(InMemoryCommentRepository::new());
        let media = Arc::new(InMemoryMediaRepository::default());
        let stories = Arc::new(
            InMemoryStoryRepository::new(users.clone())
                .with_comments(comments.clone())
                .with_pictures(media.clone()),
        );
        let categories = Arc::new(InMemoryCategoryRepository::counting(stories.clone()));
        categories.add_names(DEFAULT_CATEGORIES.iter().map(|(name, ..)| *name));
        let mailer = Arc::new(RecordingMailer::default());
        let work = Arc::new(FakeUnitOfWork::new(WorkParts {
            stories: stories.clone(),
            pictures: media.clone(),
            users: users.clone(),
            comments: comments.clone(),
            mailer: mailer.clone(),
            ..WorkParts::new()
        }));
        Self {
            users,
            stories,
            comments,
            categories,
            media,
            sanitizer: Arc::new(StripScriptSanitizer::new()),
            mailer,
            clock: Arc::new(FixedClock::default()),
            work,
        }
    }

    /// The ports of a story service over these fakes.
    pub fn ports(&self) -> StoryPorts {
        StoryPorts {
            stories: self.stories.clone(),
            archive: self.stories.clone(),
            categories: self.categories.clone(),
            users: self.users.clone(),
            sanitizer: self.sanitizer.clone(),
            work: self.work.clone(),
            clock: self.clock.clone(),
            public_url: Self::PUBLIC_URL.to_owned(),
            site_name: Self::SITE_NAME.to_owned(),
            scripture: Arc::new(ScriptureParser::new(Canon::Protestant)),
        }
    }

    /// A story service over these fakes.
    pub fn service(&self) -> StoryService {
        StoryService::new(self.ports())
    }
}

impl Default for StoryFakes {
    fn default() -> Self {
        Self::new()
    }
}

/// A story service over fresh fakes, with the fakes.
pub fn story_service() -> (StoryService, StoryFakes) {
    let fakes = StoryFakes::new();
    (fakes.service(), fakes)
}

/// Test setup over the fakes (blocking on their futures, which never wait).
#[cfg(test)]
#[allow(clippy::expect_used)]
impl StoryFakes {
    /// A stored account (see [`super::new_user`]).
    pub(crate) fn user(
        &self,
        email: &str,
        role: crate::user::Role,
        is_approved: bool,
    ) -> crate::user::User {
        use crate::user::UserRepository;
        futures_executor::block_on(self.users.create(super::new_user(email, role, is_approved)))
            .expect("fake user store")
    }

    /// A stored story (see [`super::new_story`]), bypassing the service.
    pub(crate) fn story(
        &self,
        author: &crate::user::User,
        title: &str,
        status: crate::story::StoryStatus,
    ) -> crate::story::Story {
        use crate::story::StoryRepository;
        futures_executor::block_on(
            self.stories
                .create(super::new_story(&author.id, title, status)),
        )
        .expect("fake story store")
    }
}

/// A valid story form in "Testimonies" with this title, saved as a draft.
#[cfg(test)]
pub(crate) fn story_form(title: &str) -> crate::story::StoryDraft {
    crate::story::StoryDraft {
        title: title.to_owned(),
        content: format!("<p>{title}: how it happened.</p>"),
        excerpt: None,
        video_url: None,
        thumbnail_url: None,
        category: "Testimonies".to_owned(),
        publish: None,
        byline: None,
        audience: None,
        consent: Some(crate::story::consent::ConsentUses {
            site: true,
            social: true,
            widget: true,
        }),
        sensitive: None,
    }
}
