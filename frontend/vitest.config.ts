import { defineConfig } from 'vitest/config';

// One vitest run for the whole frontend: each workspace keeps its own settings.
export default defineConfig({
  test: {
    projects: ['sdk/vitest.config.ts', 'web/vite.config.ts', 'widget/vite.config.ts'],
  },
});
