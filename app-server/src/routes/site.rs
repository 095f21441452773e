//! Site information the pages need: branding, support address, sign-in options.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    /// Product branding shown on pages and in exported posts.
    pub site_name: String,
    /// Shown on the help centre.
    pub support_email: String,
    /// Whether "Continue with Google" is configured on this server.
    pub google_sign_in_enabled: bool,
    /// How many stories are published.
    pub published_stories: u64,
    /// How many people wrote the published stories.
    pub contributors: u64,
    /// The frequency the subscription form preselects (the super admin's choice).
    pub default_frequency: super::subscriptions::FrequencyDto,
}

/// Branding and options of this site.
#[utoipa::path(tag = "site", responses(
    (status = 200, description = "Site information", body = SiteInfo),
    (status = 503, description = "The database is unavailable", body = ErrorBody),
))]
#[get("/site")]
pub async fn get_site_info(state: web::Data<AppState>) -> Result<web::Json<SiteInfo>, ApiError> {
    let c = &state.config;
    let counts = state.stories.site_counts().await?;
    let default_frequency = state.subscriber_admin.default_frequency().await?;
    Ok(web::Json(SiteInfo {
        site_name: c.site_name.clone(),
        support_email: c.support_email.clone(),
        google_sign_in_enabled: c.google_client_id.is_some() && c.google_client_secret.is_some(),
        published_stories: counts.published_stories,
        contributors: counts.contributors,
        default_frequency: default_frequency.into(),
    }))
}
