// Passwords the browser tests type. The teardown fails the run when any of them (or an
// argon2 hash) shows up in the server's captured output.

/** The super admin password the harness starts the server with. */
export const ADMIN_PASSWORD = 'e2e-admin-password';
/** The password a test changes the admin password to (and back from). */
export const NEW_ADMIN_PASSWORD = 'e2e-new-admin-Pass-71';
/** The password of every account the tests register. */
export const USER_PASSWORD = 'e2e-user-Pass-5311';

/** The password a test sets through the reset mail (self-service.spec.ts). */
export const RESET_PASSWORD = 'e2e-reset-Pass-8820';

/** Strings that must never appear in the server log. */
export const FORBIDDEN_IN_LOG = [ADMIN_PASSWORD, NEW_ADMIN_PASSWORD, USER_PASSWORD, RESET_PASSWORD, '$argon2'];
