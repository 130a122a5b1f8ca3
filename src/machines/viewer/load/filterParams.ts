/**
 * The viewer's query parameters (SPEC §2): `filter` (repeatable), `noMoveCamera`, `noFlash`.
 *
 * Each `filter` value is one step. A value starting with `+` adds its part to the previous
 * step's set: `?filter=A&filter=+B` gives step 1 {A} and step 2 {A, B}. One step isolates its
 * parts; several steps start notice mode.
 *
 * Matching decision: a value names parts by their display name OR their encoded (raw) name,
 * compared whole, trimmed and case-insensitive; every node with that name belongs to the step
 * (a cabinet often holds several identical panels). One value is one name: names may contain
 * commas (decimal commas in dimensions), so values are never split.
 *
 * A flag is on when present, unless its value is `false` or `0` (`?noFlash`, `?noFlash=1`).
 *
 * `part` (added for the part labels of the workshop page) selects one part, named like a filter
 * value (display or encoded name): the first such part within the first step's parts (so
 * `?filter=Base 1&part=Left side+720x18x560mm|Melamine` shows the cabinet with that side selected
 * and highlighted), or anywhere in the model without a filter.
 */
import * as z from 'zod/mini';
import type { PartTree } from '../viewerTypes';

export interface ViewerParams {
  /** Part names per step, the `+` values already merged with the previous step. */
  steps: string[][];
  /** `none` without filter, `isolate` with one step, `notice` with several. */
  mode: 'none' | 'isolate' | 'notice';
  noMoveCamera: boolean;
  noFlash: boolean;
  /** A part to select once the model is shown; null when absent. */
  part: string | null;
}

const flagSchema = z.pipe(
  z.nullable(z.string()),
  z.transform((value: string | null) => value !== null && !['false', '0'].includes(value.trim().toLowerCase())),
);

const rawParamsSchema = z.object({
  filter: z.array(z.string()),
  noMoveCamera: flagSchema,
  noFlash: flagSchema,
});

/**
 * The `filter` values with `+` kept literal: `?filter=+B` means "add B" (URLSearchParams would
 * read the `+` as a space). `%2B` works too; a value that is not valid percent-encoding is kept raw.
 */
function filterValues(search: string): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair.split('=')[0] === 'filter')
    .map((pair) => {
      const value = pair.slice('filter='.length);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    });
}

/** Parses a URL search string (`?filter=A&filter=+B&noFlash`). */
export function parseViewerParams(search: string): ViewerParams {
  const params = new URLSearchParams(search);
  const raw = rawParamsSchema.parse({
    filter: filterValues(search),
    noMoveCamera: params.get('noMoveCamera'),
    noFlash: params.get('noFlash'),
  });
  const steps: string[][] = [];
  for (const value of raw.filter) {
    const adds = value.startsWith('+');
    const name = (adds ? value.slice(1) : value).trim();
    if (name === '') continue;
    const base = adds ? (steps.at(-1) ?? []) : [];
    steps.push(base.includes(name) ? [...base] : [...base, name]);
  }
  const mode = steps.length === 0 ? 'none' : steps.length === 1 ? 'isolate' : 'notice';
  const part = params.get('part')?.trim() || null;
  return { steps, mode, noMoveCamera: raw.noMoveCamera, noFlash: raw.noFlash, part };
}

/** Node ids whose display or raw name equals one of the names (case-insensitive), in id order of the tree's records. */
function idsForNames(tree: PartTree, names: readonly string[]): string[] {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  return Object.values(tree.nodes)
    .filter((node) => wanted.has(node.name.trim().toLowerCase()) || wanted.has(node.rawName.trim().toLowerCase()))
    .map((node) => node.id);
}

/** The steps as node ids; steps that match no part are kept empty, so step numbers stay those of the URL. */
export function resolveSteps(tree: PartTree, steps: readonly string[][]): string[][] {
  return steps.map((names) => idsForNames(tree, names));
}

/**
 * The node `part` names (display or encoded name, case aside) among the parts of `scope` and
 * their descendants (the whole model when `scope` is null), in tree order; null when none does.
 */
export function partToSelect(tree: PartTree, scope: readonly string[] | null, part: string): string | null {
  const wanted = part.trim().toLowerCase();
  const stack = [...(scope ?? tree.roots)].reverse();
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = tree.nodes[id];
    if (!node || seen.has(id)) continue;
    seen.add(id);
    if (node.name.trim().toLowerCase() === wanted || node.rawName.trim().toLowerCase() === wanted) return id;
    stack.push(...[...node.children].reverse());
  }
  return null;
}

/** The search string without any `filter` (a click in the tree ends the filter); `''` when nothing is left. */
export function stripFilter(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('filter');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
