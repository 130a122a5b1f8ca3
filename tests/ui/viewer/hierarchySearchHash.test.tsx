// @vitest-environment jsdom
/**
 * The hierarchy search text kept in the URL hash (SPEC §2): read when a viewer opens, and a hash
 * that is not valid percent-encoding (`#50%`, a cut UTF-8 sequence) is ignored as if absent
 * instead of failing the whole screen.
 */
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { PartTree } from '../../../src/machines/viewer/viewerTypes';
import type { HierarchyPanelProps } from '../../../src/ui/viewer/panels/HierarchyPanel';
import { useViewerContent } from '../../../src/ui/viewer/useViewerContent';
import type { ToolsActor, ViewerActor } from '../../../src/ui/viewer/viewerActors';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const tree: PartTree = {
  roots: ['a'],
  nodes: { a: { id: 'a', name: 'Door left', rawName: 'Door left', children: [], parent: null, size: null, additionalInfo: null, isVisible: true } },
};

/** Stand-ins holding only what the hook reads of the viewer and tools snapshots. */
function actors() {
  const viewer = createActor(createMachine({ context: { comments: null, hyperlinks: null, notice: null, model: { tree, partCount: 1 }, params: { steps: [] } } })).start();
  const tools = createActor(createMachine({ context: { selectedId: null, hiddenIds: [] } })).start();
  return { viewer: viewer as unknown as ViewerActor, tools: tools as unknown as ToolsActor };
}

function searchTextAt(url: string): string {
  window.history.replaceState(null, '', url);
  const { viewer, tools } = actors();
  const { result } = renderHook(() => useViewerContent(viewer, tools, { isPublicLink: true, projectName: 'Kitchen' }));
  return (result.current.hierarchyPanel as ReactElement<HierarchyPanelProps>).props.searchText;
}

describe('the hierarchy search in the URL hash', () => {
  it('is read, decoded, when the viewer opens', () => {
    expect(searchTextAt('/s/aB3dE5#door%20left')).toBe('door left');
    expect(searchTextAt('/s/aB3dE5#d%C3%A9cor')).toBe('décor');
    expect(searchTextAt('/s/aB3dE5')).toBe('');
  });

  it.each(['#50%', '#%E0%A4%A', '#%zz', '#door%'])('is ignored, as if absent, when malformed: %s', (hash) => {
    expect(searchTextAt(`/s/aB3dE5${hash}`)).toBe('');
    expect(searchTextAt(`/projects/7${hash}`)).toBe('');
  });
});
