//! What a write changed for visitors, declared by the handler with its answer (its own
//! module, so that handlers and the visitors' cache both use it without one using the
//! other).
//!
//! Every handler of a `POST`, `PUT`, `PATCH` or `DELETE` answers through [`Declare`]:
//! `Ok(web::Json(dto).visible(Visible::Nothing))`. The cache middleware reads the
//! declaration from the answer and empties what it names (nothing, one story's comments, or
//! everything). A successful write answered without a declaration is treated as
//! [`Visible::Everything`], and in debug builds (every test run) it panics, so a new write
//! that forgets to say what it changed fails its own tests instead of silently leaving stale
//! answers behind. Only a 2xx answer is a change: a refused or failed write (or a redirect)
//! changes nothing, and its declaration, if any, is ignored.

use actix_web::body::BoxBody;
use actix_web::{HttpRequest, HttpResponse, Responder};
use domain::story::StoryId;

/// What visitors can see that a write changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visible {
    /// Nothing a visitor sees: a pending comment, a help message, a sign-in, a draft, a
    /// schedule, a token...
    Nothing,
    /// Only the approved comments under these stories (no list, count or page shows
    /// comments): one comment approved or deleted.
    CommentsOf(Vec<StoryId>),
    /// Anything: a story entering, leaving or changing on the site changes the lists, the
    /// counts of categories and of the site, the scripture index, the feed and the sitemap;
    /// a person's public name or picture shows on every story of theirs.
    Everything,
}

impl Visible {
    /// [`Visible::Everything`] when `changed`, else nothing: a story that is (or was) live,
    /// a public name or picture that changed.
    pub fn everything_if(changed: bool) -> Self {
        if changed {
            Self::Everything
        } else {
            Self::Nothing
        }
    }

    /// The comments under these stories, or nothing when there are none.
    pub fn comments_of(stories: impl IntoIterator<Item = StoryId>) -> Self {
        let mut ids: Vec<StoryId> = stories.into_iter().collect();
        ids.sort_by_key(|id| id.0);
        ids.dedup();
        if ids.is_empty() {
            Self::Nothing
        } else {
            Self::CommentsOf(ids)
        }
    }

    /// Both changes together.
    pub fn and(self, other: Self) -> Self {
        match (self, other) {
            (Self::Everything, _) | (_, Self::Everything) => Self::Everything,
            (Self::Nothing, x) | (x, Self::Nothing) => x,
            (Self::CommentsOf(a), Self::CommentsOf(b)) => Self::comments_of(a.into_iter().chain(b)),
        }
    }
}

/// An answer with what its write changed for visitors.
pub struct Declared<R> {
    answer: R,
    change: Visible,
}

/// Says what a write changed for visitors: `answer.visible(Visible::Nothing)`.
pub trait Declare: Responder + Sized {
    fn visible(self, change: Visible) -> Declared<Self> {
        Declared {
            answer: self,
            change,
        }
    }
}

impl<R: Responder> Declare for R {}

impl<R: Responder> Responder for Declared<R> {
    type Body = BoxBody;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse<Self::Body> {
        let mut res = self.answer.respond_to(req).map_into_boxed_body();
        res.extensions_mut().insert(self.change);
        res
    }
}

/// What the answer `res` declares; `None` when its handler said nothing.
pub fn declared<B>(res: &HttpResponse<B>) -> Option<Visible> {
    res.extensions().get::<Visible>().cloned()
}
