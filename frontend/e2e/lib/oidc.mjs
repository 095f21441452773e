// A local OpenID Connect provider standing in for Google in browser runs (oidc-provider 9
// with its development login and consent pages: any login name, any password).
import { createServer } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'e2e-client';
export const OIDC_CLIENT_SECRET = 'e2e-secret';

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} appBaseURL  the app server's PUBLIC_URL, for the redirect URI
 * @returns {Promise<{ issuer: string, stop: () => Promise<void> }>}
 */
export async function startOidcProvider(appBaseURL) {
  const port = await freePort();
  // No trailing slash: the app compares the discovered issuer with this string exactly.
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${appBaseURL}/api/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    features: { devInteractions: { enabled: true } },
    // Explicit lifetimes (seconds) keep the provider's "default ttl" notices out of the output.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    // Put email and profile claims in the ID token, as Google does.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    /** @param {unknown} _ctx @param {string} id */
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@example.test`,
            email_verified: true,
            given_name: id.charAt(0).toUpperCase() + id.slice(1),
            family_name: 'Oidc',
            name: `${id} Oidc`,
          };
        },
      };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  /** @type {import('node:http').Server} */
  const server = await new Promise((resolve, reject) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve(undefined));
    });
  return { issuer, stop };
}
