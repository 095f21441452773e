import { googleErrorMessage } from './google-error';

describe('Google sign-in error codes', () => {
  // Every code the server's Google callback sends back to /auth?error=.
  const codes = [
    'google-cancelled',
    'google-state',
    'google-failed',
    'google-unverified',
    'google-account-exists',
    'google-unavailable',
    'google-not-configured',
    'google-super-admin',
    'google-suspended',
  ];

  it('gives each cause its own message', () => {
    const messages = codes.map(googleErrorMessage);
    const fallback = googleErrorMessage('google-something-new');
    for (const message of messages) {
      expect(message).toBeTruthy();
      expect(message).not.toBe(fallback);
    }
    expect(new Set(messages).size).toBe(codes.length);
  });

  it('explains a service outage as one, not as an unverified e-mail', () => {
    expect(googleErrorMessage('google-unavailable')).not.toMatch(/verified/);
    expect(googleErrorMessage('google-unavailable')).toMatch(/try again/i);
  });

  it('ignores codes that are not Google ones', () => {
    expect(googleErrorMessage(null)).toBeNull();
    expect(googleErrorMessage('session-expired')).toBeNull();
  });
});
