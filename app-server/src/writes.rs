//! Which requests are writes: the `Origin` check guards them, a `read` token may not send
//! them, and a successful one says what it changed for visitors (`crate::public_change`).

use actix_web::http::Method;

/// Whether a request of this method may change anything: all but GET, HEAD and OPTIONS.
pub fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}
