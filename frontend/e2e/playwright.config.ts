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

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  outputDir: './test-results',
  use: {
    // Set by global-setup.ts, which runs before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
});
