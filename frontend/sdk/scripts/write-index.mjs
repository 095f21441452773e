// Runs after orval (hooks.afterAllFilesWrite): writes the barrel files for src/generated/,
// so the entry points keep working whatever tags the server's OpenAPI document uses.
//   index.ts  the model and the framework-free fetch functions (src/generated/client/)
//   react.ts  what only the react-query output has: hooks, query keys and options, result types
//   zod/index.ts  the zod schemas
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

/** The names a generated file exports, split into values and types. */
function exportsOf(file) {
  const values = new Set();
  const types = new Set();
  for (const [, kind, name] of readFileSync(file, 'utf8').matchAll(
    /^export (const|function|async function|type|interface) (\w+)/gm,
  )) {
    (kind === 'type' || kind === 'interface' ? types : values).add(name);
  }
  return { values, types };
}

const clientTags = tagFiles(join(root, 'client'), '.ts');
const reactTags = tagFiles(join(root, 'endpoints'), '.ts');

writeFileSync(
  join(root, 'index.ts'),
  header + "export * from './model';\n" + clientTags.map((tag) => `export * from './client/${tag}/${tag}';\n`).join(''),
);

const inClient = new Set(
  clientTags.flatMap((tag) => {
    const { values, types } = exportsOf(join(root, 'client', tag, `${tag}.ts`));
    return [...values, ...types];
  }),
);
const list = (names) => [...names].filter((name) => !inClient.has(name)).sort();
writeFileSync(
  join(root, 'react.ts'),
  header +
    reactTags
      .map((tag) => {
        const { values, types } = exportsOf(join(root, 'endpoints', tag, `${tag}.ts`));
        const from = `'./endpoints/${tag}/${tag}'`;
        const lines = [];
        if (list(values).length) lines.push(`export { ${list(values).join(', ')} } from ${from};\n`);
        if (list(types).length) lines.push(`export type { ${list(types).join(', ')} } from ${from};\n`);
        return lines.join('');
      })
      .join(''),
);

const zod = tagFiles(join(root, 'zod'), '.zod.ts');
writeFileSync(
  join(root, 'zod', 'index.ts'),
  header + (zod.map((tag) => `export * from './${tag}/${tag}.zod';\n`).join('') || 'export {};\n'),
);
