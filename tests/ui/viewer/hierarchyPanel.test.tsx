// @vitest-environment jsdom
/** The part tree: expand/collapse, selection, search count, Enter to the current/next result, 10,000 parts. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartNode, PartTree } from '../../../src/machines/viewer/viewerTypes';
import { HierarchyPanel } from '../../../src/ui/viewer/panels/HierarchyPanel';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const node = (id: string, name: string, parent: string | null, children: string[] = []): PartNode => ({
  id,
  name,
  rawName: name,
  children,
  parent,
  size: null,
  additionalInfo: null,
  isVisible: true,
});

const tree: PartTree = {
  roots: ['a'],
  nodes: {
    a: node('a', 'Base cabinet', null, ['b', 'c', 'd']),
    b: node('b', 'Door left', 'a'),
    c: node('c', 'Shelf', 'a'),
    d: node('d', 'Drawer', 'a', ['e']),
    e: node('e', 'Door right', 'd'),
  },
};

function Harness({ tree: t, onSelect }: { tree: PartTree; onSelect?: (id: string) => void }) {
  const [selectedId, setSelected] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  return (
    <HierarchyPanel
      tree={t}
      selectedId={selectedId}
      onSelect={(id) => {
        setSelected(id);
        onSelect?.(id);
      }}
      searchText={searchText}
      onSearchTextChange={setSearchText}
    />
  );
}

const selectedName = () => screen.getAllByRole('treeitem').find((row) => row.getAttribute('aria-selected') === 'true')?.textContent;

describe('hierarchy panel', () => {
  it('shows roots and their children, expands and collapses a branch', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithLocale(<Harness tree={tree} />);
    expect(screen.getByText('Door left')).toBeTruthy();
    expect(screen.queryByText('Door right')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand Drawer' }));
    expect(screen.getByText('Door right')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse Drawer' }));
    expect(screen.queryByText('Door right')).toBeNull();
  });

  it('selects a part on click and highlights it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSelect = vi.fn();
    renderWithLocale(<Harness tree={tree} onSelect={onSelect} />);
    await user.click(screen.getByText('Shelf'));
    expect(onSelect).toHaveBeenCalledWith('c');
    expect(selectedName()).toBe('Shelf');
  });

  it('counts results, says when nothing matches, and Enter goes to the current then the next result', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithLocale(<Harness tree={tree} />);
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    expect(screen.getByText('Names and materials; separate several searches with a comma or OR')).toBeTruthy();
    await user.type(box, 'nothing');
    expect(screen.getByText('No matching part')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'door');
    expect(screen.getByText('2 matching parts')).toBeTruthy();
    await user.type(box, '{Enter}');
    expect(selectedName()).toBe('Door left');
    await user.type(box, '{Enter}');
    // The second result sits in a collapsed branch: it opens.
    expect(selectedName()).toBe('Door right');
    await user.type(box, '{Enter}');
    expect(selectedName()).toBe('Door left');
  });

  it('opens the branches holding the matches of a search, and shows no row when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithLocale(<Harness tree={tree} />);
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    const rowNames = () => screen.queryAllByRole('treeitem').map((row) => row.textContent);
    await user.type(box, 'door right');
    expect(screen.getByText('1 matching part')).toBeTruthy();
    // The match sits in the collapsed Drawer: its branch is open, the match shows.
    expect(rowNames()).toEqual(['Base cabinet', 'Door left', 'Shelf', 'Drawer', 'Door right']);
    // The user may still close it during the search.
    await user.click(screen.getByRole('button', { name: 'Collapse Drawer' }));
    expect(screen.queryByText('Door right')).toBeNull();
    await user.clear(box);
    await user.type(box, 'nothing');
    expect(screen.getByText('No matching part')).toBeTruthy();
    expect(rowNames()).toEqual([]);
    // Without a search the tree is as the user left it: the Drawer closed again.
    await user.clear(box);
    expect(rowNames()).toEqual(['Base cabinet', 'Door left', 'Shelf', 'Drawer']);
  });

  it('finds parts by material, and a row found so names its material', async () => {
    const user = userEvent.setup({ delay: null });
    const t: PartTree = {
      roots: ['a'],
      nodes: {
        a: node('a', 'Base cabinet', null, ['b', 'c']),
        b: { ...node('b', 'Back', 'a'), additionalInfo: 'HDF' },
        c: { ...node('c', 'Door', 'a'), additionalInfo: 'Oak veneer' },
      },
    };
    renderWithLocale(<Harness tree={t} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'oak veneer');
    expect(screen.getByText('1 matching part')).toBeTruthy();
    expect(screen.getAllByRole('treeitem').map((row) => row.textContent)).toEqual(['Base cabinet', 'Back', 'Door · Oak veneer']);
  });

  it('renders only the rows in view of a 10,000-part tree', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `p${i}`);
    const big: PartTree = {
      roots: ['root'],
      nodes: Object.fromEntries([['root', node('root', 'Root', null, ids)], ...ids.map((id, i) => [id, node(id, `Panel ${i}`, 'root')])]),
    };
    renderWithLocale(<Harness tree={big} />);
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(100);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Panel 9999' } });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    expect(selectedName()).toBe('Panel 9999');
  });
});

describe('hierarchy panel visibility', () => {
  it('shows eyes when asked, and keeps open branches when the tree changes visibility', async () => {
    const user = userEvent.setup({ delay: null });
    const toggles: Array<[string, boolean]> = [];
    function VisibilityHarness() {
      const [t, setTree] = useState(tree);
      return (
        <HierarchyPanel
          tree={t}
          selectedId={null}
          onSelect={() => {}}
          searchText=""
          onSearchTextChange={() => {}}
          onToggleVisibility={(id, isVisible) => {
            toggles.push([id, isVisible]);
            setTree((current) => ({ ...current, nodes: { ...current.nodes, [id]: { ...current.nodes[id], isVisible } } }));
          }}
        />
      );
    }
    renderWithLocale(<VisibilityHarness />);
    await user.click(screen.getByRole('button', { name: 'Expand Drawer' }));
    await user.click(screen.getByRole('button', { name: 'Hide Door right' }));
    expect(toggles).toEqual([['e', false]]);
    expect(screen.getByRole('button', { name: 'Show Door right' })).toBeTruthy();
  });
});
