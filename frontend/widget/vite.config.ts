/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// One self-running script (an IIFE, no imports, no React) that the server embeds and serves at
// /widget.js. The SDK is read from its TypeScript source, like the web app does.
export default defineConfig({
  resolve: { conditions: ['@grace-stories/source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    lib: {
      entry: 'src/widget.ts',
      name: 'GraceStoriesWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
  test: {
    name: 'widget',
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.ts'],
  },
});
