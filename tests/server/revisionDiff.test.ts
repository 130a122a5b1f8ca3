import { describe, expect, it } from 'vitest';
import { diffRevisions, partFactsOf } from '../../server/domain/revisionDiff';
import { generateAssembly } from '../../samples/generate';
import { REVISION_CHANGES, reviseAssembly } from '../../samples/revise';
import { assemblyToGlb } from '../../samples/toGlb';
import { namedTreeOfGlb } from '../../src/model/parts/gltfPartTree';

function jsonOf(glb: Uint8Array): unknown {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

describe('revision comparison', () => {
  it('finds exactly the parts a revision added, removed and changed, with the kind of change', async () => {
    const first = generateAssembly({ parts: 60, seed: 3 });
    const older = jsonOf(await assemblyToGlb(first));
    const newer = jsonOf(await assemblyToGlb(reviseAssembly(first)));
    const diff = diffRevisions(older, newer);
    expect({ added: diff.counts.added, removed: diff.counts.removed, changed: diff.counts.changed }).toEqual(REVISION_CHANGES);
    expect(diff.counts.added + diff.counts.changed + diff.counts.unchanged).toBe(partFactsOf(newer).size);
    const byStatus = Object.fromEntries(diff.parts.map((p) => [p.status, p]));
    expect(byStatus.added?.path.at(-1)).toBe('Added shelf');
    expect(byStatus.removed?.path.at(-1)).toBe('Leg');
    expect(byStatus.removed?.partId).toBeNull();
    expect(byStatus.changed?.path.at(-1)).toBe('Left side');
    // Paths are the display names from the root, as the tree shows them.
    expect(byStatus.changed?.path).toEqual(['Kitchen', 'Wall cabinet 1', 'Left side']);
    expect(byStatus.changed?.changes).toEqual(['dimensions', 'geometry']);
    // Ids are the newer model's node indices, which the viewer's part ids are.
    const tree = namedTreeOfGlb(await assemblyToGlb(reviseAssembly(first)))!;
    expect(tree.nodes[byStatus.added!.partId!]?.rawName).toMatch(/^Added shelf\+/);
  });

  it('the same model compares as unchanged; names alone tell extra info apart; same-named siblings match in order', () => {
    const gltf = (names: string[]) => ({ scenes: [{ nodes: [0] }], nodes: [{ name: 'Cabinet+720x560x600mm|Run A', children: names.map((_, i) => i + 1) }, ...names.map((name) => ({ name }))] });
    const same = diffRevisions(gltf(['Shelf+500x19x300mm|Oak', 'Shelf+500x19x300mm|Oak']), gltf(['Shelf+500x19x300mm|Oak', 'Shelf+500x19x300mm|Oak']));
    expect(same).toEqual({ counts: { added: 0, removed: 0, changed: 0, unchanged: 3 }, parts: [] });
    const infoChanged = diffRevisions(gltf(['Shelf+500x19x300mm|Oak', 'Shelf+500x19x300mm|Oak']), gltf(['Shelf+500x19x300mm|Oak', 'Shelf+500x19x300mm|Walnut', 'Shelf+500x19x300mm|Oak']));
    expect(infoChanged.counts).toEqual({ added: 1, removed: 0, changed: 1, unchanged: 2 });
    expect(infoChanged.parts.map((p) => [p.status, p.partId, p.changes])).toEqual([
      ['changed', '2', ['info']],
      ['added', '3', []],
    ]);
    // Unreadable input is an empty model, not a crash.
    expect(diffRevisions(null, 'x').counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 0 });
  });

  it('cabinets added to a job: the job and its runs are unchanged, only the new cabinets and their parts are added', () => {
    // A job whose name carries its overall size, as cabinet software writes it: 2 then 3 cabinets.
    const job = (cabinets: number) => {
      const nodes: Array<{ name: string; children?: number[] }> = [{ name: `Job+2170x600x${cabinets * 600}mm|Apartment 1`, children: [] }];
      for (let c = 0; c < cabinets; c++) {
        const cabinet = nodes.length;
        nodes[0].children!.push(cabinet);
        nodes.push({ name: `Base cabinet ${c + 1}+720x560x600mm`, children: [cabinet + 1, cabinet + 2] });
        nodes.push({ name: 'Left side+720x18x560mm|White' }, { name: 'Right side+720x18x560mm|White' });
      }
      return { scenes: [{ nodes: [0] }], nodes };
    };
    const diff = diffRevisions(job(2), job(3));
    expect(diff.counts).toEqual({ added: 3, removed: 0, changed: 0, unchanged: 7 });
    expect(diff.parts.map((p) => p.path.join(' / '))).toEqual(['Job / Base cabinet 3', 'Job / Base cabinet 3 / Left side', 'Job / Base cabinet 3 / Right side']);
    // A panel's own dimensions still count.
    const resized = job(2);
    resized.nodes[2].name = 'Left side+700x18x560mm|White';
    expect(diffRevisions(job(2), resized).parts.map((p) => [p.path.at(-1), p.changes])).toEqual([['Left side', ['dimensions']]]);
  });
});
