import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sdk',
    environment: 'node',
    globals: true,
    include: ['src/**/*.test.ts'],
  },
});
