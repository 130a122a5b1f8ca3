/**
 * What a revision comparison paints, from the server's list of differences (node by node) to the
 * parts the engine colours. A tint colours a node's own geometry only: a changed name or
 * information of an assembly (a job, a run, a cabinet) is that node's change, not its parts'
 * (every added part is listed itself). Only an assembly that moved or changed shape carries its
 * parts with it: they are painted changed too.
 */
import type { RevisionChanges } from '../../../api/schemas';
import type { PartTint, PartTree } from '../../../model/viewerVocabulary';

/** What the compare engine actor applies: parts to tint, and whether only they stay visible. */
export interface CompareView {
  /** Added nodes (an added assembly's parts are listed too). */
  added: string[];
  /** Changed nodes, painted by their own geometry. */
  changed: string[];
  /** The changed nodes whose geometry or placement changed: what they hold moved with them. */
  moved: string[];
  onlyChanges: boolean;
}

export function compareViewOf(changes: RevisionChanges | null, onlyChanges: boolean): CompareView {
  const parts = changes?.parts ?? [];
  const ids = (keep: (part: (typeof parts)[number]) => boolean) => parts.flatMap((p) => (p.partId !== null && keep(p) ? [p.partId] : []));
  return {
    added: ids((p) => p.status === 'added'),
    changed: ids((p) => p.status === 'changed'),
    moved: ids((p) => p.status === 'changed' && p.changes.includes('geometry')),
    onlyChanges,
  };
}

/** The nodes whose own geometry takes each tint (the descendants of moved nodes included). */
export function paintedParts(view: CompareView, tree: PartTree | null): Record<PartTint, string[]> {
  const changed = new Set(view.changed);
  const stack = tree ? [...view.moved] : [];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const child of tree?.nodes[id]?.children ?? []) {
      if (changed.has(child)) continue;
      changed.add(child);
      stack.push(child);
    }
  }
  const added = new Set(view.added);
  return { added: [...added], changed: [...changed].filter((id) => !added.has(id)) };
}
