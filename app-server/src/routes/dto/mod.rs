//! JSON shapes of the API (camelCase), converted from domain values: stories and
//! categories in `stories.rs`, their privacy choices in `privacy.rs`, people in `people.rs`; here the shapes every route shares.

mod people;
mod privacy;
pub mod scripture;
mod stories;

pub use people::{AuthProviderDto, AuthResponse, RoleDto, UserDto};
pub use privacy::{AudienceDto, BylineDto, WriterDto};
pub use stories::{AuthorDto, CategoryDto, StoryDto, StoryStatusDto, StorySummaryDto};

use serde::Serialize;
use utoipa::ToSchema;

/// A plain confirmation.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// One page of a list as JSON, with the total of the whole list in `X-Total-Count` (exposed
/// to cross-origin readers too): the shape of every paged endpoint.
/// [`paged`] with the items' JSON already written.
pub fn paged_json(items: actix_web::web::Bytes, total: u64) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .insert_header(("Access-Control-Expose-Headers", "X-Total-Count"))
        .content_type(actix_web::http::header::ContentType::json())
        .body(items)
}

pub fn paged<T: Serialize>(items: Vec<T>, total: u64) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .insert_header(("X-Total-Count", total.to_string()))
        .insert_header(("Access-Control-Expose-Headers", "X-Total-Count"))
        .json(items)
}
