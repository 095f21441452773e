//! Test support: a fresh, migrated database per test (SQLite always, PostgreSQL when
//! `TEST_DATABASE_URL` is set), the real application on top, and request helpers.

use domain::clock::{Clock, SystemClock};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::Method;
use actix_web::test;
use adapters::testing::{Engine, TestDatabase};
use app_server::config::Config;
use app_server::state::AppState;
use chrono::Duration;
use domain::story::{NewStory, Story, StoryFields, StoryRepository, StoryStatus};
use domain::testing::new_user;
use domain::user::{NewUser, Role, User, UserRepository};

pub const ADMIN_PASSWORD: &str = "test-admin-password";

/// The per-minute limit of [`test_config`]: high enough that no test meets it by chance.
pub const TEST_RATE_LIMIT_PER_MINUTE: u32 = 1000;

/// A test that counts requests up to a limit needs this long before a window ends.
const COUNTING_TAKES_AT_MOST: std::time::Duration = std::time::Duration::from_secs(20);

/// Rate limits count in fixed windows (a minute, a quarter hour, an hour, a day:
/// `domain::rate_limit`), and every one of them ends where a minute ends. A test that counts
/// requests up to a limit and crosses such an end starts counting again halfway (seen as a
/// 201 where 429 was due, on a loaded machine). So when less than
/// [`COUNTING_TAKES_AT_MOST`] is left of this minute, this waits for the next one.
pub async fn clear_of_a_windows_end() {
    let now = SystemClock.now();
    let (_, minute_ends) = domain::rate_limit::window_of(now);
    let left = (minute_ends - now).to_std().unwrap_or_default();
    if left < COUNTING_TAKES_AT_MOST {
        tokio::time::sleep(left + std::time::Duration::from_millis(50)).await;
    }
}

pub fn test_config(database_url: &str) -> Config {
    Config {
        database_url: database_url.to_owned(),
        bind_addr: "127.0.0.1:0".into(),
        public_url: "http://localhost:8080".into(),
        allowed_origins: Vec::new(),
        site_name: "Grace Stories".into(),
        support_email: "support@example.org".into(),
        super_admin_username: "admin".into(),
        super_admin_password: Some(ADMIN_PASSWORD.into()),
        super_admin_email: "admin@localhost".into(),
        session_secret: None,
        oidc_issuer_url: "http://127.0.0.1:1".into(),
        google_client_id: None,
        google_client_secret: None,
        smtp_url: None,
        rate_limit_per_minute: TEST_RATE_LIMIT_PER_MINUTE,
        public_cache_mb: 8,
        password_hashes_at_once: 1,
        trusted_proxies: Vec::new(),
        social: Default::default(),
        media: app_server::config::MediaConfig {
            dir: std::env::temp_dir().join(format!("grace-media-{}", adapters::new_media_key())),
            s3: None,
            limits: Default::default(),
        },
        scripture: Default::default(),
        backups: app_server::config::BackupConfig {
            dir: std::env::temp_dir().join(format!("grace-backups-{}", adapters::new_media_key())),
            every_hours: 0,
            ..Default::default()
        },
        metrics_addr: None,
        digests: domain::subscription::DigestSchedule::default(),
    }
}

/// One test's world: its database, the prepared state and the OpenAPI document.
pub struct TestContext {
    pub state: AppState,
    pub openapi: app_server::routes::ApiDocument,
    _db: TestDatabase,
}

impl TestContext {
    /// `None` when the engine is not available (PostgreSQL without `TEST_DATABASE_URL`).
    pub async fn new(engine: Engine) -> Option<Self> {
        Self::with_config(engine, |_| {}).await
    }

