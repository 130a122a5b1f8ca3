/**
 * Which parts are shown: isolate, show, hide and show all over the part tree, reporting each
 * node whose visibility changed. A node with children is visible when any child is visible (or,
 * for a node that also carries geometry, when it is shown itself).
 */
import { withDescendants } from '../load/partTree';
import type { PartTree } from '../types';

export class PartVisibility {
  /** Per part index (see partIndex), 1 when shown. */
  readonly visible: Uint8Array;
  private readonly shown = new Map<string, boolean>();
  private readonly reported = new Map<string, boolean>();
  private readonly postOrder: string[] = [];

  constructor(
    private readonly tree: PartTree,
    /** Node id -> index of the part carrying its geometry. */
    private readonly partIndex: ReadonlyMap<string, number>,
  ) {
    this.visible = new Uint8Array(partIndex.size).fill(1);
    const visit = (id: string) => {
      for (const child of tree.nodes[id].children) visit(child);
      this.postOrder.push(id);
    };
    for (const root of tree.roots) visit(root);
    for (const id of this.postOrder) {
      this.shown.set(id, true);
      this.reported.set(id, true);
    }
  }

  isVisible(id: string): boolean {
    return this.reported.get(id) ?? false;
  }

  /** The parts that carry geometry, split into shown and hidden (tree order). */
  parts(): { shown: string[]; hidden: string[] } {
    const shown: string[] = [];
    const hidden: string[] = [];
    for (const [id, index] of this.partIndex) (this.visible[index] ? shown : hidden).push(id);
    return { shown, hidden };
  }

  /** Shows only these nodes, with their descendants unless `descendants` is false (then a listed node keeps only its own geometry). */
  isolate(ids: readonly string[], descendants = true): Array<{ id: string; isVisible: boolean }> {
    const keep = descendants ? withDescendants(this.tree, ids) : new Set(ids);
    for (const id of this.postOrder) this.shown.set(id, keep.has(id));
    return this.update();
  }

  show(ids: readonly string[]): Array<{ id: string; isVisible: boolean }> {
    for (const id of withDescendants(this.tree, ids)) this.shown.set(id, true);
    return this.update();
  }

  hide(ids: readonly string[]): Array<{ id: string; isVisible: boolean }> {
    for (const id of withDescendants(this.tree, ids)) this.shown.set(id, false);
    return this.update();
  }

  showAll(): Array<{ id: string; isVisible: boolean }> {
    for (const id of this.postOrder) this.shown.set(id, true);
    return this.update();
  }

  private update(): Array<{ id: string; isVisible: boolean }> {
    const changes: Array<{ id: string; isVisible: boolean }> = [];
    const now = new Map<string, boolean>();
    for (const id of this.postOrder) {
      const node = this.tree.nodes[id];
      const self = this.shown.get(id) ?? false;
      const part = this.partIndex.get(id);
      if (part !== undefined) this.visible[part] = self ? 1 : 0;
      const visible = node.children.length > 0 ? node.children.some((c) => now.get(c)) || (part !== undefined && self) : self;
      now.set(id, visible);
      if (this.reported.get(id) !== visible) {
        this.reported.set(id, visible);
        changes.push({ id, isVisible: visible });
      }
    }
    return changes;
  }
}
