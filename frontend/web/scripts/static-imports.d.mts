export function staticImports(
  key: string,
  importsOf: (key: string) => readonly string[],
  seen?: Set<string>,
): Set<string>;
