/**
 * A later revision of a generated kitchen that differs by known parts, for the revision
 * comparison's tests: in the first cabinet the last leaf part is removed and a shelf is added,
 * and in the second cabinet the first panel (its left side) gets 50 mm longer (its dimensions and
 * geometry change). The root keeps its name, so the changes are exactly those three parts.
 */
import type { Assembly, AssemblyNode } from './assembly.js';
import { encodeName, formatDimensions } from './dimensionText.js';

export const REVISION_CHANGES = { added: 1, removed: 1, changed: 1 } as const;

function leaves(node: AssemblyNode): AssemblyNode[] {
  return node.box ? [node] : node.children.flatMap(leaves);
}

export function reviseAssembly(original: Assembly): Assembly {
  const assembly = structuredClone(original);
  const [first, second] = assembly.root.children;
  if (!first || !second) throw new Error('reviseAssembly needs a kitchen of at least two cabinets');

  const removed = first.children.findLastIndex((child) => child.box !== undefined);
  const template = first.children[removed];
  if (!template?.box) throw new Error('the first cabinet has no leaf part');
  first.children.splice(removed, 1);
  first.children.push({
    name: encodeName('Added shelf', formatDimensions([template.box.size[0], 19, 300], 'mm'), 'Revision test'),
    box: { size: [template.box.size[0], 19, 300], origin: [template.box.origin[0], template.box.origin[1] + 5, template.box.origin[2]] },
    material: template.material,
    children: [],
  });

  const longer = leaves(second)[0];
  if (!longer?.box) throw new Error('the second cabinet has no leaf part');
  longer.box.size = [longer.box.size[0], longer.box.size[1] + 50, longer.box.size[2]];
  const [display, rest = ''] = longer.name.split('+');
  const extra = rest.includes('|') ? rest.slice(rest.indexOf('|') + 1) : '';
  // Written as the cabinet writer writes a panel: length x thickness x width.
  const sorted = [...longer.box.size].sort((a, b) => b - a);
  longer.name = encodeName(display ?? 'Part', formatDimensions([sorted[0]!, sorted[2]!, sorted[1]!], 'mm'), extra);
  assembly.partCount = original.partCount;
  return assembly;
}