    /// Like [`TestContext::new`], with the test configuration changed by `change` first.
    /// With a per-minute limit below the test default it returns clear of a rate-limit
    /// window's end ([`clear_of_a_windows_end`]).
    pub async fn with_config(engine: Engine, change: impl FnOnce(&mut Config)) -> Option<Self> {
        let Some(db) = TestDatabase::migrated(engine).await.expect("test database") else {
            eprintln!("skipped on {engine:?}: TEST_DATABASE_URL is not set");
            return None;
        };
        let mut config = test_config(&db.url);
        change(&mut config);
        // Start-up is idempotent (a server restarts on the same database), so a start that
        // found no PostgreSQL connection within the pool's half second (seen on a 2-core
        // machine running builds beside the tests) is tried again rather than failing the test.
        let mut tries = 0;
        let state = loop {
            tries += 1;
            match app_server::prepare(config.clone()).await {
                Ok(state) => break state,
                Err(e) if tries < 3 && format!("{e:#}").contains("pool timed out") => {
                    eprintln!("start-up found no database connection in time, again: {e:#}");
                }
                Err(e) => panic!("prepare: {e:?}"),
            }
        };
        if config.rate_limit_per_minute < TEST_RATE_LIMIT_PER_MINUTE {
            clear_of_a_windows_end().await;
        }
        Some(Self {
            state,
            openapi: api_document(),
            _db: db,
        })
    }

    /// Where this test's pictures are stored (the folder, or the S3 bucket).
    pub fn media_store(&self) -> Box<dyn domain::media::MediaStore> {
        let media = &self.state.config.media;
        match &media.s3 {
            Some(s3) => Box::new(adapters::S3MediaStore::new(s3).expect("S3 store")),
            None => Box::new(adapters::FsMediaStore::new(&media.dir).expect("media folder")),
        }
    }

    pub fn database_url(&self) -> &str {
        &self._db.url
    }

    /// The database was changed behind the server's back (by a test, as another instance or
    /// a command would): the next request reads who is signed in again instead of using
    /// what it read a moment ago (`app_server::access_cache`), as after a write through a
    /// request on this instance.
    pub fn changed_behind_the_server(&self) {
        self.state.access.forget_all();
    }

    /// Marks `id`'s address as proved, as the mailed link would (without the mail).
    pub async fn verify_email(&self, id: &domain::user::UserId) {
        use domain::user::UserRepository;
        self.users()
            .mark_email_verified(id, domain::clock::Clock::now(&domain::clock::SystemClock))
            .await
            .unwrap();
        self.changed_behind_the_server();
    }

    pub fn users(&self) -> adapters::SeaOrmUserRepository {
        adapters::SeaOrmUserRepository::new(self.state.db.clone())
    }

    pub fn stories(&self) -> adapters::SeaOrmStoryRepository {
        adapters::SeaOrmStoryRepository::new(self.state.db.clone())
    }

    /// An account with this role and approval, named Ruth Moab, with no password.
    pub async fn user(&self, email: &str, role: Role, approved: bool) -> User {
        self.users()
            .create(NewUser {
                password_hash: None,
                first_name: Some("Ruth".into()),
                last_name: Some("Moab".into()),
                ..new_user(email, role, approved)
            })
            .await
            .expect("create user")
    }

    /// A story by `author`; published ones are approved, dated `age_days` ago. Kept public
    /// reads are dropped, as after any write.
    pub async fn story(
        &self,
        author: &User,
        title: &str,
        category: &str,
        published: bool,
        age_days: i64,
    ) -> Story {
        let at = SystemClock.now() - Duration::days(age_days);
        let story = self
            .stories()
            .create(NewStory {
                passages: Vec::new(),
                fields: StoryFields {
                    title: title.into(),
                    content: format!("<p>The content of {title}.</p>"),
                    source: format!("The content of {title}."),
                    excerpt: Some(format!("About {title}")),
                    video_url: None,
                    thumbnail_url: None,
                    category: category.into(),
                },
                author_id: author.id.clone(),
                status: if published {
                    StoryStatus::Approved
                } else {
                    StoryStatus::Draft
                },
                is_published: published,
                published_at: published.then_some(at),
                approved_by: None,
                approved_at: published.then_some(at),
                privacy: Default::default(),
            })
            .await
            .expect("create story");
        if published {
            agreed_to_all(self, &story, author).await;
        }
        self.changed_behind_the_api().await;
        story
    }

