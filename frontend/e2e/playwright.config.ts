import { defineConfig } from '@playwright/test';

// Debian's chromium: Playwright's own browser downloads are not reachable from these machines.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * In a worker, the harness of its parallel index (started by global-setup.ts, which runs before
 * the workers load this file) under the plain names the tests read: `E2E_BASE_URL`,
 * `E2E_MAIL_DIR`, `E2E_SERVER_LOG`. A worker started again after a failure keeps its index, and so
 * its server.
 */
function useHarness() {
  const slot = process.env.TEST_PARALLEL_INDEX;
  if (slot === undefined) return;
  for (const name of ['E2E_BASE_URL', 'E2E_MAIL_DIR', 'E2E_SERVER_LOG']) {
    const value = process.env[`${name}_${slot}`];
    if (value !== undefined) process.env[name] = value;
  }
}
useHarness();

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Two browsers at a time, each with its own server and database (global-setup.ts): a test file
  // runs whole in one worker, so files never see each other's data.
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  outputDir: './test-results',
  use: {
    // The worker's own server (useHarness above).
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
});
