/**
 * The content slots of a viewer screen: the comments and hyperlinks panels (with their counts),
 * the hierarchy panel (selection, visibility eyes, search kept in the URL hash) and the step
 * navigator of the `filter` parameters, read from the viewer machine's children.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { stripFilter } from '../../machines/viewer/load/filterParams';
import { searchTextFromHash } from '../../machines/viewer/tools/hierarchySearch';
import { selectModel } from '../../machines/viewer/viewerSelectors';
import type { PartTree } from '../../machines/viewer/viewerTypes';
import { CommentsPanel } from './panels/CommentsPanel';
import { HierarchyPanel } from './panels/HierarchyPanel';
import { HyperlinksPanel } from './panels/HyperlinksPanel';
import { FilterNoMatch } from './FilterNoMatch';
import { StepNavigator } from './StepNavigator';
import { ReviewMarkup, ReviewTabs, useReviewPins } from './review/ReviewViews';
import type { ToolsActor, ViewerActor } from './viewerActors';

/** The tree with each node's visibility as the engine last reported it. */
function withVisibility(tree: PartTree, hiddenIds: readonly string[]): PartTree {
  if (hiddenIds.length === 0) return tree;
  const hidden = new Set(hiddenIds);
  const nodes: PartTree['nodes'] = {};
  for (const [id, node] of Object.entries(tree.nodes)) nodes[id] = hidden.has(id) === !node.isVisible ? node : { ...node, isVisible: !hidden.has(id) };
  return { roots: tree.roots, nodes };
}

const hashSearch = () => searchTextFromHash(window.location.hash);

/** A click in the tree ends the URL's steps: `filter` leaves the address too. */
function stripFilterFromUrl() {
  const { pathname, search, hash } = window.location;
  if (new URLSearchParams(search).has('filter')) window.history.replaceState(window.history.state, '', `${pathname}${stripFilter(search)}${hash}`);
}

export function useViewerContent(viewer: ViewerActor, tools: ToolsActor, { isPublicLink, projectName }: { isPublicLink: boolean; projectName: string }) {
  const { comments, hyperlinks, notice, review } = useSelector(
    viewer,
    (s) => s.context,
    (a, b) => a.comments === b.comments && a.hyperlinks === b.hyperlinks && a.notice === b.notice && a.review === b.review,
  );
  const reviewPins = useReviewPins(review);
  const composingNote = useSelector(review ?? undefined, (s) => s?.matches({ ready: 'composing' }) ?? false);
  const commentCount = useSelector(comments ?? undefined, (s) => s?.context.comments.length ?? 0);
  const hyperlinkCount = useSelector(hyperlinks ?? undefined, (s) => s?.context.hyperlinks.length ?? 0);
  const model = useSelector(viewer, selectModel);
  const stepNames = useSelector(viewer, (s) => s.context.params.steps);
  const selectedId = useSelector(tools, (s) => s.context.selectedId);
  const hiddenIds = useSelector(tools, (s) => s.context.hiddenIds);
  const tree = useMemo(() => (model ? withVisibility(model.tree, hiddenIds) : null), [model, hiddenIds]);
  // The hierarchy search text lives in the URL hash (SPEC §2).
  const [searchText, setSearchText] = useState(hashSearch);
  const changeSearch = (text: string) => {
    setSearchText(text);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${text ? `#${encodeURIComponent(text)}` : ''}`);
  };
  return {
    commentCount,
    hyperlinkCount,
    commentsPanel: comments ? (
      review ? (
        <ReviewTabs actor={review} comments={<CommentsPanel actor={comments} isPublicLink={isPublicLink} projectName={projectName} />} />
      ) : (
        <CommentsPanel actor={comments} isPublicLink={isPublicLink} projectName={projectName} />
      )
    ) : undefined,
    canvasOverlay: review ? <ReviewMarkup actor={review} /> : undefined,
    reviewPins,
    composingNote,
    hyperlinksPanel: hyperlinks ? <HyperlinksPanel actor={hyperlinks} /> : undefined,
    stepNavigator: (
      <div className="flex flex-col items-center gap-2">
        <FilterNoMatch actor={notice} stepNames={stepNames} />
        <StepNavigator actor={notice} />
      </div>
    ),
    hierarchyPanel: tree ? (
      <HierarchyPanel
        tree={tree}
        selectedId={selectedId}
        onSelect={(id) => {
          stripFilterFromUrl();
          viewer.send({ type: 'viewer.treeSelect', partId: id });
        }}
        searchText={searchText}
        onSearchTextChange={changeSearch}
        onToggleVisibility={(id, isVisible) => tools.send({ type: 'tools.setVisible', ids: [id], isVisible })}
      />
    ) : undefined,
  };
}
