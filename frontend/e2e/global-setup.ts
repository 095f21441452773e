import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailSink } from './lib/mail-sink.mjs';
import { FORBIDDEN_IN_LOG } from './lib/secrets.mjs';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from './lib/oidc.mjs';
import { reserveAddress, startServer } from './lib/server.mjs';

/**
 * Starts a local OpenID Connect provider (standing in for Google), an SMTP sink that keeps each
 * mail as JSON in `E2E_MAIL_DIR` (read by `waitForMail`), and the real server once for the run.
 * The returned teardown stops all three and fails the run when the server's output holds a
 * password the tests typed or an argon2 hash.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const address = await reserveAddress();
  const oidc = await startOidcProvider(address.baseURL);
  const mail = await startMailSink(mkdtempSync(path.join(tmpdir(), 'grace-e2e-mail-')));
  process.env.E2E_MAIL_DIR = mail.dir;
  let server;
  try {
    server = await startServer({
      address,
      env: {
        OIDC_ISSUER_URL: oidc.issuer,
        GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
        // Plain SMTP to the local sink (lettre: no `tls` parameter means no TLS).
        SMTP_URL: mail.url,
        // Several sign-ins a minute come from one address; the limit itself has HTTP tests.
        RATE_LIMIT_PER_MINUTE: '1000',
        // References in story text link to a reader (the link itself is never followed).
        SCRIPTURE_LINK: 'https://reader.example/{osis}',
        // Subscribers who chose each story hear of it at the job's next round, not ten minutes
        // later (the slow suite's digest journey waits for that mail).
        SUBSCRIPTION_GRACE_MINUTES: '0',
        // Request and sign-in logging on, so the password check below has something to read.
        RUST_LOG: 'info,sqlx=warn',
      },
    });
  } catch (error) {
    await oidc.stop();
    await mail.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;
  const running = server;

  return async () => {
    let log = '';
    try {
      log = running.readLog();
    } finally {
      await running.stop();
      await oidc.stop();
      await mail.stop();
    }
    const leaked = FORBIDDEN_IN_LOG.filter((secret) => log.includes(secret));
    if (leaked.length > 0) {
      throw new Error(`The server log contains ${leaked.length} forbidden string(s) (a typed password or '$argon2').`);
    }
  };
}
