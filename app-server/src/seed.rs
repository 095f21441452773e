//! `app-server seed-demo`: a demo author and a few published stories, so a new site (or a
//! browser test) has something to show. Does nothing when any story exists.

use domain::StoreError;
use domain::story::samples::Sample;
use domain::user::{AuthProvider, NewUser, Role};

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
    let samples: Vec<Sample<'_>> = DEMO_STORIES
        .iter()
        .map(|(title, category, excerpt, content)| Sample {
            title,
            category,
            excerpt,
            content,
        })
        .collect();
    let author = NewUser {
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
    };
    state.stories.add_samples(author, &samples).await
}
