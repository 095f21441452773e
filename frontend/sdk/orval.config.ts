import { defineConfig } from 'orval';

// Reads the server's committed OpenAPI document and writes src/generated/ (committed too).
const input = { target: '../../openapi.json', override: { transformer: './scripts/drop-extra-fields.mjs' } };

export default defineConfig({
  // Framework-free functions for `@grace-stories/sdk` (no React anywhere in its graph).
  client: {
    input,
    output: {
      mode: 'tags-split',
      client: 'fetch',
      target: 'src/generated/client',
      schemas: 'src/generated/model',
      clean: ['src/generated/client'],
      prettier: false,
      override: {
        mutator: { path: 'src/fetcher.ts', name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
  // The @tanstack/react-query hooks for `@grace-stories/sdk/react`.
  api: {
    input,
    output: {
      mode: 'tags-split',
      client: 'react-query',
      httpClient: 'fetch',
      target: 'src/generated/endpoints',
      schemas: 'src/generated/model',
      clean: true,
      prettier: false,
      override: {
        mutator: { path: 'src/fetcher.ts', name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
    hooks: { afterAllFilesWrite: 'node scripts/write-index.mjs' },
  },
  zod: {
    input,
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: 'src/generated/zod',
      fileExtension: '.zod.ts',
      clean: true,
      prettier: false,
    },
    hooks: { afterAllFilesWrite: 'node scripts/write-index.mjs' },
  },
});
