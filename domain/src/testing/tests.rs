//! Service tests on the in-memory fakes: story visibility and lists, category seeding,
//! super-admin bootstrap.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_executor::block_on;
use std::sync::Arc;

use super::*;
use crate::account::bootstrap::{BootstrapOutcome, SuperAdminSeed, ensure_super_admin};
use crate::category::{CategoryRepository, CategoryService, DEFAULT_CATEGORIES};
use crate::permissions::Caller;
use crate::story::{GetStoryError, Story, StoryQuery, StoryRepository, StoryService};
use crate::user::{User, UserRepository};

struct World {
    users: Arc<InMemoryUserRepository>,
    stories: Arc<InMemoryStoryRepository>,
    service: StoryService,
}

fn world() -> World {
    let fakes = StoryFakes::new();
    World {
        service: fakes.service(),
        users: fakes.users,
        stories: fakes.stories,
    }
}

impl World {
    fn user(&self, email: &str, role: Role, is_approved: bool) -> User {
        block_on(self.users.create(new_user(email, role, is_approved))).unwrap()
    }

    fn story(&self, author: &User, title: &str, status: StoryStatus) -> Story {
        block_on(self.stories.create(new_story(&author.id, title, status))).unwrap()
    }
}

fn query() -> StoryQuery {
    StoryQuery {
        search: None,
        category: None,
        passages: Vec::new(),
        scope: crate::story::AudienceScope::Public,
    }
}

#[test]
fn a_public_story_is_visible_to_a_visitor_with_its_author() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let story = w.story(&author, "Gleaning", StoryStatus::Approved);
    let found = block_on(w.service.get(&Caller::Visitor, story.id)).unwrap();
    assert_eq!(found.story.title, "Gleaning");
    assert_eq!(found.author.first_name.as_deref(), Some("ruth"));
}

#[test]
fn someone_elses_draft_is_not_found() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let other = w.user("naomi@example.org", Role::PrimaryContributor, true);
    let draft = w.story(&author, "Unfinished", StoryStatus::Draft);
    for caller in [Caller::Visitor, Caller::User(other)] {
        let refused = block_on(w.service.get(&caller, draft.id));
        assert!(
            matches!(refused, Err(GetStoryError::NotFound)),
            "{caller:?}"
        );
    }
}

#[test]
fn a_pending_or_rejected_story_is_hidden_from_visitors() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    for status in [StoryStatus::PendingApproval, StoryStatus::Rejected] {
        let story = w.story(&author, "Waiting", status);
        let refused = block_on(w.service.get(&Caller::Visitor, story.id));
        assert!(
            matches!(refused, Err(GetStoryError::NotFound)),
            "{status:?}"
        );
    }
}

#[test]
fn the_author_sees_their_own_draft() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let draft = w.story(&author, "Unfinished", StoryStatus::Draft);
    assert!(block_on(w.service.get(&Caller::User(author), draft.id)).is_ok());
}

#[test]
fn a_sub_admin_sees_someone_elses_draft() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let reviewer = w.user("boaz@example.org", Role::SubAdmin, false);
    let draft = w.story(&author, "Unfinished", StoryStatus::PendingApproval);
    assert!(block_on(w.service.get(&Caller::User(reviewer), draft.id)).is_ok());
}

#[test]
fn a_missing_story_is_not_found() {
    let w = world();
    let missing = block_on(w.service.get(&Caller::Visitor, crate::story::StoryId(404)));
    assert!(matches!(missing, Err(GetStoryError::NotFound)));
}

#[test]
fn the_public_list_holds_only_published_stories_newest_first() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let first = w.story(&author, "First", StoryStatus::Approved);
    w.story(&author, "Draft", StoryStatus::Draft);
    w.story(&author, "Pending", StoryStatus::PendingApproval);
    w.story(&author, "Rejected", StoryStatus::Rejected);
    let second = w.story(&author, "Second", StoryStatus::Approved);
    let page = block_on(
        w.service
            .list_published(&Caller::Visitor, &query(), None, None),
    )
    .unwrap();
    let ids: Vec<_> = page.items.iter().map(|s| s.id).collect();
    assert_eq!(ids, [second.id, first.id]);
    assert_eq!(page.total, 2);
    assert_eq!(page.items[0].author.last_name.as_deref(), Some("Tester"));
}

#[test]
fn the_public_list_is_filtered_searched_and_paged() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    for title in ["Psalm 23", "Psalm 91", "Harvest"] {
        w.story(&author, title, StoryStatus::Approved);
    }
    let searched = StoryQuery {
        search: Some(" psalm ".to_owned()),
        ..query()
    };
    let page = block_on(
        w.service
            .list_published(&Caller::Visitor, &searched, Some(1), Some(1)),
    )
    .unwrap();
    assert_eq!(page.total, 2);
    assert_eq!(
        page.items
            .iter()
            .map(|s| s.title.as_str())
            .collect::<Vec<_>>(),
        ["Psalm 23"]
    );
    let other_category = StoryQuery {
        category: Some("Worship".to_owned()),
        ..query()
    };
    assert_eq!(
        block_on(
            w.service
                .list_published(&Caller::Visitor, &other_category, None, None)
        )
        .unwrap()
        .total,
        0
    );
}

