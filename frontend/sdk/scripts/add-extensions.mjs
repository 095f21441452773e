// Runs after `tsc -p tsconfig.build.json`: Node's ESM loader (and TypeScript's node16/nodenext
// resolution) needs full relative specifiers, while the generated sources import './model' and
// '../../fetcher'. Rewrites each relative specifier in dist/ to the file it names ('./x.js' or
// './x/index.js'), so the package runs in Node 20+, Deno and bundlers alike.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const specifier = /((?:from|import)\s*\(?\s*')(\.{1,2}\/[^']*)(')/g;
let changed = 0;
for (const file of files(dist).filter((f) => /\.(js|d\.ts)$/.test(f))) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(specifier, (whole, before, path, after) => {
    if (/\.(js|json)$/.test(path)) return whole;
    const target = resolve(dirname(file), path);
    if (existsSync(`${target}.js`)) return `${before}${path}.js${after}`;
    if (existsSync(join(target, 'index.js'))) return `${before}${path}/index.js${after}`;
    throw new Error(`${file}: cannot resolve ${path}`);
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed += 1;
  }
}
console.log(`add-extensions: ${changed} files in dist/ rewritten`);
