// Flat config for sdk/, web/, widget/ and e2e/. Syntax-only typescript-eslint rules keep it fast.
import path from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = path.resolve(import.meta.dirname, 'web/src/features');

function featureOf(file) {
  const relative = path.relative(FEATURES_DIR, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** A feature folder never imports another feature; app/ composes them. */
const featureBoundaries = {
  meta: { type: 'problem', messages: { crossFeature: "Feature '{{from}}' must not import feature '{{to}}'." } },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('@/features/')) target = source.split('/')[2] ?? null;
      else if (source.startsWith('.')) target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (target && target !== from) {
        context.report({ node, messageId: 'crossFeature', data: { from, to: target } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'sdk/src/generated/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // TanStack Query's own rules (stable query keys, no rest destructuring of results, ...).
  ...pluginQuery.configs['flat/recommended'],
  {
    // The paged-list hooks return the whole query result beside their own fields on purpose:
    // their callers read most of it (status, fetchNextPage, isFetchingNextPage, refetch).
    rules: { '@tanstack/query/no-rest-destructuring': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'sdk/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/feature-boundaries': 'error',
    },
  },
  {
    // Dates, times and counts are written by web/src/lib/format.ts, by hand: a phone spends 60 to
    // 120 ms setting up the first Intl format (and toLocaleString sets one up on every call) while
    // the page renders (docs/benchmarks.md, "Phones"). Tests compare format.ts with Intl. (The
    // widget, on other sites' pages, writes dates in its reader's own language.)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: 'Use web/src/lib/format.ts (see its header).' }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use web/src/lib/format.ts (see its header).',
        })),
      ],
    },
  },
  {
    // Static accessibility checks of the JSX (es-tooling's maintained fork of eslint-plugin-jsx-a11y,
    // which supports ESLint 10). The browser runs check the rendered pages with axe besides.
    files: ['web/src/**/*.{ts,tsx}', 'widget/src/**/*.ts'],
    ...jsxA11y.configs.recommended,
    settings: {
      // The shadcn-style primitives render these elements, so the rules check them as such.
      'jsx-a11y-x': { components: { Button: 'button', Input: 'input', Textarea: 'textarea', Label: 'label' } },
    },
  },
  {
    files: ['e2e/**/*.{ts,mjs}', '**/*.config.{ts,js}', 'sdk/scripts/**/*.mjs', 'web/scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