    /// Written straight to the database, as another program would: tell the instances, as
    /// `seed` does, so their kept public reads are dropped.
    pub async fn changed_behind_the_api(&self) {
        self.state
            .public_cache
            .changed(&app_server::public_cache::Visible::Everything)
            .await;
    }
}

/// The OpenAPI document the application serves, built once per test process.
pub fn api_document() -> app_server::routes::ApiDocument {
    static DOCUMENT: std::sync::OnceLock<app_server::routes::ApiDocument> =
        std::sync::OnceLock::new();
    DOCUMENT
        .get_or_init(|| app_server::routes::ApiDocument::build().expect("OpenAPI document"))
        .clone()
}

/// Runs a test body once per engine: `engine_test!(name, |ctx, app| { ... })`. Attributes
/// before the name go on both tests: `#[ignore = "slow: just test-slow"]` keeps a long one
/// (a database of 100,000 stories, say) for the slow suite.
#[macro_export]
macro_rules! engine_test {
    ($(#[$meta:meta])* $name:ident, |$ctx:ident, $app:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run(engine: adapters::testing::Engine) {
                let Some($ctx) = $crate::helpers::TestContext::new(engine).await else {
                    return;
                };
                let $app = actix_web::test::init_service(app_server::app(
                    $ctx.state.clone(),
                    $ctx.openapi.clone(),
                ))
                .await;
                $body
            }

            #[actix_web::test]
            $(#[$meta])*
            async fn sqlite() {
                run(adapters::testing::Engine::Sqlite).await;
            }

            #[actix_web::test]
            $(#[$meta])*
            async fn postgres() {
                run(adapters::testing::Engine::Postgres).await;
            }
        }
    };
}

/// GET `path`; returns status, headers and the body as JSON (Null when not JSON).
/// Like `engine_test!`, four times: SQLite and PostgreSQL, each with pictures in a folder
/// and in S3-compatible storage (a moto server, see `adapters::testing::s3`).
#[macro_export]
macro_rules! storage_test {
    ($name:ident, |$ctx:ident, $app:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run(engine: adapters::testing::Engine, s3: bool) {
                let bucket = if s3 {
                    Some(adapters::testing::s3::fresh_bucket().await)
                } else {
                    None
                };
                let Some($ctx) = $crate::helpers::TestContext::with_config(engine, |c| {
                    c.media.s3 = bucket;
                })
                .await
                else {
                    return;
                };
                let $app = actix_web::test::init_service(app_server::app(
                    $ctx.state.clone(),
                    $ctx.openapi.clone(),
                ))
                .await;
                $body
            }

            #[actix_web::test]
            async fn sqlite_folder() {
                run(adapters::testing::Engine::Sqlite, false).await;
            }

            #[actix_web::test]
            async fn postgres_folder() {
                run(adapters::testing::Engine::Postgres, false).await;
            }

            #[actix_web::test]
            async fn sqlite_s3() {
                run(adapters::testing::Engine::Sqlite, true).await;
            }

            #[actix_web::test]
            async fn postgres_s3() {
                run(adapters::testing::Engine::Postgres, true).await;
            }
        }
    };
}

pub async fn get<S, B>(
    app: &S,
    path: &str,
) -> (u16, actix_web::http::header::HeaderMap, serde_json::Value)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let res = test::call_service(app, test::TestRequest::get().uri(path).to_request()).await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let body = test::read_body(res).await;
    (
        status,
        headers,
        serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
    )
}

/// GET `path` and the raw body text.
pub async fn get_text<S, B>(app: &S, path: &str) -> (u16, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let res = test::call_service(app, test::TestRequest::get().uri(path).to_request()).await;
    let status = res.status().as_u16();
    let ctype = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body = test::read_body(res).await;
    (status, ctype, String::from_utf8_lossy(&body).into_owned())
}

