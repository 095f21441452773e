// an owner who only moves the port (`BIND_ADDR`, no `PUBLIC_URL`) can still sign
// in from the browser. This spec starts its own server with exactly that configuration, apart from
// the harness's one (which sets PUBLIC_URL), and signs in at http://127.0.0.1:<port>.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';
import { reserveAddress, serverBinary } from '../lib/server.mjs';

type Started = { port: number; baseURL: string; output: () => string; stop: () => Promise<void> };

/** The binary with a fresh SQLite file, BIND_ADDR and the admin password; nothing else of ours. */
async function startWithBindAddrOnly(): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grace-e2e-bind-'));
  const { port, baseURL } = await reserveAddress();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    // Whatever the machine's environment says about the site must not help (or hinder) the test.
    if (name === 'PUBLIC_URL' || name.startsWith('GOOGLE_') || name === 'SMTP_URL') delete env[name];
  }
  Object.assign(env, {
    BIND_ADDR: `127.0.0.1:${port}`,
    DATABASE_URL: `sqlite://${dir}/bind.db?mode=rwc`,
    SUPER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RUST_LOG: 'warn',
  });
  let output = '';
  const child: ChildProcess = spawn(serverBinary(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`app-server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`app-server did not answer on ${baseURL} within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { port, baseURL, output: () => output, stop };
}

test.describe('a server started with only BIND_ADDR', () => {
  let server: Started;

  test.beforeAll(async () => {
    server = await startWithBindAddrOnly();
  });

  test.afterAll(async () => {
    await server?.stop();
    // The typed password never reaches the log, here either.
    expect(server?.output() ?? '').not.toContain(ADMIN_PASSWORD);
  });

  test('lets the owner sign in at /admin-login from http://127.0.0.1:<port>', async ({ page }) => {
    await page.goto(`${server.baseURL}/admin-login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back, Super Administrator!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/people/pending`);
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  });

  test('lets the owner sign in from http://localhost:<port> too (the derived PUBLIC_URL)', async ({ page }) => {
    const localhost = `http://localhost:${server.port}`;
    await page.goto(`${localhost}/admin-login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back, Super Administrator!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${localhost}/dashboard/people/pending`);
  });

  test('refuses another origin and says which one it expects and that PUBLIC_URL sets it', async ({ request }) => {
    const response = await request.post(`${server.baseURL}/api/login`, {
      headers: { Origin: 'http://elsewhere.example' },
      data: { email: 'admin@localhost', password: 'not-the-password' },
    });
    expect(response.status()).toBe(403);
    const { message } = (await response.json()) as { message: string };
    expect(message).toContain(`localhost:${server.port}`);
    expect(message).toContain('PUBLIC_URL');
  });
});
