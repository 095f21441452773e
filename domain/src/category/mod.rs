//! Story categories: the five seeded at start, with their published-story counts.

pub mod ports;

pub use ports::CategoryRepository;

use chrono::{DateTime, Utc};
use std::sync::Arc;

use crate::StoreError;

/// The categories every site starts with, in display order.
pub const DEFAULT_CATEGORIES: [(&str, &str, &str); 5] = [
    (
        "Bible Study",
        "Reflections and lessons from Scripture",
        "book-open",
    ),
    (
        "Testimonies",
        "Stories of faith at work in our lives",
        "heart",
    ),
    ("Faith & Life", "Living out faith day by day", "sun"),
    ("Worship", "Music, prayer and praise", "music"),
    ("Community", "News and moments from our community", "users"),
];

#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub description: Option<String>,
    pub icon: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A category with the number of its approved, published stories.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryWithCount {
    pub category: Category,
    pub story_count: u64,
}

/// A category to create when missing.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCategory {
    pub name: String,
    pub description: Option<String>,
    pub icon: Option<String>,
}

/// Category use cases.
#[derive(Clone)]
pub struct CategoryService {
    categories: Arc<dyn CategoryRepository>,
}

impl CategoryService {
    pub fn new(categories: Arc<dyn CategoryRepository>) -> Self {
        Self { categories }
    }

    /// Creates the five default categories when missing.
    ///
    /// # Errors
    /// The store's error.
    pub async fn seed_defaults(&self) -> Result<(), StoreError> {
        let defaults: Vec<NewCategory> = DEFAULT_CATEGORIES
            .iter()
            .map(|(name, description, icon)| NewCategory {
                name: (*name).to_owned(),
                description: Some((*description).to_owned()),
                icon: Some((*icon).to_owned()),
            })
            .collect();
        self.categories.ensure(&defaults).await
    }

    /// All categories with their published-story counts.
    ///
    /// # Errors
    /// The store's error.
    pub async fn list(&self) -> Result<Vec<CategoryWithCount>, StoreError> {
        self.categories.list_with_counts().await
    }
}