/// One request's answer.
pub struct Answer {
    pub status: u16,
    pub headers: actix_web::http::header::HeaderMap,
    pub body: serde_json::Value,
    /// The session cookie the server set (`name=value`), if any.
    pub cookie: Option<String>,
}

impl Answer {
    /// The first field error of a 400 `validation_failed` answer, as (status, code, field,
    /// message).
    pub fn field_error(&self) -> (u16, &str, &str, &str) {
        let error = &self.body["errors"][0];
        (
            self.status,
            self.body["code"].as_str().unwrap_or_default(),
            error["field"].as_str().unwrap_or_default(),
            error["message"].as_str().unwrap_or_default(),
        )
    }
}

/// Sends a request with an optional credential (a session cookie, or `Bearer gst_...` for an
/// API token) and JSON body.
pub async fn send<S, B>(
    app: &S,
    method: actix_web::http::Method,
    path: &str,
    cookie: Option<&str>,
    body: Option<serde_json::Value>,
) -> Answer
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    send_as(app, method, path, None, cookie, body).await
}

/// [`send`] from the client address `peer` (an `ip:port`) when given.
pub async fn send_as<S, B>(
    app: &S,
    method: actix_web::http::Method,
    path: &str,
    peer: Option<&str>,
    cookie: Option<&str>,
    body: Option<serde_json::Value>,
) -> Answer
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let mut req = test::TestRequest::default().method(method).uri(path);
    if let Some(peer) = peer {
        req = req.peer_addr(peer.parse().unwrap());
    }
    match cookie {
        // An API token in place of a session: `Some("Bearer gst_...")`.
        Some(c) if c.starts_with("Bearer ") => {
            req = req.insert_header(("authorization", c.to_owned()));
        }
        Some(c) => req = req.insert_header(("cookie", c.to_owned())),
        None => {}
    }
    if let Some(b) = body {
        req = req.set_json(b);
    }
    let res = test::call_service(app, req.to_request()).await;
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let cookie = res
        .response()
        .cookies()
        .find(|c| c.name() == app_server::session::COOKIE_NAME && !c.value().is_empty())
        .map(|c| format!("{}={}", c.name(), c.value()));
    let bytes = test::read_body(res).await;
    Answer {
        status,
        headers,
        body: serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
        cookie,
    }
}

/// One person's requests: their credential (a session cookie, `Bearer gst_...`, or none for
/// a visitor) on each, so a scenario reads as what they do rather than how a request is
/// built.
pub struct Client<'a, S> {
    app: &'a S,
    credential: Option<&'a str>,
}

// By hand: a derive would ask `S: Copy`, and only the reference is copied.
impl<S> Clone for Client<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Client<'_, S> {}

/// The requests of whoever holds `credential` (`None`: a visitor).
pub fn client<'a, S>(app: &'a S, credential: Option<&'a str>) -> Client<'a, S> {
    Client { app, credential }
}

impl<S: App> Client<'_, S> {
    // Each takes the client by value (it is two references), so the request's future
    // borrows only the app and the credential and may be kept in a closure.
    pub async fn get(self, path: &str) -> Answer {
        self.app
            .request(Method::GET, path, self.credential, None)
            .await
    }

    pub async fn post(self, path: &str, body: serde_json::Value) -> Answer {
        let credential = self.credential;
        self.app
            .request(Method::POST, path, credential, Some(body))
            .await
    }

    pub async fn put(self, path: &str, body: serde_json::Value) -> Answer {
        let credential = self.credential;
        self.app
            .request(Method::PUT, path, credential, Some(body))
            .await
    }

    pub async fn delete(self, path: &str) -> Answer {
        self.app
            .request(Method::DELETE, path, self.credential, None)
            .await
    }
}

