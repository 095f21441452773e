import { defineConfig } from '@playwright/test';
import base, { chromiumLaunchOptions } from './playwright.config';

// The slow browser suites (`npm run e2e:slow`, `just test-slow`): the axe sweep
// of every screen as every kind of person at two widths, keyboard-only journeys, 200% zoom and
// Lighthouse. Not part of `npm run e2e` / `just test`. Same server harness: `slow/global-setup.ts`
// runs the ordinary global setup (fresh SQLite database, demo seed, mail sink, OIDC stand-in) and
// then adds the people and content the screens need.
export default defineConfig({
  ...base,
  testDir: './slow',
  globalSetup: './slow/global-setup.ts',
  timeout: 240_000,
  // Two browsers at a time for the screens (the sweep's tests and the journeys are independent);
  // Lighthouse runs after them, alone, as their teardown project (a teardown runs whether or not
  // they passed), so its performance figures are not measured beside another browser.
  workers: 2,
  projects: [
    { name: 'screens', testIgnore: /lighthouse\.spec\.ts/, fullyParallel: true, teardown: 'lighthouse' },
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts/ },
  ],
  expect: { timeout: 10_000 },
  use: {
    ...base.use,
    // A control that never appears fails the step in 15 s instead of holding the test to its end.
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      ...chromiumLaunchOptions,
      // Traffic stays on this machine: any host name but 127.0.0.1 fails to resolve (a video
      // embed's frame, say), so no test can reach another address even by accident.
      args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
});
