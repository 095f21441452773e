// What a built script needs before it runs, shared by the build (vite.config.ts: which chunks
// a signed-in Home preloads) and the bundle budget (scripts/bundle-budget.mjs: what each page
// loads first).

/**
 * `key` and every script it imports statically, recursively, by `importsOf` (a chunk's or a
 * manifest entry's `imports`); those already in `seen` (what is loaded anyway) are not
 * followed. Returns `seen` with them added.
 */
export function staticImports(key, importsOf, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of importsOf(key)) staticImports(dep, importsOf, seen);
  return seen;
}