/// The application under test, as a set-up function shared by several cases takes it:
/// `async fn a_live_story(ctx: &TestContext, app: &impl App) -> Story` (the service
/// `engine_test!` makes has a type no test can name). Every helper that sends requests
/// takes one.
pub trait App {
    /// [`send`] on this app.
    async fn request(
        &self,
        method: Method,
        path: &str,
        credential: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> Answer;
}

impl<S, B> App for S
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    async fn request(
        &self,
        method: Method,
        path: &str,
        credential: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> Answer {
        send(self, method, path, credential, body).await
    }
}

/// The fields a 400 `validation_failed` names, in order.
pub fn error_fields(body: &serde_json::Value) -> Vec<&str> {
    body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("no field errors in {body}"))
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect()
}

pub const PASSWORD: &str = "correct horse";

impl TestContext {
    /// An account named Lydia Thyatira with the password [`PASSWORD`], not signed in (a
    /// test that signs in takes [`sign_in_as`] or [`sign_in_as_with`]).
    pub async fn user_with_password(&self, email: &str, role: Role, approved: bool) -> User {
        self.users()
            .create(NewUser {
                password_hash: Some(password_hash().await),
                first_name: Some("Lydia".into()),
                last_name: Some("Thyatira".into()),
                ..new_user(email, role, approved)
            })
            .await
            .expect("create user")
    }

    /// Bodies of the mail outbox, oldest first.
    pub async fn outbox_bodies(&self) -> Vec<String> {
        use sea_orm::{ConnectionTrait, Statement};
        let db = &self.state.db;
        let rows = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT body FROM mail_outbox ORDER BY id",
            ))
            .await
            .unwrap();
        rows.into_iter()
            .map(|r| r.try_get::<String>("", "body").unwrap())
            .collect()
    }

    /// Rows of the mail outbox as (recipient, subject).
    pub async fn outbox(&self) -> Vec<(String, String)> {
        use sea_orm::{ConnectionTrait, Statement};
        let db = &self.state.db;
        let rows = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT recipient, subject FROM mail_outbox ORDER BY id",
            ))
            .await
            .unwrap();
        rows.into_iter()
            .map(|r| {
                (
                    r.try_get::<String>("", "recipient").unwrap(),
                    r.try_get::<String>("", "subject").unwrap(),
                )
            })
            .collect()
    }
}

/// Makes an API token through `/api/user/tokens` with a session cookie; returns the
/// credential to pass to [`send`] in place of a cookie (`Bearer gst_...`).
pub async fn api_token(app: &impl App, cookie: &str, scope: &str) -> String {
    let res = client(app, Some(cookie))
        .post(
            "/api/user/tokens",
            serde_json::json!({"name": "Test script", "scope": scope, "expiresInDays": 30}),
        )
        .await;
    assert_eq!(res.status, 201, "token made: {}", res.body);
    format!("Bearer {}", res.body["token"].as_str().expect("token"))
}

/// The argon2 hash of [`PASSWORD`], computed once per test process (hashing takes a
/// noticeable part of a second; every account shares the one hash).
pub async fn password_hash() -> String {
    use domain::user::PasswordHasher;
    static HASH: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    HASH.get_or_init(|| async {
        adapters::Argon2PasswordHasher::new()
            .unwrap()
            .hash(PASSWORD)
            .await
            .unwrap()
    })
    .await
    .clone()
}

/// Signs in a new approved account of `role` through `/api/login` (a fresh address each
/// call: `member-1@example.org`, `admin-2@example.org`, ...); returns it and its cookie.
/// The shortest way to a caller: `let (_, cookie) = sign_in_as(&ctx, &app, Role::Member).await;`
pub async fn sign_in_as(ctx: &TestContext, app: &impl App, role: Role) -> (User, String) {
    sign_in_as_with(ctx, app, role, |p| p).await
}

/// What a test says about the account it signs in, when [`sign_in_as`]'s fresh approved
/// one will not do: its address (for a test that reads it again: a mail's recipient, a
/// second sign-in, a duplicate) and whether it still waits for approval.
#[derive(Debug, Default)]
pub struct Person {
    email: Option<String>,
    pending: bool,
}

