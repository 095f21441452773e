//! The `?error=google-...` codes the server's Google callback returns with (app-server google.rs).

const REASONS: Record<string, string> = {
  'google-not-configured': 'Google sign-in is not configured on this site.',
  'google-cancelled': 'Google sign-in was cancelled.',
  'google-unverified': 'Your Google e-mail address is not verified, so it cannot be used to sign in.',
  'google-state': 'The sign-in request expired or was not started here. Please try again.',
  'google-failed': 'Google did not confirm who you are. Please try again.',
  'google-unavailable':
    'Sign-in is unavailable right now because the site could not finish it. Please try again in a few minutes.',
  'google-account-exists':
    "An account with this e-mail address already exists. Sign in with your password, or use 'Forgot password?' to reset it.",
  'google-suspended': 'Your account is suspended, so it cannot be used to sign in.',
  'google-super-admin': 'The super admin signs in at the Administrator Portal with its own password, not with Google.',
};

/** The explanation for a `google-*` error code, or null when the code is not a Google one. */
export function googleErrorMessage(code: string | null): string | null {
  if (!code?.startsWith('google-')) return null;
  return REASONS[code] ?? 'Google sign-in could not be completed. Please try again.';
}
