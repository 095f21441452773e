// Runs after orval (hooks.afterAllFilesWrite): writes the barrel files for src/generated/,
// so src/index.ts keeps working whatever tags the server's OpenAPI document uses.
import { readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../src/generated/', import.meta.url).pathname;
const header = '// Written by scripts/write-index.mjs after `npm run generate`. Do not edit manually.\n';

function tagFiles(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, `${entry.name}${suffix}`)))
    .map((entry) => entry.name)
    .sort();
}

const endpoints = tagFiles(join(root, 'endpoints'), '.ts');
writeFileSync(
  join(root, 'index.ts'),
  header +
    "export * from './model';\n" +
    endpoints.map((tag) => `export * from './endpoints/${tag}/${tag}';\n`).join(''),
);

const zod = tagFiles(join(root, 'zod'), '.zod.ts');
writeFileSync(
  join(root, 'zod', 'index.ts'),
  header + (zod.map((tag) => `export * from './${tag}/${tag}.zod';\n`).join('') || 'export {};\n'),
);
