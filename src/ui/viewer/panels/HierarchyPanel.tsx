/**
 * The part tree (SPEC §2, §5): expand/collapse, selection highlight, optional visibility eyes,
 * and the search box (terms split on commas or OR/OU, found in names and materials; a part found
 * by its material shows it after its name). Enter in the box selects the current result, or the
 * next one when it is already selected. A search opens the branches holding its matches (the user
 * may close them again while it lasts; clearing the search gives back the tree as the user left
 * it), and a search that matches nothing shows no row, only its message. Only rows of expanded
 * branches exist, and only those in view are rendered, so 10,000 parts stay fast.
 *
 * Props:
 *   tree                 the part hierarchy reported by the engine
 *   selectedId           the selected part (null: none); its branch is expanded and scrolled to
 *   onSelect(id)         a row click or Enter in the search box (the screen also strips `filter`)
 *   searchText           the search box text (the screen keeps it in the URL hash)
 *   onSearchTextChange   every edit of the box
 *   onToggleVisibility   optional: shows an eye per row; called with the node and its new visibility
 */
import { useEffect, useMemo, useState } from 'react';
import type { PartTree } from '../../../machines/viewer/viewerTypes';
import { foundByMaterial, nextResult, searchTerms, searchTree } from '../../../machines/viewer/tools/hierarchySearch';
import { ancestorsOf, ancestorsOfAll, visibleRows } from '../../../machines/viewer/tools/treeRows';
import { useLL } from '../../app/I18nProvider';
import { ChevronRightIcon, SearchIcon } from '../../common/actionIcons';
import { EyeIcon, EyeOffIcon } from '../../common/icons';
import { fieldClass } from '../../common/controlStyles';
import { TREE_ROW_HEIGHT, useTreeWindow } from './useTreeWindow';

export interface HierarchyPanelProps {
  tree: PartTree;
  selectedId: string | null;
  onSelect(id: string): void;
  searchText: string;
  onSearchTextChange(text: string): void;
  onToggleVisibility?(id: string, isVisible: boolean): void;
}

