//! Categories with their published-story counts.

use actix_web::{get, web};

use super::dto::CategoryDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// All categories, each with the number of its published stories.
#[utoipa::path(
    tag = "categories",
    responses(
        (status = 200, description = "All categories", body = Vec<CategoryDto>),
        (status = 503, description = "Database unavailable", body = ErrorBody),
    )
)]
#[get("/categories")]
pub async fn list_categories(
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<CategoryDto>>, ApiError> {
    let categories = state.categories.list().await?;
    Ok(web::Json(
        categories.into_iter().map(CategoryDto::from).collect(),
    ))
}