#[test]
fn the_public_list_pages_within_its_bounds() {
    let w = world();
    let list = |limit, offset| {
        block_on(
            w.service
                .list_published(&Caller::Visitor, &query(), limit, offset),
        )
    };
    for (limit, offset, field) in [
        (Some(0), None, "limit"),
        (Some(101), None, "limit"),
        (None, Some(1_000_000_001), "offset"),
    ] {
        match list(limit, offset) {
            Err(crate::story::ListStoriesError::InvalidPage(page)) => {
                assert_eq!(page.field(), field);
            }
            other => panic!("{limit:?} {offset:?}: {other:?}"),
        }
    }
    assert!(list(Some(100), Some(1_000_000_000)).is_ok());
}

#[test]
fn seeding_the_default_categories_twice_creates_them_once() {
    let categories = Arc::new(InMemoryCategoryRepository::new());
    let service = CategoryService::new(categories.clone());
    block_on(service.seed_defaults()).unwrap();
    block_on(service.seed_defaults()).unwrap();
    let names: Vec<_> = categories.all().into_iter().map(|c| c.name).collect();
    let expected: Vec<_> = DEFAULT_CATEGORIES
        .iter()
        .map(|(name, ..)| (*name).to_owned())
        .collect();
    assert_eq!(names, expected);
    assert!(block_on(categories.exists("Faith & Life")).unwrap());
}

#[test]
fn category_counts_include_only_published_stories() {
    let w = world();
    let categories = Arc::new(InMemoryCategoryRepository::counting(w.stories.clone()));
    block_on(CategoryService::new(categories.clone()).seed_defaults()).unwrap();
    let author = w.user("ruth@example.org", Role::Member, true);
    w.story(&author, "Live", StoryStatus::Approved);
    w.story(&author, "Draft", StoryStatus::Draft);
    let listed = block_on(categories.list_with_counts()).unwrap();
    let testimonies = listed
        .iter()
        .find(|c| c.category.name == "Testimonies")
        .unwrap();
    assert_eq!(testimonies.story_count, 1);
}

fn seed(password: Option<&str>) -> SuperAdminSeed {
    SuperAdminSeed {
        username: "admin".to_owned(),
        email: "admin@localhost".to_owned(),
        password: password.map(str::to_owned),
    }
}

#[test]
fn the_super_admin_is_created_once_with_a_generated_password_reported() {
    let users = Arc::new(InMemoryUserRepository::new());
    let credentials = InMemoryAdminCredentialRepository::new(users.clone());
    let hasher = FakePasswordHasher::default();
    let first = block_on(ensure_super_admin(
        &*users,
        &credentials,
        &hasher,
        &seed(None),
        || "s3cret-gen".to_owned(),
    ));
    assert_eq!(
        first.unwrap(),
        BootstrapOutcome::CreatedWithGeneratedPassword("s3cret-gen".to_owned())
    );
    let admin = users.all().pop().unwrap();
    assert_eq!((admin.role, admin.is_approved), (Role::SuperAdmin, true));
    let credential = credentials.all().pop().unwrap();
    assert_eq!(credential.username, "admin");
    assert_eq!(credential.user_id, admin.id);
    assert_eq!(
        credential.password_hash,
        FakePasswordHasher::hash_of("s3cret-gen")
    );

    let second = block_on(ensure_super_admin(
        &*users,
        &credentials,
        &hasher,
        &seed(None),
        || unreachable!(),
    ));
    assert_eq!(second.unwrap(), BootstrapOutcome::AlreadyPresent);
    assert_eq!(users.all().len(), 1);
}

/// A credential store where another instance, starting at the same moment, creates the
/// super admin just before this one inserts it.
struct RacedCredentials(InMemoryAdminCredentialRepository);

#[async_trait::async_trait]
impl crate::user::AdminCredentialRepository for RacedCredentials {
    async fn find_by_username(
        &self,
        username: &str,
    ) -> Result<Option<crate::user::AdminCredential>, crate::StoreError> {
        self.0.find_by_username(username).await
    }

    async fn create_with_user(
        &self,
        user: crate::user::NewUser,
        username: &str,
        password_hash: &str,
    ) -> Result<User, crate::StoreError> {
        self.0
            .create_with_user(user.clone(), username, "the other instance's hash")
            .await?;
        self.0.create_with_user(user, username, password_hash).await
    }

