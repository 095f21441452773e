import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run for the whole frontend: each workspace keeps its own settings.
export default defineConfig({
  test: {
    projects: ['sdk/vitest.config.ts', 'web/vite.config.ts', 'widget/vite.config.ts'],
    // Every core: vitest's default leaves one free, which on two cores runs the test files one
    // at a time (315 s for the whole run, against 189 s with both).
    maxWorkers: availableParallelism(),
  },
});
