//! The port for storing categories.

use async_trait::async_trait;

use super::{CategoryWithCount, NewCategory};
use crate::StoreError;

/// Stores categories.
#[async_trait]
pub trait CategoryRepository: Send + Sync {
    /// All categories in creation order, each with its published-story count, in a fixed
    /// number of queries.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database is down, else [`StoreError::Unknown`].
    async fn list_with_counts(&self) -> Result<Vec<CategoryWithCount>, StoreError>;

    /// Creates each category whose name does not exist yet; existing ones are left alone.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn ensure(&self, categories: &[NewCategory]) -> Result<(), StoreError>;

    /// Whether a category with exactly this name exists.
    ///
    /// # Errors
    /// [`StoreError::Unknown`] when the store fails.
    async fn exists(&self, name: &str) -> Result<bool, StoreError>;
}
