//! `app-server seed-demo`: a demo author and a few published stories, so a new site (or a
//! browser test) has something to show. Does nothing when any story exists.

use chrono::{Duration, Utc};
use domain::StoreError;
use domain::story::{NewStory, StoryRepository, StoryStatus};
use domain::user::{AuthProvider, NewUser, Role, UserRepository};

use crate::state::AppState;

const DEMO_STORIES: [(&str, &str, &str, &str); 4] = [
    (
        "Finding Peace in the Storm",
        "Testimonies",
        "How a season of loss became a season of grace.",
        "<p>When the storm came, our family held on to one verse: <em>Be still, and know that I am God.</em></p><p>This is the story of how that stillness carried us.</p>",
    ),
    (
        "Walking Through the Psalms",
        "Bible Study",
        "A gentle eight-week journey through the songs of Israel.",
        "<p>The Psalms give words to every feeling. Each week we read one psalm slowly, pray it, and write down one line to carry.</p>",
    ),
    (
        "Sunday Morning Worship Night",
        "Worship",
        "Songs, silence and prayer from our community gathering.",
        "<p>Our worship team shares the set list, the prayers between songs, and what the evening meant to them.</p>",
    ),
    (
        "Serving Our Neighbours",
        "Community",
        "What a year of Saturday breakfasts taught our youth group.",
        "<p>Every Saturday, twelve teenagers cooked breakfast for whoever came. Here is what they learned about love in action.</p>",
    ),
];

/// Adds the demo author and stories; returns how many stories were added.
///
/// # Errors
/// The store's errors.
pub async fn seed_demo(state: &AppState) -> Result<u64, StoreError> {
    let stories = adapters::SeaOrmStoryRepository::new(state.db.clone());
    if stories.count_all().await? > 0 {
        return Ok(0);
    }
    let users = adapters::SeaOrmUserRepository::new(state.db.clone());
    let author = match users.find_by_email("demo.author@example.org").await? {
        Some(u) => u,
        None => {
            users
                .create(NewUser {
                    email: "demo.author@example.org".into(),
                    username: Some("demo-author".into()),
                    password_hash: None,
                    first_name: Some("Grace".into()),
                    last_name: Some("Demo".into()),
                    profile_image_url: None,
                    google_id: None,
                    auth_provider: AuthProvider::Local,
                    role: Role::PrimaryContributor,
                    is_approved: true,
                    email_verified: true,
                })
                .await?
        }
    };
    let now = Utc::now();
    let mut added = 0;
    for (i, (title, category, excerpt, content)) in DEMO_STORIES.iter().enumerate() {
        let published = now - Duration::days(i64::try_from(i).unwrap_or(0) + 1);
        stories
            .create(NewStory {
                title: (*title).into(),
                content: (*content).into(),
                excerpt: Some((*excerpt).into()),
                video_url: None,
                thumbnail_url: None,
                category: (*category).into(),
                author_id: author.id.clone(),
                status: StoryStatus::Approved,
                is_published: true,
                published_at: Some(published),
                approved_by: Some(author.id.clone()),
                approved_at: Some(published),
            })
            .await?;
        added += 1;
    }
    Ok(added)
}
