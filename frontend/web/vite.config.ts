/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss(), startAfterPaint()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // The SDK of this workspace from its TypeScript source, not its built dist/.
    conditions: ['@grace-stories/source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // For scripts/bundle-budget.mjs (the server does not embed `.vite/`).
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});

/**
 * The app's script (`src/main.tsx`) is preloaded by index.html and started by `src/boot.ts` once
 * the page has painted: its `<script>` becomes a `<link rel="modulepreload" data-app>`, and
 * `boot.ts` (a second entry with no imports) takes its place.
 */
function startAfterPaint(): Plugin {
  return {
    name: 'start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/src/boot.ts'),
        );
        const app = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!boot || !app) throw new Error('start-after-paint: no boot chunk or no app script in index.html');
        return html.replace(
          app[0],
          `<script type="module" crossorigin src="/${boot.fileName}"></script>\n    ` +
            `<link rel="modulepreload" crossorigin href="${app[1]}" data-app>`,
        );
      },
    },
  };
}
