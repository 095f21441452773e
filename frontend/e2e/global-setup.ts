import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startMailSink } from './lib/mail-sink.mjs';
import { FORBIDDEN_IN_LOG } from './lib/secrets.mjs';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from './lib/oidc.mjs';
import { reserveAddress, startServer } from './lib/server.mjs';

/** What the tests of one worker talk to: a server, its mail and its log (see `useHarness`). */
interface Harness {
  env: { E2E_BASE_URL: string; E2E_MAIL_DIR: string; E2E_SERVER_LOG: string };
  /** Stops all three and answers the server's output. */
  stop: () => Promise<string>;
}

/** How often a harness is started before giving up, when its server's port was taken meanwhile. */
const HARNESS_TRIES = 3;

/**
 * A local OpenID Connect provider (standing in for Google), an SMTP sink that keeps each mail as
 * JSON in its own folder (read by `waitForMail`), and the real server on a fresh SQLite file.
 * The server's port is chosen before the provider starts (which needs the app's address), so
 * something else can bind it before the server does (another worker's harness starting beside
 * this one): then the whole harness starts again on other ports.
 */
async function startHarness(): Promise<Harness> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startHarnessOnce();
    } catch (error) {
      const portTaken = error instanceof Error && /address already in use|EADDRINUSE/i.test(error.message);
      if (!portTaken || attempt >= HARNESS_TRIES) throw error;
      console.log(`e2e harness: its server's port was taken meanwhile; starting it again (try ${attempt + 1})`);
    }
  }
}

async function startHarnessOnce(): Promise<Harness> {
  const address = await reserveAddress();
  const oidc = await startOidcProvider(address.baseURL);
  const mail = await startMailSink(mkdtempSync(path.join(tmpdir(), 'grace-e2e-mail-')));
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
  const running = server;
  return {
    env: { E2E_BASE_URL: running.baseURL, E2E_MAIL_DIR: mail.dir, E2E_SERVER_LOG: running.logFile },
    stop: async () => {
      try {
        return running.readLog();
      } finally {
        await running.stop();
        await oidc.stop();
        await mail.stop();
      }
    },
  };
}

/**
 * Starts one harness per worker, so that workers never share a database: the tests of a worker
 * see only their own people, stories and mail. The workers find theirs by their parallel index
 * (`E2E_BASE_URL_0`, `E2E_BASE_URL_1`, ...; `useHarness` in playwright.config.ts). With `shared`,
 * one harness for every worker (the slow suites build one scene they all read), under the plain
 * names. The returned teardown stops them all and fails the run when a server's output holds a
 * password the tests typed or an argon2 hash.
 */
export default async function globalSetup(config?: FullConfig, shared = false): Promise<() => Promise<void>> {
  const count = shared ? 1 : Math.max(1, config?.workers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startHarness()));
  const harnesses = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(harnesses.map((h) => h.stop()));
    throw failed.reason;
  }
  harnesses.forEach((harness, slot) => {
    for (const [name, value] of Object.entries(harness.env)) {
      process.env[shared ? name : `${name}_${slot}`] = value;
    }
  });

  return async () => {
    const logs = await Promise.all(harnesses.map((h) => h.stop()));
    const leaked = FORBIDDEN_IN_LOG.filter((secret) => logs.some((log) => log.includes(secret)));
    if (leaked.length > 0) {
      throw new Error(`The server log contains ${leaked.length} forbidden string(s) (a typed password or '$argon2').`);
    }
  };
}
