/**
 * What a module reaches statically when a library's barrel (one file that re-exports every
 * component) leads only to the modules providing the names our code takes from it. Bundlers
 * tree-shake the rest away, but a module graph's edges go through the whole barrel: grouping
 * "everything the app reaches" would otherwise take every component of the library, those only
 * other screens use included (vite.config.ts, `appChunk`).
 */
import { existsSync, readFileSync } from 'node:fs';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export interface Barrel {
  /** The package name our code imports, e.g. `@headlessui/react`. */
  specifier: string;
  /** The barrel file's module id, as the bundler resolves the package. */
  file: RegExp;
}

/** The value names a source file imports from `specifier` (`import { A, B as C } from '...'`; type-only imports left out). */
export function importedNames(source: string, specifier: string): string[] {
  const names: string[] = [];
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** The names a built library module exports (`export { a as Dialog, Panel }`, `export function X`, `export const X`). */
export function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.push(name);
    }
  }
  for (const match of source.matchAll(/export\s+(?:function\*?|const|let|var|class)\s+([\w$]+)/g)) names.push(match[1]);
  return names;
}

function readSource(id: string): string {
  const file = id.split('?')[0];
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/**
 * Every module `root` imports statically, itself included, entering `barrel` only towards the
 * modules that export a name one of our own reached modules imports from it.
 */
export function reachThroughBarrel(graph: ModuleGraph, root: string, barrel: Barrel): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  let barrelId: string | null = null;
  const walk = (stack: string[]) => {
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      if (barrel.file.test(next)) {
        barrelId = next;
        continue;
      }
      seen.add(next);
      if (!/[\\/]node_modules[\\/]/.test(next)) for (const name of importedNames(readSource(next), barrel.specifier)) names.add(name);
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
  };
  walk([root]);
  if (barrelId === null) return seen;
  const providers = (graph.getModuleInfo(barrelId)?.importedIds ?? []).filter((id) => exportedNames(readSource(id)).some((name) => names.has(name)));
  walk(providers);
  return seen;
}