impl Person {
    /// This address instead of a generated one; the username is its local part.
    pub fn email(mut self, email: &str) -> Self {
        self.email = Some(email.to_owned());
        self
    }

    /// Not approved yet (a new registration): `approved(false)`.
    pub fn pending(self) -> Self {
        self.approved(false)
    }

    /// Approved or not, for a test that goes through both.
    pub fn approved(mut self, approved: bool) -> Self {
        self.pending = !approved;
        self
    }
}

/// [`sign_in_as`], with the account described by `person`:
/// `sign_in_as_with(&ctx, &app, Role::Member, |p| p.email("ruth@example.org").pending())`.
pub async fn sign_in_as_with(
    ctx: &TestContext,
    app: &impl App,
    role: Role,
    person: impl FnOnce(Person) -> Person,
) -> (User, String) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let person = person(Person::default());
    let email = person.email.unwrap_or_else(|| {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        format!("{}-{n}@example.org", role.as_str().replace('_', "-"))
    });
    let user = ctx.user_with_password(&email, role, !person.pending).await;
    let res = client(app, None)
        .post(
            "/api/login",
            serde_json::json!({"email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(res.status, 200, "{email} signs in");
    (user, res.cookie.expect("session cookie"))
}

impl TestContext {
    /// The account as stored now.
    pub async fn users_find(&self, id: &domain::user::UserId) -> User {
        use domain::user::UserRepository;
        self.users()
            .find(id)
            .await
            .expect("find user")
            .expect("user exists")
    }

    /// A story by `author` waiting for review.
    pub async fn pending_story(&self, author: &User, title: &str) -> Story {
        let mut story = self.story(author, title, "Worship", false, 0).await;
        story.status = StoryStatus::PendingApproval;
        self.stories()
            .update(&story, &[])
            .await
            .expect("mark pending")
    }

    /// An unapproved comment on a story.
    pub async fn comment(&self, story: &Story, name: &str) -> domain::comment::Comment {
        use domain::comment::CommentRepository;
        let comment = format!("A comment by {name}");
        adapters::SeaOrmCommentRepository::new(self.state.db.clone())
            .create(domain::testing::new_comment(story.id, name, None, &comment))
            .await
            .expect("create comment")
    }
}

impl TestContext {
    /// A task on `owner`'s schedule, due `due_in` from now.
    pub async fn schedule(
        &self,
        owner: &User,
        title: &str,
        due_in: Duration,
    ) -> domain::schedule::Schedule {
        use domain::schedule::{NewSchedule, ScheduleRepository};
        adapters::SeaOrmScheduleRepository::new(self.state.db.clone())
            .create(NewSchedule {
                contributor_id: owner.id.clone(),
                due_date: SystemClock.now() + due_in,
                title: domain::validation::ScheduleTitle::parse(title).expect("a valid title"),
                description: None,
            })
            .await
            .expect("create schedule item")
    }
}

/// Records, as the form would, that `author` agreed to every use of `story` (for stories
/// the helpers write straight to the database).
async fn agreed_to_all(ctx: &TestContext, story: &Story, author: &User) {
    let repo = adapters::SeaOrmConsentRepository::new(ctx.state.db.clone());
    let statement = domain::story::consent::ConsentRepository::current_statement(&repo)
        .await
        .expect("a statement");
    domain::story::consent::ConsentRepository::record(
        &repo,
        &domain::story::consent::NewConsent {
            story: story.id,
            person: author.id.clone(),
            statement_version: statement.version,
            uses: domain::story::consent::ConsentUses {
                site: true,
                social: true,
                widget: true,
            },
            kind: domain::story::consent::ConsentKind::Given,
            recorded_by: author.id.clone(),
            reason: None,
            at: story.updated_at,
        },
    )
    .await
    .expect("record consent");
}
