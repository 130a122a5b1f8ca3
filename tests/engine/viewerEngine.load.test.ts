import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssemblyNode } from '../../samples/assembly';
import { boundsOf } from '../../samples/generate';
import { parsePartName } from '../../src/model/parts/partName';
import type { LoadProgress, PartTree } from '../../src/engine/types';
import { generated, nullEngineViewer, serveGlb } from './engineHarness';

afterEach(() => vi.unstubAllGlobals());

/** Walks the assembly and the reported tree side by side. */
function compare(node: AssemblyNode, tree: PartTree, id: string, parent: string | null): number {
  const reported = tree.nodes[id];
  expect(reported.rawName).toBe(node.name);
  expect(reported.parent).toBe(parent);
  expect(reported.isVisible).toBe(true);
  const parsed = parsePartName(node.name, node.children.length > 0 ? 'cabinet' : 'panel');
  expect(reported.name).toBe(parsed.displayName);
  expect(reported.size).toEqual(parsed.size ?? null);
  expect(reported.additionalInfo).toBe(parsed.extraInfo ?? null);
  expect(reported.children).toHaveLength(node.children.length);
  let count = node.box ? 1 : 0;
  node.children.forEach((child, i) => (count += compare(child, tree, reported.children[i], id)));
  return count;
}

describe('loading a generated assembly', () => {
  it('reports the part tree with names, sizes and extra info, and the model bounds', async () => {
    const { assembly, glb } = await generated(300);
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    const info = await viewer.load('https://models.test/kitchen.glb');
    expect(info.tree.roots).toHaveLength(1);
    const parts = compare(assembly.root, info.tree, info.tree.roots[0], null);
    expect(parts).toBe(300);
    expect(info.partCount).toBe(300);

    // A panel: length x thickness x width; a cabinet: height x depth x width.
    const root = info.tree.nodes[info.tree.roots[0]];
    const cabinet = info.tree.nodes[root.children[0]];
    expect(cabinet.size?.labels).toEqual(['height', 'depth', 'width']);
    expect(info.tree.nodes[cabinet.children[0]].size).toMatchObject({ unit: 'mm', values: [720, 18, 560], labels: ['length', 'thickness', 'width'] });

    const [min, max] = boundsOf([assembly.root]);
    for (let k = 0; k < 3; k++) {
      expect(info.bounds.min[k]).toBeCloseTo(min[k] / 1000, 4);
      expect(info.bounds.max[k]).toBeCloseTo(max[k] / 1000, 4);
    }
    expect(viewer.getModel()).toBe(info);
    viewer.dispose();
  });

  it('reports byte progress, then resources, then render modes, each from 0 to 1', async () => {
    const { glb } = await generated(300);
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    const events: LoadProgress[] = [];
    viewer.onProgress.subscribe((p) => events.push(p));
    await viewer.load('https://models.test/kitchen.glb');
    const phases = events.map((e) => e.phase);
    expect(phases.indexOf('resources')).toBeGreaterThan(phases.lastIndexOf('model'));
    expect(phases.indexOf('renderModes')).toBeGreaterThan(phases.lastIndexOf('resources'));
    for (const phase of ['model', 'resources', 'renderModes'] as const) {
      const values = events.filter((e) => e.phase === phase).map((e) => e.progress);
      expect(values[0]).toBe(0);
      expect(values[values.length - 1]).toBe(1);
      expect([...values].sort((a, b) => a - b)).toEqual(values);
    }
    const overall = events.map((e) => e.overall);
    expect([...overall].sort((a, b) => a - b)).toEqual(overall);
    expect(overall[overall.length - 1]).toBe(1);
    const lastModel = events.filter((e) => e.phase === 'model').pop();
    expect(lastModel?.loadedBytes).toBe(glb.byteLength);
    expect(lastModel?.totalBytes).toBe(glb.byteLength);
    viewer.dispose();
  });

  it('rejects with an AbortError when the signal aborts, and keeps no model', async () => {
    const { glb } = await generated(300);
    serveGlb(glb);
    const { viewer } = nullEngineViewer();
    const controller = new AbortController();
    const loading = viewer.load('https://models.test/kitchen.glb', { signal: controller.signal });
    controller.abort();
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    expect(viewer.getModel()).toBeNull();
    viewer.dispose();
  });

  it('fails on an HTTP error', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404, statusText: 'Not Found' }));
    const { viewer } = nullEngineViewer();
    await expect(viewer.load('https://models.test/missing.glb')).rejects.toThrow(/404/);
    viewer.dispose();
  });
});