export function HierarchyPanel({ tree, selectedId, onSelect, searchText, onSearchTextChange, onToggleVisibility }: HierarchyPanelProps) {
  const LL = useLL();
  // What the user opened; a search opens more while it lasts (`open`), without changing this.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(tree.roots));
  const results = useMemo(() => searchTree(tree, searchText), [tree, searchText]);
  const resultSet = useMemo(() => new Set(results), [results]);
  const searching = searchTerms(searchText).length > 0;
  const rootsKey = tree.roots.join('\u0000');
  // Branches the search opened and the user closed again, for this search of this model only.
  const searchKey = `${rootsKey}\u0001${searchText}`;
  const [closedInSearch, setClosedInSearch] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: searchKey, ids: new Set() });
  const closed = closedInSearch.key === searchKey ? closedInSearch.ids : null;
  const open = useMemo(() => {
    if (!searching || results.length === 0) return expanded;
    const merged = new Set(expanded);
    for (const id of ancestorsOfAll(tree, results)) if (!closed?.has(id)) merged.add(id);
    return merged;
  }, [tree, expanded, searching, results, closed]);
  const rows = useMemo(() => (searching && results.length === 0 ? [] : visibleRows(tree, open)), [tree, open, searching, results]);
  const { viewportRef, first, last, totalHeight, onScroll, scrollToRow } = useTreeWindow(rows.length);

  // A new model starts with its roots open; a new tree object for the same model (visibility
  // changes) keeps what the user opened.
  useEffect(() => setExpanded(new Set(rootsKey === '' ? [] : rootsKey.split('\u0000'))), [rootsKey]);

  // A selection made elsewhere (canvas, search) opens its branch.
  useEffect(() => {
    if (selectedId === null || !tree.nodes[selectedId]) return;
    const path = ancestorsOf(tree, selectedId);
    setExpanded((current) => (path.every((id) => current.has(id)) ? current : new Set([...current, ...path])));
  }, [tree, selectedId]);

  // ...and brings its row into view once the rows include it.
  useEffect(() => {
    if (selectedId === null) return;
    const index = rows.findIndex((row) => row.id === selectedId);
    if (index >= 0) scrollToRow(index);
  }, [rows, selectedId, scrollToRow]);

  const toggle = (id: string) => {
    const opening = !open.has(id);
    setExpanded((current) => {
      const next = new Set(current);
      if (opening) next.add(id);
      else next.delete(id);
      return next;
    });
    if (searching) {
      const ids = new Set(closed ?? []);
      if (opening) ids.delete(id);
      else ids.add(id);
      setClosedInSearch({ key: searchKey, ids });
    }
  };

  const goToResult = () => {
    const target = nextResult(results, selectedId);
    if (target !== null) onSelect(target);
  };

  return (
    <section aria-label={LL.viewer.hierarchy()} className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle" />
        <input
          type="search"
          aria-label={LL.viewer.searchParts()}
          aria-describedby="hierarchy-search-hint hierarchy-search-status"
          placeholder={LL.viewer.searchParts()}
          value={searchText}
          onChange={(e) => onSearchTextChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              goToResult();
            }
          }}
          className={`${fieldClass} pl-10`}
          autoComplete="off"
        />
      </div>
      <p id="hierarchy-search-hint" className="text-xs text-fg-subtle">
        {LL.viewer.searchHint()}
      </p>
      <p id="hierarchy-search-status" aria-live="polite" className="text-sm text-fg-muted">
        {searching && (results.length === 0 ? LL.viewer.noResult() : LL.viewer.resultCount({ count: results.length }))}
      </p>
      <div ref={viewportRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto">
        <div role="tree" aria-label={LL.viewer.partTree()} className="relative" style={{ height: totalHeight }}>
          {rows.slice(first, last).map((row, offset) => {
            const node = tree.nodes[row.id];
            const isOpen = open.has(row.id);
            const isSelected = row.id === selectedId;
            const isMatch = resultSet.has(row.id);
            // A part found by its material says which (its name alone would not explain the match).
            const material = isMatch ? foundByMaterial(node, searchText) : null;
            return (
              <div
                key={row.id}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-selected={isSelected}
                aria-expanded={row.hasChildren ? isOpen : undefined}
                className={`absolute inset-x-0 flex items-center gap-1 rounded-md pr-1 ${isSelected ? 'bg-primary/20 text-fg' : 'hover:bg-surface-overlay'}`}
                style={{ top: (first + offset) * TREE_ROW_HEIGHT, height: TREE_ROW_HEIGHT, paddingLeft: row.depth * 16 }}
              >
                {row.hasChildren ? (
                  <button
                    type="button"
                    aria-label={isOpen ? LL.viewer.collapsePart({ name: node.name }) : LL.viewer.expandPart({ name: node.name })}
                    className="flex size-6 shrink-0 items-center justify-center rounded text-fg-muted hover:text-fg"
                    onClick={() => toggle(row.id)}
                  >
                    <ChevronRightIcon width={14} height={14} strokeLinecap="butt" strokeLinejoin="miter" className={isOpen ? 'rotate-90' : ''} />
                  </button>
                ) : (
                  <span className="size-6 shrink-0" />
                )}
                <button
                  type="button"
                  dir="auto"
                  className={`min-w-0 flex-1 truncate text-left text-sm ${isMatch ? 'font-bold text-primary' : ''} ${node.isVisible ? '' : 'opacity-50'}`}
                  title={material ? `${node.name} · ${material}` : node.name}
                  onClick={() => onSelect(row.id)}
                >
                  {node.name}
                  {material && <span className="font-normal text-fg-muted"> · {material}</span>}
                </button>
                {onToggleVisibility && (
                  <button
                    type="button"
                    aria-label={node.isVisible ? LL.viewer.hidePart({ name: node.name }) : LL.viewer.showPart({ name: node.name })}
                    aria-pressed={!node.isVisible}
                    className="flex size-6 shrink-0 items-center justify-center rounded text-fg-muted hover:text-fg"
                    onClick={() => onToggleVisibility(row.id, !node.isVisible)}
                  >
                    {node.isVisible ? <EyeIcon width={14} height={14} /> : <EyeOffIcon width={14} height={14} />}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
