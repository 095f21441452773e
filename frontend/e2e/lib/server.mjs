// Starts the real app-server for browser runs: fresh SQLite database in a temp dir, a free
// loopback port, `seed-demo` first, then `serve` until GET /healthz answers 200.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(here, '..');

/** `APP_SERVER_BIN`, else the dev build of the workspace (relative to e2e/). */
export function serverBinary() {
  return path.resolve(e2eDir, process.env.APP_SERVER_BIN ?? '../../target/debug/app-server');
}

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
 * @param {string} url
 * @param {number} timeoutMs
 * @param {() => string | null} exited  tells why the process ended early, if it did
 */
async function waitForHealthy(url, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = exited();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * The port and base URL a server will use, known before it starts (the OIDC stand-in needs
 * the app's redirect URI first).
 * @returns {Promise<{ port: number, baseURL: string }>}
 */
export async function reserveAddress() {
  const port = await freePort();
  return { port, baseURL: `http://127.0.0.1:${port}` };
}

/**
 * @typedef {{ baseURL: string, logFile: string, readLog: () => string, stop: () => Promise<void> }} RunningServer
 * @param {{ address?: { port: number, baseURL: string }, env?: Record<string, string> }} [options]
 *   `env` is added to the server's environment; its stdout and stderr go to `logFile`.
 * @returns {Promise<RunningServer>}
 */
export async function startServer(options = {}) {
  const bin = serverBinary();
  if (!existsSync(bin)) {
    throw new Error(
      `app-server binary not found at ${bin}: build it (cargo build -p app-server) or set APP_SERVER_BIN`,
    );
  }
  if (!existsSync(path.resolve(e2eDir, '../web/dist/index.html'))) {
    throw new Error('frontend/web/dist is missing: run `npm run build` in frontend/ first');
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'grace-e2e-'));
  const { port, baseURL } = options.address ?? (await reserveAddress());
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite://${dir}/e2e.db?mode=rwc`,
    MEDIA_DIR: path.join(dir, 'media'),
    BACKUP_DIR: path.join(dir, 'backups'),
    BIND_ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: baseURL,
    SUPER_ADMIN_PASSWORD: 'e2e-admin-password',
    RUST_LOG: 'warn',
    ...options.env,
  };

  const seed = spawnSync(bin, ['seed-demo'], { env, encoding: 'utf8', timeout: 60_000 });
  if (seed.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${bin} seed-demo failed (${seed.status ?? seed.signal}):\n${seed.stderr}${seed.stdout}`);
  }

  // The log holds everything both commands printed (the teardown scans it for secrets).
  const logFile = path.join(dir, 'server.log');
  writeFileSync(logFile, `${seed.stdout}${seed.stderr}`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(bin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  /** @type {string | null} */
  let exitReason = null;
  child.once('exit', (code, signal) => {
    exitReason = `app-server exited early (${code ?? signal})`;
  });

  /** Everything the server printed so far. */
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => log.end(resolve));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(`${baseURL}/healthz`, 30_000, () => exitReason);
  } catch (error) {
    const output = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`, { cause: error });
  }
  return { baseURL, logFile, readLog, stop };
}