    async fn set_password_hash(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<bool, crate::StoreError> {
        self.0.set_password_hash(username, password_hash).await
    }
}

#[test]
fn two_instances_starting_together_both_find_one_super_admin() {
    let users = Arc::new(InMemoryUserRepository::new());
    let credentials = RacedCredentials(InMemoryAdminCredentialRepository::new(users.clone()));
    let outcome = block_on(ensure_super_admin(
        &*users,
        &credentials,
        &FakePasswordHasher::default(),
        &seed(Some("configured")),
        || unreachable!(),
    ));
    assert_eq!(outcome.unwrap(), BootstrapOutcome::AlreadyPresent);
    assert_eq!(users.all().len(), 1);
}

#[test]
fn a_configured_super_admin_password_is_used_and_not_reported() {
    let users = Arc::new(InMemoryUserRepository::new());
    let credentials = InMemoryAdminCredentialRepository::new(users.clone());
    let hasher = FakePasswordHasher::default();
    let outcome = block_on(ensure_super_admin(
        &*users,
        &credentials,
        &hasher,
        &seed(Some("configured")),
        || unreachable!(),
    ));
    assert_eq!(outcome.unwrap(), BootstrapOutcome::Created);
    assert_eq!(
        credentials.all()[0].password_hash,
        FakePasswordHasher::hash_of("configured")
    );
}

#[test]
fn a_duplicate_email_or_username_conflicts() {
    let users = InMemoryUserRepository::new();
    block_on(users.create(new_user("ruth@example.org", Role::Member, false))).unwrap();
    let same_email = block_on(users.create(new_user("RUTH@example.org", Role::Member, false)));
    assert!(matches!(same_email, Err(StoreError::Conflict(f)) if f == "email"));
    let same_username = block_on(users.create(new_user("ruth@example.com", Role::Member, false)));
    assert!(matches!(same_username, Err(StoreError::Conflict(f)) if f == "username"));
}

#[test]
fn the_fake_hasher_verifies_only_the_right_password_and_counts_dummy_checks() {
    let hasher = FakePasswordHasher::default();
    let hash = block_on(hasher.hash("password123")).unwrap();
    assert!(block_on(hasher.verify("password123", Some(&hash))).unwrap());
    assert!(!block_on(hasher.verify("wrong", Some(&hash))).unwrap());
    assert!(!block_on(hasher.verify("password123", None)).unwrap());
    assert_eq!(hasher.verifications(), 3);
}

#[test]
fn the_strip_script_sanitizer_drops_scripts_in_any_case_and_cuts_an_unclosed_one() {
    use crate::story::HtmlSanitizer;
    let sanitizer = StripScriptSanitizer::new();
    assert_eq!(
        sanitizer.sanitize("<p>a</p><Script src=x>b</SCRIPT><p>c</p><script>d"),
        "<p>a</p><p>c</p>"
    );
    assert_eq!(sanitizer.sanitize("<p>plain</p>"), "<p>plain</p>");
    assert_eq!(sanitizer.calls(), 2);
}

#[test]
fn story_ids_are_not_reused_after_a_delete() {
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let first = w.story(&author, "First", StoryStatus::Draft);
    assert!(block_on(w.stories.delete(first.id)).unwrap());
    assert!(!block_on(w.stories.delete(first.id)).unwrap());
    let second = w.story(&author, "Second", StoryStatus::Draft);
    assert_ne!(second.id, first.id);
}

#[test]
fn a_revision_can_be_closed_only_once() {
    use crate::story::{RevisionStatus, StoryFields};
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let live = w.story(&author, "Live", StoryStatus::Approved);
    let staged = block_on(w.stories.add_revision(
        live.id,
        &StoryFields::of(&live),
        RevisionStatus::Pending,
        &author.id,
        t0(),
    ))
    .unwrap();
    let close = |status| {
        block_on(
            w.stories
                .close_revision(staged.id, status, &author.id, Some("why"), t0()),
        )
    };
    close(RevisionStatus::Rejected).unwrap();
    assert!(close(RevisionStatus::Approved).is_err());
    let revisions = block_on(w.stories.revisions(live.id)).unwrap();
    assert_eq!(revisions[0].status, RevisionStatus::Rejected);
    assert_eq!(revisions[0].reason.as_deref(), Some("why"));
}

#[test]
fn a_summary_flags_a_live_story_with_a_staged_edit() {
    use crate::story::{RevisionStatus, StoryFields};
    let w = world();
    let author = w.user("ruth@example.org", Role::Member, true);
    let live = w.story(&author, "Live", StoryStatus::Approved);
    w.story(&author, "Other", StoryStatus::Approved);
    block_on(w.stories.add_revision(
        live.id,
        &StoryFields::of(&live),
        RevisionStatus::Pending,
        &author.id,
        t0(),
    ))
    .unwrap();
    let page = block_on(
        w.service
            .list_published(&Caller::Visitor, &query(), None, None),
    )
    .unwrap();
    let flags: Vec<_> = page
        .items
        .iter()
        .map(|s| (s.title.as_str(), s.has_pending_revision))
        .collect();
    assert_eq!(flags, [("Other", false), ("Live", true)]);
}
