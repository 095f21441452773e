/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { staticImports } from './scripts/static-imports.mjs';

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
    // The screen tests drive the whole app in jsdom with userEvent (lazy chunks, dialogs, typed
    // forms): on two cores with both workers busy a long journey takes 3-6 s, past vitest's 5 s.
    testTimeout: 15_000,
  },
});

/**
 * The app's script (`src/main.tsx`) is preloaded by index.html and started by `src/boot.ts` once
 * the page has painted: its `<script>` becomes a `<link rel="modulepreload" data-app>`, and
 * `boot.ts` (a second entry with no imports) takes its place.
 *
 * React DOM's renderer, which the app's script imports as it starts (so that it is evaluated in a
 * task of its own, `src/main.tsx`), is preloaded beside it, with the chunks it imports.
 *
 * Home's chunk and the chunks it imports that the app's script does not are listed too, as
 * `<link rel="modulepreload" ... data-signed-in-home>`, and the story browser's as
 * `data-signed-in-stories`: the server keeps them only in the page it paints for a member (`/` and
 * `/stories` with a session cookie, `app-server/src/pages/head.rs`), where they load beside the app's
 * script instead of after it and after `/api/user` (docs/benchmarks.md, "Phones"). The story page's
 * are listed as `data-story-page`, which the server keeps in a story's page.
 */
function startAfterPaint(): Plugin {
  return {
    name: 'start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/src/boot.ts'));
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/features/home/home-page.tsx'));
        const stories = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/features/browse/stories-page.tsx'));
        const story = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/story-page/story-detail-page.tsx'),
        );
        const renderer = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/react-dom/client.js'));
        const app = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!boot || !home || !stories || !story || !renderer || !app) {
          throw new Error(
            'start-after-paint: no boot, Home, story browser, story page or renderer chunk, or no app script in index.html',
          );
        }
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const importsOf = (file: string) => byFile.get(file)?.imports ?? [];
        const withApp = staticImports(app[1].replace(/^\//, ''), importsOf);
        // What the app's script preloads already (Vite lists its static imports in index.html).
        const listed = new Set(withApp);
        const forRenderer = [...staticImports(renderer.fileName, importsOf, listed)].filter(
          (file) => !withApp.has(file),
        );
        for (const file of forRenderer) withApp.add(file);
        /** A page's chunk and the chunks it imports that the app's script does not. */
        const forPage = (file: string) =>
          [...staticImports(file, importsOf, new Set(withApp))].filter((imported) => !withApp.has(imported));
        return html.replace(
          app[0],
          [
            `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
            `<link rel="modulepreload" crossorigin href="${app[1]}" data-app>`,
            ...forRenderer.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...forPage(home.fileName).map(
              (file) => `<link rel="modulepreload" crossorigin href="/${file}" data-signed-in-home>`,
            ),
            ...forPage(stories.fileName).map(
              (file) => `<link rel="modulepreload" crossorigin href="/${file}" data-signed-in-stories>`,
            ),
            ...forPage(story.fileName).map(
              (file) => `<link rel="modulepreload" crossorigin href="/${file}" data-story-page>`,
            ),
          ].join('\n    '),
        );
      },
    },
  };
}
